// Handler of `GET /coins/{mint}/rewards` (spec 2.5), shared by the HTTP route and the MCP tool: a holder-mode
// coin's pot, per-token totals (priced in US cents) and latest rounds, or a creator-mode coin's earnings, read from
// the rewards tables (projections/rewards/coin-rewards.ts) and kept while the coin's rows of them and the prices are
// unchanged.
import { COIN_REWARD_TABLES, readCoinRewards, type CoinRewards } from '../../projections/rewards/coin-rewards.js';
import { priceAt } from '../../projections/prices/queries.js';
import { PRICES_TABLE } from '../../projections/prices/table.js';
import { tokenTotalsOf } from '../../projections/rewards/token-totals.js';
import { coinRewardsResponse, type CoinRewardsQuery, type CoinRewardsResponse } from '../../schemas/api/rewards.js';
import type { ApiContext } from '../deps.js';
import { type Answer, answerKey, type Dependency } from './answer-cache.js';
import { boardRowOf } from './coins.js';
import { quotePricing } from './reward-usd.js';
import { creatorRewardsView, holderRewardsView, roundView } from './reward-views.js';

/** What a coin's rewards are read from: its rows of the reward tables, and every price. */
export function rewardSources(mint: string): Dependency[] {
  return [...COIN_REWARD_TABLES.filter((table) => table !== PRICES_TABLE).map((source) => ({ source, coin: mint })), { source: PRICES_TABLE }];
}

/** `GET /coins/{mint}/rewards`. */
export function getCoinRewards(ctx: ApiContext, mint: string, query: CoinRewardsQuery): Promise<Answer> {
  const { row } = boardRowOf(ctx, mint);
  const limit = row.mode === 'creator' ? 0 : query.limit;
  return ctx.answers.get(answerKey('coin-rewards', { mint, limit }), { on: rewardSources(mint) }, coinRewardsResponse, async () =>
    rewardsView(ctx, (await readCoinRewards(ctx.olap, [mint])).get(mint)!, limit),
  );
}

async function rewardsView(ctx: ApiContext, { coin, creator, rounds, pot, payouts, paidByToken }: CoinRewards, limit: number): Promise<CoinRewardsResponse> {
  if (coin.mode === 'creator') return creatorRewardsView(coin, creator);
  const pricing = quotePricing(coin.quoteMint, ctx.config.mints.stablecoin);
  const quoteNow = pricing.kind === 'sol' ? await priceAt(ctx.olap, 'SOL') : pricing.kind === 'fixed' ? pricing.microUsd : null;
  const latest = rounds.slice(0, limit).map(({ solMicroUsd: _, ...round }) => roundView(round, payouts.get(round.round)));
  return holderRewardsView(coin, pot, tokenTotalsOf(rounds, paidByToken, pricing), quoteNow, latest);
}
