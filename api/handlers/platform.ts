// Handlers of the platform routes: stats (totals and the last 30 days of revenue, measured from the context's
// clock), fund balances, and one UTC day of platform-token burns in display units (exact decimals from bigints,
// rounded down); each kept while the tables it reads are unchanged.
import type { Address } from '@solana/kit';
import { burnDay } from '../../projections/burns/queries.js';
import { PLATFORM_BURNS_TABLE } from '../../projections/burns/table.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../../projections/coins/table.js';
import { CREATOR_SENDS_TABLE } from '../../projections/creators/table.js';
import { type DayPrices, fundBalancesAt, platformTotals, type RevenueDay, revenueByDay, solPricesByDay } from '../../projections/platform/queries.js';
import { valuingMints } from '../../projections/prices/sol-value.js';
import { FUND_BALANCES_TABLE, PLATFORM_REVENUE_TABLE } from '../../projections/platform/table.js';
import { priceAt } from '../../projections/prices/queries.js';
import { PRICES_TABLE } from '../../projections/prices/table.js';
import { REWARD_ROUNDS_TABLE } from '../../projections/rewards/table.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { isoFromSeconds } from '../../schemas/api/fields.js';
import {
  FLYWHEEL_REMOVED_ON,
  platformBurnsResponse,
  platformFundsResponse,
  platformStatsResponse,
  REVENUE_DAYS,
  type PlatformBurnsQuery,
  type PlatformFundsResponse,
  type RevenueDayItem,
} from '../../schemas/api/platform.js';
import { formatQuotient } from '../decimal.js';
import type { ApiContext } from '../deps.js';
import { BadRequestError } from '../errors.js';
import { utcDay } from '../launch/sponsorship.js';
import { type Answer, answerKey } from './answer-cache.js';

const DAY_MS = 86_400_000;
const SOL_DECIMALS = 9;
const LAMPORTS_PER_SOL = 10n ** BigInt(SOL_DECIMALS);
const MICRO_USD_PER_CENT = 10_000n;
const MICRO_USD_PER_DOLLAR = 1_000_000n;
const PERCENT_PLACES = 6;
const USD_PLACES = 2;

/** The UTC day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** The last millisecond before `day` starts. */
const justBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 1);

/** The first day `revenueDaily` needs prices from: the window's first day, or the first revenue day if earlier. */
export function firstDayNeeded(today: string, revenue: readonly RevenueDay[]): string {
  const windowStart = addDays(today, -(REVENUE_DAYS - 1));
  const first = revenue[0]?.day;
  return first !== undefined && first < windowStart ? first : windowStart;
}

interface RevenueDailyInputs {
  today: string;
  /** Revenue of each day up to `today` that has any, oldest first. */
  revenue: readonly RevenueDay[];
  /** Price figures of each priced day from firstDayNeeded() to `today`. */
  prices: ReadonlyMap<string, DayPrices>;
  /** The last price posted before firstDayNeeded(); null when none. */
  priceBefore: bigint | null;
}

/** The stats' `revenueDaily`: the cumulative figure counts every priced day from the first revenue on, so days are
 * valued from there, and shown from the window's start. Prices carry forward, so the days without one are exactly
 * those before the first price ever posted: their revenue has no dollar value and stays out of every dollar figure. */
export function revenueDaily({ today, revenue, prices, priceBefore }: RevenueDailyInputs): RevenueDayItem[] {
  const byDay = new Map(revenue.map((day) => [day.day, day]));
  const windowStart = addDays(today, -(REVENUE_DAYS - 1));
  const out: RevenueDayItem[] = [];
  let lastPrice = priceBefore;
  let cumulative = 0n;
  for (let day = firstDayNeeded(today, revenue); day <= today; day = addDays(day, 1)) {
    const posted = prices.get(day);
    const price = posted?.average ?? lastPrice;
    if (posted !== undefined) lastPrice = posted.last;
    const { feeShareLamports = 0n, swapReferralLamports = 0n, apiMicroUsd = 0n } = byDay.get(day) ?? {};
    const lamports = feeShareLamports + swapReferralLamports;
    const cents = price === null ? null : (lamports * price + apiMicroUsd * LAMPORTS_PER_SOL) / (LAMPORTS_PER_SOL * MICRO_USD_PER_CENT);
    if (cents !== null) cumulative += cents;
    if (day < windowStart) continue;
    out.push({
      date: day,
      feeShareLamports: feeShareLamports.toString(),
      swapReferralLamports: swapReferralLamports.toString(),
      apiMicroUsd: apiMicroUsd.toString(),
      solMicroUsd: price?.toString() ?? null,
      usdCents: cents?.toString() ?? null,
      cumulativeUsdCents: cents === null ? null : cumulative.toString(),
    });
  }
  return out;
}

/** Every table the stats read: the answer is kept while none of them changes (and the day stays the same). */
const STATS_TABLES = [COINS_TABLE, COIN_GRADUATIONS_TABLE, TRADES_TABLE, PRICES_TABLE, PLATFORM_REVENUE_TABLE, REWARD_ROUNDS_TABLE, CREATOR_SENDS_TABLE];

const everyCoinOf = (tables: readonly string[]) => ({ on: tables.map((source) => ({ source })) });

/** `GET /platform/stats`. */
export function getPlatformStats(ctx: ApiContext): Promise<Answer> {
  const today = utcDay(ctx.now().getTime());
  return ctx.answers.get(answerKey('platform-stats', { today }), everyCoinOf(STATS_TABLES), platformStatsResponse, async () => {
    const mints = valuingMints(ctx.config.mints.stablecoin);
    const [totals, revenue] = await Promise.all([platformTotals(ctx.olap, mints), revenueByDay(ctx.olap, today, mints)]);
    const from = firstDayNeeded(today, revenue);
    const [prices, priceBefore] = await Promise.all([solPricesByDay(ctx.olap, from, today), priceAt(ctx.olap, 'SOL', justBefore(from))]);
    return {
      ...totals,
      volumeLamports: totals.volumeLamports.toString(),
      revenueDaily: revenueDaily({ today, revenue, prices, priceBefore }),
    };
  });
}

/** `GET /platform/funds`: each fund's latest balance on chain; the flywheel's until it is emptied. */
export function getPlatformFunds(ctx: ApiContext): Promise<Answer> {
  return ctx.answers.get(answerKey('platform-funds'), everyCoinOf([FUND_BALANCES_TABLE]), platformFundsResponse, async (): Promise<PlatformFundsResponse> => {
    const balances = await fundBalancesAt(ctx.olap);
    const { burnFund, aiFund, treasury, flywheelFund } = ctx.config.wallets;
    const fund = (wallet: Address) => {
      const balance = balances.get(wallet);
      return {
        wallet,
        lamports: balance?.lamports.toString() ?? null,
        slot: balance?.slot ?? null,
        asOf: balance === undefined ? null : isoFromSeconds(balance.time),
      };
    };
    return {
      burnFund: fund(burnFund),
      aiFund: fund(aiFund),
      platformShare: fund(treasury),
      flywheelLeftover: balances.get(flywheelFund)?.lamports === 0n ? null : { ...fund(flywheelFund), removedOn: FLYWHEEL_REMOVED_ON },
    };
  });
}

/** Tables the burns read: the answer for a day is kept while none of them changes (and today stays today). */
const BURNS_TABLES = [PLATFORM_BURNS_TABLE, PRICES_TABLE, FUND_BALANCES_TABLE];

/** `GET /platform/burns`: a day after today (UTC, by the context's clock) is refused. The day's cost is valued at
 * the latest SOL price posted; the burn fund is its balance at the end of the day, or its latest for today. */
export function getPlatformBurns(ctx: ApiContext, query: PlatformBurnsQuery): Promise<Answer> {
  const today = utcDay(ctx.now().getTime());
  const day = query.date ?? today;
  if (day > today) throw new BadRequestError(`date ${day} is after today (${today}, UTC)`);
  return ctx.answers.get(answerKey('platform-burns', { day, today }), everyCoinOf(BURNS_TABLES), platformBurnsResponse, () => computeBurns(ctx, day, today));
}

async function computeBurns(ctx: ApiContext, day: string, today: string) {
  const burnFund = ctx.config.wallets.burnFund;
  const [burns, solPrice, fund] = await Promise.all([
    burnDay(ctx.olap, ctx.config.mints.platformToken, day),
    priceAt(ctx.olap, 'SOL'),
    fundBalancesAt(ctx.olap, day === today ? null : justBefore(addDays(day, 1))).then((funds) => funds.get(burnFund) ?? null),
  ]);
  const { decimals, originalSupplyRaw } = ctx.config.platformToken;
  const tokens = (raw: bigint) => formatQuotient(raw, 10n ** BigInt(decimals), decimals);
  return {
    date: day,
    burned_today: tokens(burns.burnedRaw),
    burned_today_usd: solPrice === null ? null : formatQuotient(burns.solCostLamports * solPrice, LAMPORTS_PER_SOL * MICRO_USD_PER_DOLLAR, USD_PLACES),
    burned_total: tokens(burns.burnedTotalRaw),
    original_supply: tokens(originalSupplyRaw),
    burned_pct_of_supply: formatQuotient(burns.burnedTotalRaw * 100n, originalSupplyRaw, PERCENT_PLACES),
    burn_count: burns.count,
    last_burn_tx: burns.lastSignature,
    burn_fund_sol: fund === null ? null : formatQuotient(fund.lamports, LAMPORTS_PER_SOL, SOL_DECIMALS),
  };
}
