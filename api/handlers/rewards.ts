// Handler of `GET /coins/{mint}/rewards` (spec 2.5), shared by the HTTP route and the MCP tool: a holder-mode
// coin's pot, per-token totals (priced in US cents) and latest rounds, or a creator-mode coin's earnings.
import { creatorTotals } from '../../projections/creators/queries.js';
import { latestRounds, payoutsOfRounds, potTotals, rewardCoins, type RewardCoin } from '../../projections/rewards/queries.js';
import { tokenTotals } from '../../projections/rewards/token-totals.js';
import type { CoinRewardsQuery, CoinRewardsResponse, HolderRewards, RoundView } from '../../schemas/api/rewards.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { centsNow, centsOf, latestQuotePrice, quotePricing } from './reward-usd.js';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The coin, or a 404 when it is not one of ours on this network. */
export async function requireRewardCoin(ctx: ApiContext, mint: string): Promise<RewardCoin> {
  const coin = (await rewardCoins(ctx.olap, [mint])).get(mint);
  if (coin === undefined) throw new NotFoundError(`no coin ${mint} on this network`);
  return coin;
}

/** `GET /coins/{mint}/rewards`. */
export async function getCoinRewards(ctx: ApiContext, mint: string, query: CoinRewardsQuery): Promise<CoinRewardsResponse> {
  const coin = await requireRewardCoin(ctx, mint);
  const quote = { mint: coin.quoteMint, decimals: coin.quoteDecimals };
  if (coin.mode === 'creator') {
    const totals = (await creatorTotals(ctx.olap, [mint])).get(mint)!;
    const waiting = totals.earned > totals.sent ? totals.earned - totals.sent : 0n;
    return {
      mint,
      quote,
      mode: 'creator',
      creator: { earned: totals.earned.toString(), sent: totals.sent.toString(), waiting: waiting.toString() },
    };
  }
  return holderRewards(ctx, coin, query.limit);
}

async function holderRewards(ctx: ApiContext, coin: RewardCoin, limit: number): Promise<HolderRewards> {
  const { olap } = ctx;
  const pricing = quotePricing(coin.quoteMint, ctx.config.mints.stablecoin);
  const pot = (await potTotals(olap, [coin.mint])).get(coin.mint)!;
  const totals = await tokenTotals(olap, coin.mint, pricing);
  const quoteNow = await latestQuotePrice(olap, pricing);
  const rounds = await latestRounds(olap, coin.mint, limit);
  const payouts = await payoutsOfRounds(olap, coin.mint, rounds.map((round) => round.round));
  const quote = { mint: coin.quoteMint, decimals: coin.quoteDecimals };
  return {
    mint: coin.mint,
    quote,
    mode: 'holder',
    pot: {
      holds: (pot.takenIn > pot.spent ? pot.takenIn - pot.spent : 0n).toString(),
      takenIn: pot.takenIn.toString(),
      spent: pot.spent.toString(),
    },
    paidByToken: totals.map((token) => {
      const now = centsNow(token.token, token.paid, token.last, { ...quote, microUsd: quoteNow });
      return {
        token: token.token,
        paid: token.paid.toString(),
        cost: token.cost.toString(),
        usdCentsAtPayout: centsOf(token.costMicroUsd, coin.quoteDecimals).toString(),
        unpricedRounds: token.unpricedRounds,
        usdCentsNow: now === null ? null : now.toString(),
      };
    }),
    rounds: rounds.map((round): RoundView => {
      const paid = payouts.get(round.round);
      return {
        round: round.round,
        signature: round.signature,
        time: iso(round.time),
        snapshotSlot: round.snapshotSlot,
        baselineSlot: round.baselineSlot,
        holdersCounted: round.holdersCounted,
        potSpent: round.potSpent.toString(),
        paidIn: round.paidIn,
        tokens: round.tokens.map((token) => ({
          mint: token.mint,
          bought: token.bought.toString(),
          cost: token.cost.toString(),
          paid: (paid?.paid.get(token.mint) ?? 0n).toString(),
        })),
        payouts: {
          holdersPaid: paid?.wallets ?? 0,
          signatures: paid?.signatures ?? [],
          lastAt: paid?.lastAt === null || paid?.lastAt === undefined ? null : iso(paid.lastAt),
        },
      };
    }),
  };
}
