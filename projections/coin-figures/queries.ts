// Every coin's 24-hour trade figures at one moment, in one read: the quote volume of its trades in the 24 hours up
// to `now`, the reserves after its first trade in that window, and the reserves after its last trade at or before
// the window's start (by chain order: slot, log offset, event id). The window and the part of the day before it
// come from coin_trade_ticks; anything earlier from the closes of the days before (table.ts).
import type { Olap } from '../../infra/olap/olap.js';
import { COIN_DAY_CLOSES_TABLE, COIN_TRADE_TICKS_TABLE } from './table.js';

export interface WindowFigures {
  /** Quote raw units traded in (now - 24 h, now], fees excluded. */
  volume: string;
  /** Reserves after the window's first trade; null without one. */
  first: { quote: string; coin: string } | null;
  /** Reserves after the last trade at or before now - 24 h; null without one. */
  before: { quote: string; coin: string } | null;
}

type Row = {
  mint: string;
  volume: string;
  windowTrades: string;
  firstQuote: string;
  firstCoin: string;
  earlierTrades: string;
  beforeQuote: string;
  beforeCoin: string;
};

export const WINDOW_FIGURES_SQL = `
  WITH toDateTime64({now:UInt32}, 3, 'UTC') AS now_time, now_time - INTERVAL 1 DAY AS day_ago, toStartOfDay(day_ago) AS day_start
  SELECT mint,
    toString(sumIf(quoteAmount, in_window)) AS volume,
    toString(countIf(in_window)) AS windowTrades,
    toString(argMinIf(reserveQuote, position, in_window)) AS firstQuote,
    toString(argMinIf(reserveCoin, position, in_window)) AS firstCoin,
    toString(countIf(NOT in_window)) AS earlierTrades,
    toString(argMaxIf(reserveQuote, position, NOT in_window)) AS beforeQuote,
    toString(argMaxIf(reserveCoin, position, NOT in_window)) AS beforeCoin
  FROM (
    SELECT mint, quoteAmount, reserveQuote, reserveCoin, (slot, logOffset, id) AS position, time > day_ago AS in_window
    FROM ${COIN_TRADE_TICKS_TABLE} FINAL
    WHERE time >= day_start AND time <= now_time
    UNION ALL
    SELECT mint, toUInt128(0) AS quoteAmount, reserveQuote, reserveCoin, (slot, logOffset, id) AS position, false AS in_window
    FROM ${COIN_DAY_CLOSES_TABLE} FINAL
    WHERE day < toDate(day_start)
  )
  GROUP BY mint`;

/** The figures of every coin that traded at or before `nowSeconds` (unix seconds), by mint. */
export async function windowFigures(olap: Olap, nowSeconds: number): Promise<Map<string, WindowFigures>> {
  const rows = await olap.query<Row>(WINDOW_FIGURES_SQL, { now: nowSeconds });
  return new Map(
    rows.map((row) => [
      row.mint,
      {
        volume: row.volume,
        first: row.windowTrades === '0' ? null : { quote: row.firstQuote, coin: row.firstCoin },
        before: row.earlierTrades === '0' ? null : { quote: row.beforeQuote, coin: row.beforeCoin },
      },
    ]),
  );
}
