// Statements of the trades table the API reads: runs of a coin's trades in page order (block second, then chain
// order: slot, log offset, event id), whole seconds, for the trade pages (api/views/trade-page.ts) the trade window
// does not hold. Each event id counted and read once (`uniqExact`, `LIMIT 1 BY id`: cheaper than FINAL on a coin's
// range); `mint` and `time` lead the sorting key, so a coin's stretch of time is a range.
import type { Olap } from '../../infra/olap/olap.js';
import { TAIL_RANK, type TradeCursor } from '../../schemas/api/trades.js';
import { TRADES_TABLE } from './table.js';

/** A trade as runs hold it. */
export interface HeldTrade {
  signature: string;
  /** Block time, unix seconds. */
  seconds: number;
  side: 'buy' | 'sell';
  trader: string;
  coinAmount: string;
  quoteAmount: string;
}

export interface TradeRun {
  /** Oldest first, whole seconds. */
  trades: readonly HeldTrade[];
  /** Whether the first is the coin's first trade. */
  complete: boolean;
}

export const HELD_TRADE_COLUMNS = `signature, toUnixTimestamp(time) AS seconds, side, trader, toString(coinAmount) AS coinAmount, toString(quoteAmount) AS quoteAmount`;

export function heldTrade(row: HeldTrade): HeldTrade {
  const { signature, side, trader, coinAmount, quoteAmount } = row;
  return { signature, seconds: Number(row.seconds), side, trader, coinAmount, quoteAmount };
}

/** The run of `mint`'s trades that holds the page of `limit` before `cursor`: the seconds from the cursor's back to
 * where `limit` trades lie before it (whole seconds, so ranks and busy seconds' tails are known), found from each
 * second's trade count. */
export async function tradeRunBefore(olap: Olap, mint: string, cursor: TradeCursor, limit: number): Promise<TradeRun> {
  if (cursor.seconds < 0) return { trades: [], complete: true };
  // The latest second a ClickHouse DateTime holds bounds a cursor past it.
  const until = Math.min(cursor.seconds + 1, 4_294_967_295);
  const counts = await olap.query<{ seconds: number; trades: number }>(
    `SELECT toUnixTimestamp(time) AS seconds, uniqExact(id) AS trades FROM ${TRADES_TABLE}
     WHERE mint = {mint:String} AND time < toDateTime({until:UInt32}) GROUP BY seconds ORDER BY seconds DESC LIMIT {seconds:UInt32}`,
    { mint, until, seconds: limit + 1 },
  );
  let before = 0;
  let from = cursor.seconds;
  for (const { seconds, trades } of counts) {
    from = Number(seconds);
    before += Number(seconds) === cursor.seconds ? (cursor.millis > TAIL_RANK ? Number(trades) : Math.min(cursor.millis, Number(trades))) : Number(trades);
    if (before >= limit) break;
  }
  const rows = await olap.query<HeldTrade>(
    `SELECT ${HELD_TRADE_COLUMNS} FROM ${TRADES_TABLE}
     WHERE mint = {mint:String} AND time >= toDateTime({from:UInt32}) AND time < toDateTime({until:UInt32})
     ORDER BY time, slot, logOffset, id LIMIT 1 BY id`,
    { mint, from, until },
  );
  return { trades: rows.map(heldTrade), complete: before < limit };
}
