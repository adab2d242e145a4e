// Handlers of the platform routes, shared by the HTTP routes and the MCP tools: stats (totals and the last 30
// days of revenue, measured from the context's clock), fund balances, and one UTC day of platform-token burns in
// display units (exact decimals from bigints, rounded down).
import type { Address } from '@solana/kit';
import { burnDay } from '../../projections/burns/queries.js';
import { latestFundBalances, platformTotals, revenueByDay, solPricesByDay, type FundBalance } from '../../projections/platform/queries.js';
import type { ValuingMints } from '../../projections/platform/sol-value.js';
import { priceAt } from '../../projections/prices/queries.js';
import { STABLECOIN_DECIMALS } from '../../schemas/programs/launchpad/constants.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import {
  FLYWHEEL_REMOVED_ON,
  type PlatformBurnsQuery,
  type PlatformBurnsResponse,
  type PlatformFundsResponse,
  type PlatformStatsResponse,
} from '../../schemas/api/platform.js';
import { formatQuotient } from '../decimal.js';
import type { ApiContext } from '../deps.js';
import { BadRequestError } from '../errors.js';
import { addDays, firstDayNeeded, revenueDaily, utcDayOf } from './revenue-daily.js';

const SOL_DECIMALS = 9;
/** Lamports per SOL times micro-USD per dollar: lamports x micro-USD per SOL / this = dollars. */
const LAMPORT_MICRO_USD_PER_DOLLAR = 10n ** 15n;
const PERCENT_PLACES = 6;
const USD_PLACES = 2;

function valuingMints(ctx: ApiContext): ValuingMints {
  return { solMint: NATIVE_MINT_ID, stablecoinMint: ctx.config.mints.stablecoin, stablecoinDecimals: STABLECOIN_DECIMALS };
}

/** `GET /platform/stats`. */
export async function getPlatformStats(ctx: ApiContext): Promise<PlatformStatsResponse> {
  const today = utcDayOf(ctx.now());
  const mints = valuingMints(ctx);
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
    asOf: balance === undefined ? null : new Date(balance.time * 1000).toISOString(),
  };
}

/** `GET /platform/funds`: each fund's latest balance on chain; the flywheel's until it is emptied. */
export async function getPlatformFunds(ctx: ApiContext): Promise<PlatformFundsResponse> {
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

/** `GET /platform/burns`: a day after today (UTC, by the context's clock) is refused. */
export async function getPlatformBurns(ctx: ApiContext, query: PlatformBurnsQuery): Promise<PlatformBurnsResponse> {
  const now = ctx.now();
  const today = utcDayOf(now);
  const day = query.date ?? today;
  if (day > today) throw new BadRequestError(`date ${day} is after today (${today}, UTC)`);
  const endOfDay = day === today ? now : new Date(Date.parse(`${addDays(day, 1)}T00:00:00Z`) - 1);
  const [burns, solPrice, funds] = await Promise.all([
    burnDay(ctx.olap, ctx.config.mints.platformToken, day),
    priceAt(ctx.olap, 'SOL', now),
    latestFundBalances(ctx.olap, endOfDay),
  ]);
  const { decimals, originalSupplyRaw } = ctx.config.platformToken;
  const tokens = (raw: bigint) => formatQuotient(raw, 10n ** BigInt(decimals), decimals);
  const fund = funds.get(ctx.config.wallets.burnFund);
  return {
    date: day,
    burned_today: tokens(burns.burnedRaw),
    burned_today_usd: solPrice === null ? null : formatQuotient(burns.solCostLamports * solPrice, LAMPORT_MICRO_USD_PER_DOLLAR, USD_PLACES),
    burned_total: tokens(burns.burnedTotalRaw),
    original_supply: tokens(originalSupplyRaw),
    burned_pct_of_supply: formatQuotient(burns.burnedTotalRaw * 100n, originalSupplyRaw, PERCENT_PLACES),
    burn_count: burns.count,
    last_burn_tx: burns.lastSignature,
    burn_fund_sol: fund === undefined ? null : formatQuotient(fund.lamports, 10n ** BigInt(SOL_DECIMALS), SOL_DECIMALS),
  };
}
