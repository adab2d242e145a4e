// Statements of the trades table the API reads: runs of a coin's trades in page order (block second, then chain order:
// slot, log offset, event id), whole seconds, for the trade pages (api/views/trade-window.ts) the trade window does not
// hold; each event id read once (`LIMIT 1 BY id`: cheaper than FINAL on a coin's range).
import type { Olap } from '../../infra/olap/olap.js';
import type { TradeCursor } from '../../schemas/api/trades.js';
import type { TradeRow } from './projector.js';
import { TRADES_TABLE } from './table.js';

/** The latest second a ClickHouse DateTime holds, where trades' times end: a cursor past it means no bound. */
export const MAX_DATETIME_SECONDS = 4_294_967_295;

/** A trade as runs hold it. */
export type HeldTrade = Pick<TradeRow, 'signature' | 'side' | 'trader' | 'coinAmount' | 'quoteAmount'> & {
  /** Block time, unix seconds. */
  seconds: number;
};

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

/** The run of `mint`'s trades that holds the page of `limit` before `cursor`: whole seconds from the one of the
 * `limit`-th latest trade before the cursor's second up to the cursor's second, in one statement (the inner read goes
 * backwards along the sorting key and stops after `limit` trades). Fewer than `limit` trades before the cursor's
 * second means the run starts at the coin's first trade. */
export async function tradeRunBefore(olap: Olap, mint: string, cursor: TradeCursor, limit: number): Promise<TradeRun> {
  if (cursor.seconds < 0) return { trades: [], complete: true };
  const second = Math.min(cursor.seconds, MAX_DATETIME_SECONDS);
  const until = Math.min(cursor.seconds + 1, MAX_DATETIME_SECONDS);
  const rows = await olap.query<HeldTrade>(
    `SELECT ${HELD_TRADE_COLUMNS} FROM ${TRADES_TABLE}
     WHERE mint = {mint:String} AND time < toDateTime({until:UInt32}) AND time >= (
       SELECT ifNull(min(earlier), toDateTime64(0, 3, 'UTC')) FROM (
         SELECT time AS earlier, id FROM ${TRADES_TABLE} WHERE mint = {mint:String} AND time < toDateTime({second:UInt32})
         ORDER BY time DESC LIMIT 1 BY id LIMIT {limit:UInt32}))
     ORDER BY time, slot, logOffset, id LIMIT 1 BY id`,
    { mint, second, until, limit },
  );
  const trades = rows.map(heldTrade);
  const earlier = trades.findIndex((trade) => trade.seconds >= second);
  return { trades, complete: (earlier === -1 ? trades.length : earlier) < limit };
}
