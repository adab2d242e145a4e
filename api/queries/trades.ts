// Read query of a coin's trades (projections/trades), newest first, paged by a cursor inside a block second.
// Trades of one second are ranked 1, 2, ... by (slot, log offset, event id); ranks are stable because new
// trades only ever join at later slots. The window that ranks them spans only the seconds a page can reach,
// found from the distinct (time, event id) pairs before the cursor: the rows FINAL would keep, without merging.
// The route answers from the resident trades (api/market/trade-pages.ts); this read is the reference its tests
// hold it to.
import type { Olap } from '../../infra/olap/olap.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import type { TradeCursor } from '../../schemas/api/trades.js';

/** Latest second a ClickHouse DateTime holds: a cursor past it means "no bound". */
export const MAX_DATETIME_SECONDS = 4_294_967_295;

export interface TradeRow {
  signature: string;
  seconds: string;
  side: 'buy' | 'sell';
  trader: string;
  coinAmount: string;
  quoteAmount: string;
  position: string;
}

/** Up to `take` trades of `mint` strictly before the cursor (all when null), newest first. */
export async function tradesBefore(olap: Olap, mint: string, cursor: TradeCursor | null, take: number): Promise<TradeRow[]> {
  if (cursor !== null && cursor.seconds < 0) return [];
  const bounded = cursor !== null && cursor.seconds <= MAX_DATETIME_SECONDS;
  const seconds = bounded ? cursor.seconds : MAX_DATETIME_SECONDS;
  const nanos = bounded ? cursor.nanos : 0;
  const sql = `
    WITH toDateTime64({seconds:UInt32}, 3, 'UTC') AS cut
    SELECT signature, toString(toUnixTimestamp(time)) AS seconds, side, trader,
      toString(coinAmount) AS coinAmount, toString(quoteAmount) AS quoteAmount, toString(rank) AS position
    FROM (
      SELECT signature, time, side, trader, coinAmount, quoteAmount,
        row_number() OVER (PARTITION BY toStartOfSecond(time) ORDER BY slot ASC, logOffset ASC, id ASC) AS rank
      FROM ${TRADES_TABLE} FINAL
      WHERE mint = {mint:String} AND time < cut + INTERVAL 1 SECOND AND time >= (
        SELECT toStartOfSecond(ifNull(min(time), toDateTime64(0, 3, 'UTC'))) FROM (
          SELECT DISTINCT time, id FROM ${TRADES_TABLE}
          WHERE mint = {mint:String} AND time < cut
          ORDER BY time DESC
          LIMIT {take:UInt32}
        )
      )
    )
    WHERE time < cut OR rank < {nanos:UInt32}
    ORDER BY time DESC, rank DESC
    LIMIT {take:UInt32}`;
  return olap.query<TradeRow>(sql, { mint, seconds, nanos, take });
}
