// Read query of a coin's candles from the trades projection: trades grouped into intervals aligned to the unix
// epoch (UTC), the latest MAX_CANDLES intervals with trades. Each trade's price is quoteAmount * 10^decimals /
// coinAmount as Decimal256 with 30 places, so truncating it to the API's 12 places is exact. (The table's own
// integer `price` column is rounded to whole raw quote units, too coarse for candles.) Open and close follow
// chain order: (slot, log offset, event id). The route answers from the resident trades (api/market/candles.ts);
// this read is the reference its tests hold it to.
import type { Olap } from '../../infra/olap/olap.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { MAX_CANDLES } from '../../schemas/api/ohlcv.js';

export interface CandleRow {
  start: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** Start of the oldest of the latest MAX_CANDLES intervals with trades, so only their trades are read (a busy
 * coin's minute candles need its last hours, not its whole history). Read without FINAL: a repeated row has the
 * same time, so the set of intervals is the same. */
const FIRST_BUCKET_KEPT = `
  SELECT toDateTime64(ifNull(min(b), 0) * {interval:UInt32}, 3, 'UTC') FROM (
    SELECT DISTINCT intDiv(toUnixTimestamp(time), {interval:UInt32}) AS b FROM ${TRADES_TABLE}
    WHERE mint = {mint:String} AND coinAmount > 0
    ORDER BY b DESC
    LIMIT {max:UInt32}
  )`;

/** Candles of `mint` at `intervalSeconds`, newest first. */
export async function candleRows(olap: Olap, mint: string, intervalSeconds: number, coinDecimals: number): Promise<CandleRow[]> {
  const sql = `
    SELECT
      intDiv(toUnixTimestamp(time), {interval:UInt32}) * {interval:UInt32} AS bucket,
      toString(bucket) AS start,
      toString(argMin(exact_price, (slot, logOffset, id))) AS open,
      toString(max(exact_price)) AS high,
      toString(min(exact_price)) AS low,
      toString(argMax(exact_price, (slot, logOffset, id))) AS close,
      toString(sum(toUInt256(quoteAmount))) AS volume
    FROM (
      SELECT time, slot, logOffset, id, quoteAmount,
        toDecimal256(quoteAmount, 30) * {unit:UInt64} / coinAmount AS exact_price
      FROM ${TRADES_TABLE} FINAL
      WHERE mint = {mint:String} AND coinAmount > 0 AND time >= (${FIRST_BUCKET_KEPT})
    )
    GROUP BY bucket
    ORDER BY bucket DESC
    LIMIT {max:UInt32}`;
  return olap.query<CandleRow>(sql, { mint, interval: intervalSeconds, unit: 10 ** coinDecimals, max: MAX_CANDLES });
}
