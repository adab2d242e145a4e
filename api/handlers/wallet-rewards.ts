// Handler of `GET /wallets/{wallet}/rewards` (spec 2.9), shared by the HTTP route and the MCP tool: the payouts
// the wallet received, newest first, and what it is owed on each coin after that coin's latest round
// (recomputed with the keeper's rule, projections/rewards/owed.ts).
import { owedAfterLatestRound } from '../../projections/rewards/owed.js';
import { lastRoundNumbers, rewardCoins } from '../../projections/rewards/queries.js';
import { walletPayouts, walletRoundCoins } from '../../projections/rewards/wallet-queries.js';
import type { WalletRewardsQuery, WalletRewardsResponse } from '../../schemas/api/wallet-rewards.js';
import type { ApiContext } from '../deps.js';
import { requireRewardCoin } from './rewards.js';

/** `GET /wallets/{wallet}/rewards`. */
export async function getWalletRewards(ctx: ApiContext, wallet: string, query: WalletRewardsQuery): Promise<WalletRewardsResponse> {
  const { olap } = ctx;
  const coin = query.coin ?? null;
  if (coin !== null) await requireRewardCoin(ctx, coin);
  const paid = await walletPayouts(olap, wallet, coin, query.limit);

  const candidates = await walletRoundCoins(olap, wallet, coin);
  const coins = await rewardCoins(olap, candidates);
  const lastRounds = await lastRoundNumbers(olap, candidates);
  const service = Object.values(ctx.config.wallets) as string[];
  const owed: WalletRewardsResponse['owed'] = [];
  for (const mint of candidates) {
    const facts = coins.get(mint);
    if (facts === undefined || facts.mode !== 'holder') continue;
    const state = await owedAfterLatestRound(
      olap,
      { mint, quoteMint: facts.quoteMint, excluded: new Set([...facts.venues, ...service]) },
      lastRounds.get(mint),
    );
    const amount = state.owed.get(wallet);
    if (amount !== undefined && amount > 0n) owed.push({ coin: mint, token: facts.quoteMint, amount: amount.toString(), round: state.round });
    if (owed.length >= query.limit) break;
  }

  return {
    wallet,
    paid: paid.map((row) => ({ ...row, time: new Date(row.time * 1000).toISOString() })),
    owed,
  };
}
