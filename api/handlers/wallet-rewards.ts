// Handler of `GET /wallets/{wallet}/rewards` (spec 2.9), shared by the HTTP route and the MCP tool: the payouts the
// wallet received, newest first, and what it is owed on each coin after that coin's latest round (derived by the
// projections with the keeper's rule, projections/rewards/owed-projector.ts). A wallet may be paid by any coin, so
// its answer is kept while no payout or owed share is written (of the one coin asked about, when named).
import { WALLET_OWED_TABLE, WALLET_PAYOUTS_TABLE } from '../../projections/rewards/table.js';
import { walletOwed, walletPayouts } from '../../projections/rewards/wallet-queries.js';
import { walletRewardsResponse, type WalletRewardsQuery } from '../../schemas/api/wallet-rewards.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { type Answer, answerKey } from './answer-cache.js';
import { walletRewardsView } from './reward-views.js';

export function getWalletRewards(ctx: ApiContext, wallet: string, query: WalletRewardsQuery): Promise<Answer> {
  const coin = query.coin ?? null;
  if (coin !== null && !ctx.views.board.has(coin)) throw new NotFoundError(`no coin ${coin} on this network`);
  const on = [WALLET_PAYOUTS_TABLE, WALLET_OWED_TABLE].map((source) => (coin === null ? { source } : { source, coin }));
  return ctx.answers.get(answerKey('wallet-rewards', { wallet, ...query }), { on }, walletRewardsResponse, async () => {
    const [paid, owed] = await Promise.all([walletPayouts(ctx.olap, wallet, coin, query.limit), walletOwed(ctx.olap, wallet, coin, query.limit)]);
    return walletRewardsView(wallet, paid, owed);
  });
}
