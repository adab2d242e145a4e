// Read query of a coin's trades (projections/trades), newest first, paged by a cursor inside a block second.
// Trades of one second are ranked 0, 1, ... by (slot, log offset, event id); ranks are stable because new
// trades only ever join at later slots. A cursor takes the trades of its second ranked below its milliseconds,
// ranks from TAIL_RANK on counting as TAIL_RANK (schemas/api/trades.ts). The window that ranks them spans only the
// seconds a page can reach, found from the distinct (time, event id) pairs before the cursor: the rows FINAL would
// keep, without merging; those seconds are whole, so a busy second's tail is all there. A page ends (its oldest
// trade) at the oldest of its first `limit` trades a cursor can name (rank at most TAIL_RANK), or, when none can
// (all inside one tail), at the tail's start. The route answers from the resident trades
// (api/market/trade-pages.ts); this read is the reference its tests hold it to.
import type { Olap } from '../../infra/olap/olap.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { TAIL_RANK, type TradeCursor } from '../../schemas/api/trades.js';

/** Latest second a ClickHouse DateTime holds: a cursor past it means "no bound". */
export const MAX_DATETIME_SECONDS = 4_294_967_295;

export interface TradeRow {
  signature: string;
  seconds: string;
  side: 'buy' | 'sell';
  trader: string;
  coinAmount: string;
  quoteAmount: string;
  /** Rank within its second, from 0. */
  position: string;
  /** '1' when older trades follow the page. */
  older: string;
}

/** The page of `mint`'s trades strictly before the cursor (all when null), newest first: up to `limit` trades
 * (more only as a busy second's tail), and whether older trades follow it. */
export async function tradesBefore(olap: Olap, mint: string, cursor: TradeCursor | null, limit: number): Promise<{ trades: TradeRow[]; older: boolean }> {
  if (cursor !== null && cursor.seconds < 0) return { trades: [], older: false };
  const bounded = cursor !== null && cursor.seconds <= MAX_DATETIME_SECONDS;
  const seconds = bounded ? cursor.seconds : MAX_DATETIME_SECONDS;
  const millis = bounded ? cursor.millis : 0;
  const sql = `
    WITH toDateTime64({seconds:UInt32}, 3, 'UTC') AS cut
    SELECT signature, toString(toUnixTimestamp(time)) AS seconds, side, trader,
      toString(coinAmount) AS coinAmount, toString(quoteAmount) AS quoteAmount, toString(rank) AS position,
      toString(toUInt8(total > pageEnd)) AS older
    FROM (
      SELECT *, if(total <= {limit:UInt32}, total, if(nameable > 0, nameable, tailStart)) AS pageEnd
      FROM (
        SELECT *, count() OVER () AS total,
          maxIf(k, k <= {limit:UInt32} AND rank <= {tail:UInt32}) OVER () AS nameable,
          minIf(k, rank <= {tail:UInt32}) OVER () AS tailStart
        FROM (
          SELECT *, row_number() OVER (ORDER BY time DESC, rank DESC) AS k
          FROM (
            SELECT signature, time, side, trader, coinAmount, quoteAmount,
              row_number() OVER (PARTITION BY toStartOfSecond(time) ORDER BY slot ASC, logOffset ASC, id ASC) - 1 AS rank
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
          WHERE time < cut OR least(rank, {tail:UInt32}) < {millis:UInt32}
        )
      )
    )
    WHERE k <= pageEnd
    ORDER BY k`;
  const trades = await olap.query<TradeRow>(sql, { mint, seconds, millis, limit, take: limit + 1, tail: TAIL_RANK });
  return { trades, older: trades[0]?.older === '1' };
}
