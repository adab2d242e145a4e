// Handlers of the rewards reads (spec 2.5, 2.9, 2.10), shared by the HTTP routes and the MCP tools, read from the
// rewards tables (projections/rewards/queries.ts). Raw quote amounts become whole US cents, rounded down, with
// bigint arithmetic only. Rows are spread into answers as they are read: the response schema leaves out what a row
// carries beyond its answer (answer-cache.ts).
import { type CreatorTotals, recentCreatorSends } from '../../projections/creators/queries.js';
import { COINS_TABLE } from '../../projections/coins/table.js';
import { COIN_REWARD_TABLES, coinsOfCreator, readCoinRewards, type CoinRewards, walletOwed, walletPayouts } from '../../projections/rewards/queries.js';
import { priceAt } from '../../projections/prices/queries.js';
import { PRICES_TABLE } from '../../projections/prices/table.js';
import { WALLET_OWED_TABLE, WALLET_PAYOUTS_TABLE } from '../../projections/rewards/table.js';
import { tokenTotalsOf, type TokenTotals } from '../../projections/rewards/token-totals.js';
import { creatorResponse } from '../../schemas/api/creators.js';
import { isoFromSeconds } from '../../schemas/api/fields.js';
import { coinRewardsResponse, type CoinRewardsQuery, type CoinRewardsResponse } from '../../schemas/api/rewards.js';
import { walletRewardsResponse, type WalletRewardsQuery } from '../../schemas/api/wallet-rewards.js';
import type { ApiContext } from '../deps.js';
import { type Answer, answerKey, type Dependency } from './answer-cache.js';
import { pairKind, requireCoin } from './coins.js';

const ONE_DOLLAR_MICRO_USD = 1_000_000n;
const MICRO_USD_PER_CENT = 10_000n;

/** Cents of `microUsdTimesRaw` (raw quote units times micro-USD per whole unit), for a quote with `decimals`. */
const centsOf = (microUsdTimesRaw: bigint, decimals: number) => microUsdTimesRaw / (10n ** BigInt(decimals) * MICRO_USD_PER_CENT);

/** `paid` raw units of `token` worth `last.cost` quote units per `last.bought` raw units, at the quote's price
 * `microUsd`, in cents; the quote token itself is worth one quote unit per unit. Null without a price. */
function centsNow({ token, paid, last }: TokenTotals, coin: CoinRewards['coin'], microUsd: bigint | null): bigint | null {
  if (microUsd === null) return null;
  if (token === coin.quoteMint) return centsOf(paid * microUsd, coin.quoteDecimals);
  if (last.bought === 0n) return null;
  return centsOf((paid * last.cost * microUsd) / last.bought, coin.quoteDecimals);
}

const quoteOf = (coin: CoinRewards['coin']) => ({ mint: coin.quoteMint, decimals: coin.quoteDecimals });

/** A creator-mode coin's earnings. */
const earningsView = ({ earned, sent }: CreatorTotals) => ({
  earned: earned.toString(),
  sent: sent.toString(),
  waiting: (earned > sent ? earned - sent : 0n).toString(),
});

/** A holder-mode coin's pot. */
const potView = ({ takenIn, spent }: CoinRewards['pot']) => ({
  holds: (takenIn > spent ? takenIn - spent : 0n).toString(),
  takenIn: takenIn.toString(),
  spent: spent.toString(),
});

/** What a coin's rewards are read from: its rows of the tables readCoinRewards reads by coin, and every price. */
function rewardSources(mint: string): Dependency[] {
  return [...COIN_REWARD_TABLES.map((source) => ({ source, coin: mint })), { source: PRICES_TABLE }];
}

/** `GET /coins/{mint}/rewards`: a holder-mode coin's pot, per-token totals (priced in US cents) and latest rounds, or
 * a creator-mode coin's earnings, kept while the coin's rows of the reward tables and the prices are unchanged. */
export function getCoinRewards(ctx: ApiContext, mint: string, query: CoinRewardsQuery): Promise<Answer> {
  requireCoin(ctx, mint);
  const limit = ctx.views.board.launchOf(mint)!.mode === 'creator' ? 0 : query.limit;
  return ctx.answers.get(answerKey('coin-rewards', { mint, limit }), { on: rewardSources(mint) }, coinRewardsResponse, async () =>
    rewardsView(ctx, (await readCoinRewards(ctx.olap, [mint])).get(mint)!, limit),
  );
}

async function rewardsView(ctx: ApiContext, { coin, creator, rounds, pot, payouts, paidByToken }: CoinRewards, limit: number): Promise<CoinRewardsResponse> {
  if (coin.mode === 'creator') return { mint: coin.mint, quote: quoteOf(coin), mode: 'creator', creator: earningsView(creator) };
  // The quote token's US dollar price by what it pairs as (pairKind), given SOL's: SOL's own (from the feed: now, or in
  // force at a round's block time), one dollar for the stablecoin, none for any other token.
  const kind = pairKind(coin.quoteMint, ctx.config.mints.stablecoin);
  const quotePrice = (solMicroUsd: bigint | null) => (kind === 'sol' ? solMicroUsd : kind === 'stablecoin' ? ONE_DOLLAR_MICRO_USD : null);
  const quoteNow = quotePrice(kind === 'sol' ? await priceAt(ctx.olap, 'SOL') : null);
  return {
    mint: coin.mint,
    quote: quoteOf(coin),
    mode: 'holder',
    pot: potView(pot),
    paidByToken: tokenTotalsOf(rounds, paidByToken, (round) => quotePrice(round.solMicroUsd)).map((token) => ({
      ...token,
      paid: token.paid.toString(),
      cost: token.cost.toString(),
      usdCentsAtPayout: centsOf(token.costMicroUsd, coin.quoteDecimals).toString(),
      usdCentsNow: centsNow(token, coin, quoteNow)?.toString() ?? null,
    })),
    // Each round with what its payouts sent.
    rounds: rounds.slice(0, limit).map((round) => {
      const paid = payouts.get(round.round);
      return {
        ...round,
        time: isoFromSeconds(round.time),
        tokens: round.tokens.map((token) => ({ ...token, paid: (paid?.paid.get(token.mint) ?? 0n).toString() })),
        payouts: {
          holdersPaid: paid?.wallets ?? 0,
          signatures: paid?.signatures ?? [],
          lastAt: paid === undefined ? null : isoFromSeconds(paid.lastAt),
        },
      };
    }),
  };
}

/** `GET /wallets/{wallet}/rewards`: the payouts the wallet received, newest first, and what it is owed on each coin
 * after that coin's latest round (derived by the projections with the keeper's rule, projections/rewards/owed-projector.ts).
 * A wallet may be paid by any coin, so its answer is kept while no payout or owed share is written (of the one coin
 * asked about, when named). */
export function getWalletRewards(ctx: ApiContext, wallet: string, query: WalletRewardsQuery): Promise<Answer> {
  const coin = query.coin ?? null;
  if (coin !== null) requireCoin(ctx, coin);
  const on = [WALLET_PAYOUTS_TABLE, WALLET_OWED_TABLE].map((source) => (coin === null ? { source } : { source, coin }));
  return ctx.answers.get(answerKey('wallet-rewards', { wallet, ...query }), { on }, walletRewardsResponse, async () => {
    const [paid, owed] = await Promise.all([walletPayouts(ctx.olap, wallet, coin, query.limit), walletOwed(ctx.olap, wallet, coin, query.limit)]);
    return { wallet, paid: paid.map((row) => ({ ...row, time: isoFromSeconds(row.time) })), owed };
  });
}

/** `GET /creators/{wallet}`: the coins the wallet launched (newest first) with what each earned (creator mode: earned,
 * sent, waiting; holder mode: its pot and rounds) and the latest payments of those coins' creator earnings, kept while
 * the creator's coins and their rewards are unchanged. A wallet that launched nothing is answered with empty lists:
 * any address is a valid wallet, and "launched nothing yet" is an answer, not an unknown resource. */
export async function getCreator(ctx: ApiContext, wallet: string): Promise<Answer> {
  const on = [{ source: COINS_TABLE }, ...ctx.views.board.creatorCoins(wallet).flatMap(rewardSources)];
  return ctx.answers.get(answerKey('creator', { wallet }), { on }, creatorResponse, async () => {
    const mintsNow = await coinsOfCreator(ctx.olap, wallet);
    const rewards = await readCoinRewards(ctx.olap, mintsNow);
    const coins = mintsNow.flatMap((mint) => rewards.get(mint) ?? []);
    const creatorModeMints = coins.flatMap(({ coin }) => (coin.mode === 'creator' ? [coin.mint] : []));
    const sends = await recentCreatorSends(ctx.olap, creatorModeMints);
    return {
      wallet,
      coins: coins.map(({ coin, creator, pot, rounds }) => ({
        ...coin,
        user: { name: coin.name, symbol: coin.symbol },
        createdAt: isoFromSeconds(coin.createdAt),
        quote: quoteOf(coin),
        creator: coin.mode === 'creator' ? earningsView(creator) : null,
        pot: coin.mode === 'holder' ? potView(pot) : null,
        roundCount: coin.mode === 'holder' ? rounds.length : null,
      })),
      recentSends: sends.map((send) => ({ ...send, time: isoFromSeconds(send.seconds) })),
    };
  });
}
