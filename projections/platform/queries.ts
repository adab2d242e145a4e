// Queries of the platform stats and funds. Amounts in the dollar stablecoin are valued at the SOL price in force
// when they happened (prices/sol-value.ts); amounts that cannot be valued that way (a stablecoin trade before any
// price) are left out of the sums.
import type { Olap } from '../../infra/olap/olap.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../coins/table.js';
import { CREATOR_SENDS_TABLE } from '../creators/table.js';
import { PRICES_TABLE } from '../prices/table.js';
import { lamportsOf, REVENUE_LAMPORTS, REVENUE_MICRO_USD, withSolPriceAt, type ValuingMints } from '../prices/sol-value.js';
import { REWARD_ROUNDS_TABLE } from '../rewards/table.js';
import { TRADES_TABLE } from '../trades/table.js';
import { FUND_BALANCES_TABLE, PLATFORM_REVENUE_TABLE } from './table.js';

/** All-time trade count and volume in lamports (trades in another quote token left out of the volume). */
export async function tradeTotals(olap: Olap, mints: ValuingMints): Promise<{ trades: number; volumeLamports: bigint }> {
  // Aggregates without GROUP BY: always one row; the ASOF LEFT JOIN keeps one row per trade.
  const [row] = await olap.query<{ trades: string; lamports: string }>(
    `SELECT toString(count()) AS trades, toString(ifNull(sum(${lamportsOf('s.amount', 's.quoteMint')}), 0)) AS lamports
    ${withSolPriceAt(`SELECT slot, quoteMint, quoteAmount AS amount FROM ${TRADES_TABLE} FINAL`)}`,
    mints,
  );
  return { trades: Number(row!.trades), volumeLamports: BigInt(row!.lamports) };
}

const PAID = lamportsOf('s.amount', 's.token');

/** The all-time totals, sums in lamports: paid to holders (payout rounds' pots spent, in the coin's quote token) and
 * sent to creators (in their quote token), as decimal strings. */
export async function platformTotals(olap: Olap, mints: ValuingMints) {
  const [row] = await olap.query<{ coins: string; graduated: string; holders: string; creator: string }>(
    `SELECT (SELECT count() FROM ${COINS_TABLE} FINAL) AS coins, (SELECT count() FROM ${COIN_GRADUATIONS_TABLE} FINAL) AS graduated,
      toString(ifNull(sumIf(${PAID}, s.kind = 'holders'), 0)) AS holders, toString(ifNull(sumIf(${PAID}, s.kind = 'creator'), 0)) AS creator
    ${withSolPriceAt(`SELECT r.slot AS slot, 'holders' AS kind, r.potSpent AS amount, c.quoteMint AS token
      FROM ${REWARD_ROUNDS_TABLE} AS r FINAL LEFT JOIN (SELECT mint, quoteMint FROM ${COINS_TABLE} FINAL) AS c ON c.mint = r.mint
      UNION ALL SELECT slot, 'creator' AS kind, amount, quoteMint AS token FROM ${CREATOR_SENDS_TABLE} FINAL`)}`,
    mints,
  );
  // Aggregates without GROUP BY: always one row.
  const { coins, graduated, holders, creator } = row!;
  const trades = await tradeTotals(olap, mints);
  return { coinsLaunched: Number(coins), coinsGraduated: Number(graduated), ...trades, paidToHoldersLamports: holders, sentToCreatorsLamports: creator };
}

/** Revenue of every UTC day ('YYYY-MM-DD') up to `toDay` (inclusive) that has any, oldest first: fee shares and swap
 * referrals in lamports, paid calls in micro-USD, each amount valued at the SOL price in force at its slot when its
 * unit needs one. */
export async function revenueByDay(olap: Olap, toDay: string, mints: ValuingMints) {
  const rows = await olap.query<{ day: string; feeShare: string; swapReferral: string; api: string }>(
    `SELECT toString(toDate(s.time)) AS day,
      toString(ifNull(sumIf(${REVENUE_LAMPORTS}, s.kind = 'fee-share'), 0)) AS feeShare,
      toString(ifNull(sumIf(${REVENUE_LAMPORTS}, s.kind = 'swap-referral'), 0)) AS swapReferral,
      toString(ifNull(sumIf(${REVENUE_MICRO_USD}, s.kind = 'api'), 0)) AS api
    ${withSolPriceAt(`SELECT slot, time, kind, unit, amount, quoteMint FROM ${PLATFORM_REVENUE_TABLE} FINAL WHERE toDate(time) <= toDate({toDay:String})`)}
    GROUP BY day ORDER BY day`,
    { ...mints, toDay },
  );
  return rows.map((row) => ({
    day: row.day,
    feeShareLamports: BigInt(row.feeShare),
    swapReferralLamports: BigInt(row.swapReferral),
    apiMicroUsd: BigInt(row.api),
  }));
}

export type RevenueDay = Awaited<ReturnType<typeof revenueByDay>>[number];

export interface DayPrices {
  /** Average of the day's posted SOL prices, micro-USD, rounded down. */
  average: bigint;
  /** The day's last posted price (by time, then slot). */
  last: bigint;
}

/** SOL price figures of each UTC day from `fromDay` to `toDay` (inclusive) that has a posted price. */
export async function solPricesByDay(olap: Olap, fromDay: string, toDay: string): Promise<Map<string, DayPrices>> {
  const rows = await olap.query<{ day: string; average: string; last: string }>(
    `SELECT toString(toDate(time)) AS day, toString(intDiv(sum(toUInt128(microUsd)), count())) AS average,
      toString(argMax(microUsd, (time, slot))) AS last
    FROM ${PRICES_TABLE} FINAL
    WHERE asset = 'SOL' AND toDate(time) BETWEEN toDate({from:String}) AND toDate({to:String})
    GROUP BY day ORDER BY day`,
    { from: fromDay, to: toDay },
  );
  return new Map(rows.map((row) => [row.day, { average: BigInt(row.average), last: BigInt(row.last) }]));
}

/** Each fund wallet's balance at `at` (the latest when null): its last by chain order at or before it, keyed by
 * wallet (a fund whose wallet the configuration changed starts afresh); `time` is the unix seconds of the transaction
 * that left it. Duplicates of one event carry the same balance, so the history is read without FINAL. */
export async function fundBalancesAt(olap: Olap, at: Date | null = null) {
  const rows = await olap.query<{ fund: string; wallet: string; lamports: string; slot: string; seconds: number }>(
    `SELECT fund, wallet, toString(lamports) AS lamports, slot, toUnixTimestamp(time) AS seconds FROM ${FUND_BALANCES_TABLE}
    WHERE {at:Nullable(DateTime64(3, 'UTC'))} IS NULL OR time <= {at:Nullable(DateTime64(3, 'UTC'))} ORDER BY slot DESC, logOffset DESC LIMIT 1 BY wallet`,
    { at: at === null ? null : at.toISOString().replace('T', ' ').replace('Z', '') },
  );
  return new Map(rows.map(({ lamports, slot, seconds, ...fund }) => [fund.wallet, { ...fund, lamports: BigInt(lamports), slot: Number(slot), time: seconds }]));
}
