// Handler of `GET /coins/{mint}/rewards` (spec 2.5), shared by the HTTP route and the MCP tool: a holder-mode
// coin's pot, per-token totals (priced in US cents) and latest rounds, or a creator-mode coin's earnings. Made from
// the coin's rewards as read per coin (projections/rewards/coin-rewards.ts), the same response object again while
// those are the same.
import { coinRewards, type CoinRewards } from '../../projections/rewards/coin-rewards.js';
import { priceAt } from '../../projections/prices/queries.js';
import { serialOf } from '../../projections/read-path.js';
import { tokenTotalsOf } from '../../projections/rewards/token-totals.js';
import type { CoinRewardsQuery, CoinRewardsResponse } from '../../schemas/api/rewards.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { quotePricing } from './reward-usd.js';
import { creatorRewardsView, holderRewardsView, roundView } from './reward-views.js';

/** `GET /coins/{mint}/rewards`. */
export async function getCoinRewards(ctx: ApiContext, mint: string, query: CoinRewardsQuery): Promise<CoinRewardsResponse> {
  const rewards = await coinRewards(ctx.reads, mint);
  if (rewards === null) throw new NotFoundError(`no coin ${mint} on this network`);
  const limit = rewards.coin.mode === 'creator' ? 0 : query.limit;
  return ctx.reads.answer(`coin-rewards-view\n${mint}|${limit}`, { tables: [], variant: String(serialOf(rewards)) }, () => rewardsView(ctx, rewards, limit));
}

async function rewardsView(ctx: ApiContext, { coin, creator, rounds, pot, payouts, paidByToken }: CoinRewards, limit: number): Promise<CoinRewardsResponse> {
  if (coin.mode === 'creator') return creatorRewardsView(coin, creator);
  const pricing = quotePricing(coin.quoteMint, ctx.config.mints.stablecoin);
  const quoteNow = pricing.kind === 'sol' ? await priceAt(ctx.reads, 'SOL') : pricing.kind === 'fixed' ? pricing.microUsd : null;
  const latest = rounds.slice(0, limit).map(({ solMicroUsd: _, ...round }) => roundView(round, payouts.get(round.round)));
  return holderRewardsView(coin, pot, tokenTotalsOf(rounds, paidByToken, pricing), quoteNow, latest);
}
