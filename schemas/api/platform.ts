// Schemas of the platform routes: `GET /platform/stats` (spec 2.11: totals in lamports, SOL value, and the last
// 30 UTC days of revenue), `GET /platform/funds` (2.12: lamport balances of the service's funds, and the removed
// flywheel fund's leftover) and `GET /platform/burns` (2.13: one UTC day of platform-token burns in display
// units, snake_case as the spec names the fields). Amounts are decimal strings.
import { z } from 'zod';
import { address, decimalString, isoTime, rawAmount, signature, UNKNOWN_QUERY_KEYS } from './fields.js';

/** Days of revenue history `/platform/stats` shows (spec 8). */
export const REVENUE_DAYS = 30;
/** The day the flywheel fund was removed; its leftover stays visible until moved to the treasury. */
export const FLYWHEEL_REMOVED_ON = '2026-10-18';

const lamports = (meaning: string) => rawAmount.describe(`${meaning}, lamports`);

export const revenueDay = z.object({
  date: z.iso.date().describe('The UTC day'),
  feeShareLamports: lamports("The service's share of claimed fees"),
  swapReferralLamports: lamports('Swap referral revenue'),
  apiMicroUsd: rawAmount.describe('Paid-call (x402) payments, micro-USD'),
  solMicroUsd: rawAmount
    .nullable()
    .describe("The day's average SOL price, micro-USD; the latest price before it for a day with none; null before the first price"),
  usdCents: rawAmount.nullable().describe("The day's revenue in US cents at solMicroUsd, rounded down; null without a SOL price"),
  cumulativeUsdCents: rawAmount
    .nullable()
    .describe('All revenue to the end of the day in US cents (the sum of every priced day, days before the 30 shown included); null without a SOL price'),
});

export const platformStatsResponse = z
  .object({
    coinsLaunched: z.int().describe('Coins launched through the service'),
    coinsGraduated: z.int().describe('Coins moved to their locked pool'),
    trades: z.int().describe('Trades of those coins'),
    volumeLamports: lamports('Quote traded, fees excluded'),
    paidToHoldersLamports: lamports('Spent by holder payout rounds'),
    sentToCreatorsLamports: lamports('Creator-mode earnings sent to creators'),
    revenueDaily: z.array(revenueDay).length(REVENUE_DAYS).describe('The last 30 UTC days, oldest first, days without revenue included'),
  })
  .describe(
    'Totals in lamports (SOL value): amounts in the dollar stablecoin are valued at the SOL price in force at the slot they happened in ' +
      '(the last price posted at or before it); stablecoin amounts from before the first SOL price cannot be valued and are left out.',
  );

const fundBalance = z.object({
  wallet: address.describe("The fund's wallet"),
  lamports: rawAmount.nullable().describe('Balance, lamports; null until a transaction touching the fund has been seen'),
  slot: z.int().nullable().describe('Slot of the transaction that left this balance'),
  asOf: isoTime.nullable().describe('Time of that transaction'),
});

export const platformFundsResponse = z.object({
  burnFund: fundBalance.describe('Buys and burns the platform token'),
  aiFund: fundBalance.describe("The service's AI fund"),
  platformShare: fundBalance.describe("The service's share of fees (the treasury)"),
  flywheelLeftover: fundBalance
    .extend({ removedOn: z.literal(FLYWHEEL_REMOVED_ON).describe('The day the fund was removed') })
    .nullable()
    .describe('What is left in the removed flywheel fund; null once it has been emptied into the treasury'),
});

/** A UTC day as 'YYYY-MM-DD' that exists on the calendar, from 1970-01-01. */
export const utcDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'expected a date as YYYY-MM-DD', abort: true })
  .refine((text) => {
    const [year, month, day] = text.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return year >= 1970 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'expected a calendar date from 1970-01-01');

export const platformBurnsQuery = z
  .object({ date: utcDay.optional().describe('The UTC day (YYYY-MM-DD); today when left out; a day after today is refused with 400') })
  .describe(UNKNOWN_QUERY_KEYS);

const display = (meaning: string) => decimalString.describe(meaning);

export const platformBurnsResponse = z.object({
  date: z.iso.date().describe('The UTC day'),
  burned_today: display('Platform tokens burned that day, whole tokens'),
  burned_today_usd: display("What the day's burns cost in SOL, in US dollars at the latest SOL price, rounded down to the cent").nullable(),
  burned_total: display('Platform tokens burned up to the end of the day, whole tokens'),
  original_supply: display("The platform token's original supply, whole tokens"),
  burned_pct_of_supply: display('burned_total as a percentage of original_supply, rounded down to 6 decimals'),
  burn_count: z.int().describe('Burns that day'),
  last_burn_tx: signature.nullable().describe("Signature of the day's last burn; null on a day without burns"),
  burn_fund_sol: display("The burn fund's balance at the end of the day (now, for today), SOL").nullable(),
});

export type PlatformStatsResponse = z.output<typeof platformStatsResponse>;
export type RevenueDayItem = z.output<typeof revenueDay>;
export type PlatformFundsResponse = z.output<typeof platformFundsResponse>;
export type PlatformBurnsQuery = z.output<typeof platformBurnsQuery>;
export type PlatformBurnsResponse = z.output<typeof platformBurnsResponse>;
