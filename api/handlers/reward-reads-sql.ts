// The rewards routes answered from statements (the per-coin and per-wallet queries of projections/rewards and
// projections/creators, each answer kept while its tables are unchanged): what the routes answer where the read
// path follows no change feed, and the reference the resident model's answers are checked against.
import { creatorTotals, recentSends } from '../../projections/creators/queries.js';
import { owedAfterLatestRound } from '../../projections/rewards/owed.js';
import {
  coinsLaunchedBy,
  lastRoundNumbers,
  latestRounds,
  payoutsOfRounds,
  potTotals,
  rewardCoins,
  type RewardCoin,
} from '../../projections/rewards/queries.js';
import { tokenTotals } from '../../projections/rewards/token-totals.js';
import { walletPayouts, walletRoundCoins } from '../../projections/rewards/wallet-queries.js';
import { RECENT_SENDS, type CreatorResponse } from '../../schemas/api/creators.js';
import type { CoinRewardsResponse } from '../../schemas/api/rewards.js';
import type { WalletRewardsQuery, WalletRewardsResponse } from '../../schemas/api/wallet-rewards.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { creatorRewardsView, creatorView, holderRewardsView, roundView, walletRewardsView } from './reward-views.js';
import { latestQuotePrice, quotePricing } from './reward-usd.js';
import { serviceWalletList } from '../../schemas/config.js';

/** The coin, or a 404 when it is not one of ours on this network. */
export async function rewardCoinFromStore(ctx: ApiContext, mint: string): Promise<RewardCoin> {
  const coin = (await rewardCoins(ctx.reads, [mint])).get(mint);
  if (coin === undefined) throw new NotFoundError(`no coin ${mint} on this network`);
  return coin;
}

/** `GET /coins/{mint}/rewards` from statements. */
export async function coinRewardsFromStore(ctx: ApiContext, mint: string, limit: number): Promise<CoinRewardsResponse> {
  const coin = await rewardCoinFromStore(ctx, mint);
  if (coin.mode === 'creator') return creatorRewardsView(coin, (await creatorTotals(ctx.reads, [mint])).get(mint)!);
  const pricing = quotePricing(coin.quoteMint, ctx.config.mints.stablecoin);
  const pot = (await potTotals(ctx.reads, [coin.mint])).get(coin.mint)!;
  const totals = await tokenTotals(ctx.reads, coin.mint, pricing);
  const quoteNow = await latestQuotePrice(ctx.reads, pricing);
  const rounds = await latestRounds(ctx.reads, coin.mint, limit);
  const payouts = await payoutsOfRounds(
    ctx.reads,
    coin.mint,
    rounds.map((round) => round.round),
  );
  return holderRewardsView(
    coin,
    pot,
    totals,
    quoteNow,
    rounds.map((round) => roundView(round, payouts.get(round.round))),
  );
}

/** `GET /wallets/{wallet}/rewards` from statements. */
export async function walletRewardsFromStore(ctx: ApiContext, wallet: string, query: WalletRewardsQuery): Promise<WalletRewardsResponse> {
  const coin = query.coin ?? null;
  if (coin !== null) await rewardCoinFromStore(ctx, coin);
  const paid = await walletPayouts(ctx.reads, wallet, coin, query.limit);
  const candidates = await walletRoundCoins(ctx.reads, wallet, coin);
  const coins = await rewardCoins(ctx.reads, candidates);
  const lastRounds = await lastRoundNumbers(ctx.reads, candidates);
  const service = serviceWalletList(ctx.config.wallets);
  const owed: { coin: string; token: string; amount: bigint; round: number }[] = [];
  for (const mint of candidates) {
    const facts = coins.get(mint);
    if (facts === undefined || facts.mode !== 'holder') continue;
    const state = await owedAfterLatestRound(
      ctx.reads,
      { mint, quoteMint: facts.quoteMint, excluded: new Set([...facts.venues, ...service]) },
      lastRounds.get(mint),
    );
    const amount = state.owed.get(wallet);
    if (amount !== undefined && amount > 0n) owed.push({ coin: mint, token: facts.quoteMint, amount, round: state.round });
    if (owed.length >= query.limit) break;
  }
  return walletRewardsView(wallet, paid, owed);
}

/** `GET /creators/{wallet}` from statements. */
export async function creatorFromStore(ctx: ApiContext, wallet: string): Promise<CreatorResponse> {
  const coins = await coinsLaunchedBy(ctx.reads, wallet);
  const creatorMints = coins.filter((coin) => coin.mode === 'creator').map((coin) => coin.mint);
  const holderMints = coins.filter((coin) => coin.mode === 'holder').map((coin) => coin.mint);
  const earnings = await creatorTotals(ctx.reads, creatorMints);
  const pots = await potTotals(ctx.reads, holderMints);
  const sends = await recentSends(ctx.reads, creatorMints, RECENT_SENDS);
  return creatorView(
    wallet,
    coins,
    (mint) => earnings.get(mint),
    (mint) => pots.get(mint),
    sends,
  );
}
