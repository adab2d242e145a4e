// Handler of `GET /wallets/{wallet}/rewards` (spec 2.9), shared by the HTTP route and the MCP tool: the payouts
// the wallet received, newest first, and what it is owed on each coin after that coin's latest round
// (derived by the projections with the keeper's rule, projections/rewards/owed-projector.ts). Answered from the
// resident rewards model (projections/rewards/reward-model.ts: every payout by wallet, every coin's owed shares),
// the same response object again while the wallet's payouts and owed shares are unchanged.
import { rewardModel } from '../../projections/rewards/reward-model.js';
import type { WalletRewardsQuery, WalletRewardsResponse } from '../../schemas/api/wallet-rewards.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { walletRewardsView } from './reward-views.js';

/** `GET /wallets/{wallet}/rewards`. */
export async function getWalletRewards(ctx: ApiContext, wallet: string, query: WalletRewardsQuery): Promise<WalletRewardsResponse> {
  const model = rewardModel(ctx.reads);
  await model.current();
  const coin = query.coin ?? null;
  if (coin !== null && !model.facts.has(coin)) throw new NotFoundError(`no coin ${coin} on this network`);
  const stamp = Math.max(model.payouts.walletStamp(wallet), model.owed.walletStamp(wallet));
  return ctx.reads.answer(`wallet-rewards\n${wallet}|${coin ?? ''}|${query.limit}`, { tables: [], variant: String(stamp) }, async () =>
    walletRewardsView(
      wallet,
      model.payouts.walletPayouts(wallet, coin, query.limit),
      model.owed.walletOwed(wallet, coin, query.limit).map((entry) => ({ coin: entry.mint, token: entry.token, amount: entry.amount, round: entry.round })),
    ),
  );
}
