// The `revenueDaily` of the platform stats, from revenue per UTC day and SOL prices per day (pure, bigint):
// the last 30 days oldest first, days without revenue included. A day's SOL price is its average posted price,
// or the last price posted before it when it has none; a day's US cents are its lamports at that price plus its
// paid calls, rounded down; the cumulative figure adds up every priced day's cents from the first revenue on.
// Prices carry forward, so the days without one are exactly those before the first price ever posted: their
// revenue has no dollar value and stays out of every dollar figure.
import type { DayPrices, RevenueDay } from '../../projections/platform/queries.js';
import { REVENUE_DAYS, type RevenueDayItem } from '../../schemas/api/platform.js';

const DAY_MS = 86_400_000;
const LAMPORTS_PER_SOL = 1_000_000_000n;
/** micro-USD per cent. */
const MICRO_USD_PER_CENT = 10_000n;

/** The UTC day of a time, 'YYYY-MM-DD'. */
export function utcDayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The UTC day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return utcDayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** The first day `revenueDaily` needs prices from: the window's first day, or the first revenue day if earlier. */
export function firstDayNeeded(today: string, revenue: readonly RevenueDay[]): string {
  const windowStart = addDays(today, -(REVENUE_DAYS - 1));
  const first = revenue[0]?.day;
  return first !== undefined && first < windowStart ? first : windowStart;
}

export interface RevenueDailyInputs {
  today: string;
  /** Revenue of each day up to `today` that has any, oldest first. */
  revenue: readonly RevenueDay[];
  /** Price figures of each priced day from firstDayNeeded() to `today`. */
  prices: ReadonlyMap<string, DayPrices>;
  /** The last price posted before firstDayNeeded(); null when none. */
  priceBefore: bigint | null;
}

export function revenueDaily(input: RevenueDailyInputs): RevenueDayItem[] {
  const byDay = new Map(input.revenue.map((day) => [day.day, day]));
  const windowStart = addDays(input.today, -(REVENUE_DAYS - 1));
  const out: RevenueDayItem[] = [];
  let lastPrice = input.priceBefore;
  let cumulative = 0n;
  for (let day = firstDayNeeded(input.today, input.revenue); day <= input.today; day = addDays(day, 1)) {
    const posted = input.prices.get(day);
    const price = posted?.average ?? lastPrice;
    if (posted !== undefined) lastPrice = posted.last;
    const revenue = byDay.get(day);
    const lamports = (revenue?.feeShareLamports ?? 0n) + (revenue?.swapReferralLamports ?? 0n);
    const apiMicroUsd = revenue?.apiMicroUsd ?? 0n;
    const cents = price === null ? null : (lamports * price + apiMicroUsd * LAMPORTS_PER_SOL) / (LAMPORTS_PER_SOL * MICRO_USD_PER_CENT);
    if (cents !== null) cumulative += cents;
    if (day < windowStart) continue;
    out.push({
      date: day,
      feeShareLamports: (revenue?.feeShareLamports ?? 0n).toString(),
      swapReferralLamports: (revenue?.swapReferralLamports ?? 0n).toString(),
      apiMicroUsd: apiMicroUsd.toString(),
      solMicroUsd: price === null ? null : price.toString(),
      usdCents: cents === null ? null : cents.toString(),
      cumulativeUsdCents: cents === null ? null : cumulative.toString(),
    });
  }
  return out;
}
