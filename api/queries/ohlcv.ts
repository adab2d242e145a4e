// Read query of a coin's candles from the trades projection: trades grouped into intervals aligned to the unix
// epoch (UTC), the latest MAX_CANDLES intervals with trades. Each trade's price is in quote tokens per whole coin,
// divided out in Decimal256 and cut as the API writes it (TRADE_PRICE_SQL, schemas/api/price.ts), so the strings
// are the route's to the byte. (The table's own integer `price` column is rounded to whole raw quote units, too
// coarse for candles.) Open and close follow chain order: (slot, log offset, event id). The route answers from
// the resident trades (api/market/candles.ts); this read is the reference its tests hold it to.
import type { Olap } from '../../infra/olap/olap.js';
import { priceParams, TRADE_PRICE_SQL } from '../../projections/candles/queries.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { MAX_CANDLES } from '../../schemas/api/ohlcv.js';
import type { PriceDecimals } from '../../schemas/api/price.js';

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

/** Candles of `mint` (its decimals and its quote token's in `units`) at `intervalSeconds`, newest first. */
export async function candleRows(olap: Olap, mint: string, intervalSeconds: number, units: PriceDecimals): Promise<CandleRow[]> {
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
        ${TRADE_PRICE_SQL} AS exact_price
      FROM ${TRADES_TABLE} FINAL
      WHERE mint = {mint:String} AND coinAmount > 0 AND time >= (${FIRST_BUCKET_KEPT})
    )
    GROUP BY bucket
    ORDER BY bucket DESC
    LIMIT {max:UInt32}`;
  return olap.query<CandleRow>(sql, { mint, interval: intervalSeconds, max: MAX_CANDLES, ...priceParams(units) });
}
