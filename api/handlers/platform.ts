// Handlers of the platform routes, shared by the HTTP routes and the MCP tools: stats (totals and the last 30
// days of revenue, measured from the context's clock), fund balances, and one UTC day of platform-token burns in
// display units (exact decimals from bigints, rounded down); each kept while the tables it reads are unchanged.
import type { Address } from '@solana/kit';
import { burnDay } from '../../projections/burns/queries.js';
import { PLATFORM_BURNS_TABLE } from '../../projections/burns/table.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../../projections/coins/table.js';
import { fundBalanceAt, latestFundBalances, platformTotals, revenueByDay, solPricesByDay, type FundBalance } from '../../projections/platform/queries.js';
import { valuingMints, type ValuingMints } from '../../projections/prices/sol-value.js';
import { FUND_BALANCES_TABLE, FUND_LATEST_TABLE, PLATFORM_PAYOUTS_TABLE, PLATFORM_REVENUE_TABLE } from '../../projections/platform/table.js';
import { priceAt } from '../../projections/prices/queries.js';
import { PRICES_TABLE } from '../../projections/prices/table.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { isoFromSeconds } from '../../schemas/api/fields.js';
import {
  FLYWHEEL_REMOVED_ON,
  platformBurnsResponse,
  platformFundsResponse,
  platformStatsResponse,
  type PlatformBurnsQuery,
  type PlatformBurnsResponse,
  type PlatformFundsResponse,
  type PlatformStatsResponse,
} from '../../schemas/api/platform.js';
import { formatQuotient } from '../decimal.js';
import type { ApiContext } from '../deps.js';
import { BadRequestError } from '../errors.js';
import { type Answer, answerKey } from './answer-cache.js';
import { addDays, firstDayNeeded, revenueDaily, utcDayOf } from './revenue-daily.js';

const SOL_DECIMALS = 9;
/** Lamports per SOL times micro-USD per dollar: lamports x micro-USD per SOL / this = dollars. */
const LAMPORT_MICRO_USD_PER_DOLLAR = 10n ** 15n;
const PERCENT_PLACES = 6;
const USD_PLACES = 2;

const valuingOf = (ctx: ApiContext): ValuingMints => valuingMints(ctx.config.mints.stablecoin);

/** Every table the stats read: the answer is kept while none of them changes (and the day stays the same). */
const STATS_TABLES = [COINS_TABLE, COIN_GRADUATIONS_TABLE, TRADES_TABLE, PRICES_TABLE, PLATFORM_REVENUE_TABLE, PLATFORM_PAYOUTS_TABLE];

const everyCoinOf = (tables: readonly string[]) => ({ on: tables.map((source) => ({ source })) });

/** `GET /platform/stats`. */
export function getPlatformStats(ctx: ApiContext): Promise<Answer> {
  const today = utcDayOf(ctx.now());
  return ctx.answers.get(answerKey('platform-stats', { today }), everyCoinOf(STATS_TABLES), platformStatsResponse, () => computeStats(ctx, today));
}

async function computeStats(ctx: ApiContext, today: string): Promise<PlatformStatsResponse> {
  const mints = valuingOf(ctx);
  const [totals, revenue] = await Promise.all([platformTotals(ctx.olap, mints), revenueByDay(ctx.olap, today, mints)]);
  const from = firstDayNeeded(today, revenue);
  const [prices, priceBefore] = await Promise.all([
    solPricesByDay(ctx.olap, from, today),
    priceAt(ctx.olap, 'SOL', new Date(Date.parse(`${from}T00:00:00Z`) - 1)),
  ]);
  return {
    coinsLaunched: totals.coinsLaunched,
    coinsGraduated: totals.coinsGraduated,
    trades: totals.trades,
    volumeLamports: totals.volumeLamports.toString(),
    paidToHoldersLamports: totals.paidToHoldersLamports.toString(),
    sentToCreatorsLamports: totals.sentToCreatorsLamports.toString(),
    revenueDaily: revenueDaily({ today, revenue, prices, priceBefore }),
  };
}

function fundView(balance: FundBalance | undefined, wallet: Address) {
  return {
    wallet,
    lamports: balance === undefined ? null : balance.lamports.toString(),
    slot: balance?.slot ?? null,
    asOf: balance === undefined ? null : isoFromSeconds(balance.time),
  };
}

/** `GET /platform/funds`: each fund's latest balance on chain; the flywheel's until it is emptied. */
export function getPlatformFunds(ctx: ApiContext): Promise<Answer> {
  return ctx.answers.get(answerKey('platform-funds'), everyCoinOf([FUND_LATEST_TABLE]), platformFundsResponse, () => computeFunds(ctx));
}

async function computeFunds(ctx: ApiContext): Promise<PlatformFundsResponse> {
  const balances = await latestFundBalances(ctx.olap);
  const wallets = ctx.config.wallets;
  const flywheel = balances.get(wallets.flywheelFund);
  return {
    burnFund: fundView(balances.get(wallets.burnFund), wallets.burnFund),
    aiFund: fundView(balances.get(wallets.aiFund), wallets.aiFund),
    platformShare: fundView(balances.get(wallets.treasury), wallets.treasury),
    flywheelLeftover: flywheel?.lamports === 0n ? null : { ...fundView(flywheel, wallets.flywheelFund), removedOn: FLYWHEEL_REMOVED_ON },
  };
}

/** Tables the burns read: the answer for a day is kept while none of them changes (and today stays today). */
const BURNS_TABLES = [PLATFORM_BURNS_TABLE, PRICES_TABLE, FUND_BALANCES_TABLE, FUND_LATEST_TABLE];

/** `GET /platform/burns`: a day after today (UTC, by the context's clock) is refused. The day's cost is valued at
 * the latest SOL price posted; the burn fund is its balance at the end of the day, or its latest for today. */
export function getPlatformBurns(ctx: ApiContext, query: PlatformBurnsQuery): Promise<Answer> {
  const today = utcDayOf(ctx.now());
  const day = query.date ?? today;
  if (day > today) throw new BadRequestError(`date ${day} is after today (${today}, UTC)`);
  return ctx.answers.get(answerKey('platform-burns', { day, today }), everyCoinOf(BURNS_TABLES), platformBurnsResponse, () => computeBurns(ctx, day, today));
}

async function computeBurns(ctx: ApiContext, day: string, today: string): Promise<PlatformBurnsResponse> {
  const burnFund = ctx.config.wallets.burnFund;
  const endOfDay = new Date(Date.parse(`${addDays(day, 1)}T00:00:00Z`) - 1);
  const [burns, solPrice, fund] = await Promise.all([
    burnDay(ctx.olap, ctx.config.mints.platformToken, day),
    priceAt(ctx.olap, 'SOL'),
    day === today ? latestFundBalances(ctx.olap).then((funds) => funds.get(burnFund) ?? null) : fundBalanceAt(ctx.olap, burnFund, endOfDay),
  ]);
  const { decimals, originalSupplyRaw } = ctx.config.platformToken;
  const tokens = (raw: bigint) => formatQuotient(raw, 10n ** BigInt(decimals), decimals);
  return {
    date: day,
    burned_today: tokens(burns.burnedRaw),
    burned_today_usd: solPrice === null ? null : formatQuotient(burns.solCostLamports * solPrice, LAMPORT_MICRO_USD_PER_DOLLAR, USD_PLACES),
    burned_total: tokens(burns.burnedTotalRaw),
    original_supply: tokens(originalSupplyRaw),
    burned_pct_of_supply: formatQuotient(burns.burnedTotalRaw * 100n, originalSupplyRaw, PERCENT_PLACES),
    burn_count: burns.count,
    last_burn_tx: burns.lastSignature,
    burn_fund_sol: fund === null ? null : formatQuotient(fund.lamports, 10n ** BigInt(SOL_DECIMALS), SOL_DECIMALS),
  };
}
