// Candles are computed at query time from the deduplicated trades table, not stored. Why: a stored aggregate
// (a materialized view or AggregatingMergeTree) adds each inserted block again, so a batch repeated after a
// crash or a replay would count twice; trades FINAL holds each trade once by event id, so candles folded from
// it are exact by construction, for every interval, after any replay. The scan is one coin's range of the
// trades sorting key (mint, time, ...), which ClickHouse folds at millions of rows a second.
//
// A candle: bucket start (unix seconds rounded down to the interval, UTC, so 4h and 1d align to midnight),
// open/close = price of the first/last trade by (slot, logOffset, id), high/low = max/min price, volume = sum of
// quoteAmount (quote raw units, fee excluded). Prices are quote tokens per whole coin, exact decimals cut as the
// API writes them (schemas/api/price.ts, TRADE_PRICE_SQL): the table's integer `price` column is raw quote units
// per whole coin rounded down, too coarse for that. Trades moving no coins carry no price and are left out.
import type { Olap, QueryParams } from '../../infra/olap/olap.js';
import { INTERVAL_SECONDS, MAX_CANDLES, type Interval } from '../../schemas/api/ohlcv.js';
import { pricePlaces, type PriceDecimals } from '../../schemas/api/price.js';
import { TRADES_TABLE } from '../trades/table.js';

/** Places of the Decimal256 a price is divided out in: enough for pricePlaces() of a quote of up to 18 decimals,
 * while leaving 46 integer digits for quoteAmount * 10^decimals. */
const PRICE_SCALE = 30;

/** A trade row's price in quote tokens per whole coin (coinAmount > 0), as the API writes it: quoteAmount *
 * {coinUnit} / coinAmount / {quoteUnit} divided out in Decimal256 (each division truncates, and cutting an
 * already-cut quotient again equals cutting the exact one), then cut to {places}. Parameters from priceParams().
 * Shared by every SQL read of prices, so they agree to the byte with api/decimal.ts formatPrice. */
export const TRADE_PRICE_SQL = `trunc(toDecimal256(quoteAmount, ${PRICE_SCALE}) * {coinUnit:UInt64} / coinAmount / {quoteUnit:UInt64}, {places:UInt8})`;

/** The parameters of TRADE_PRICE_SQL for a coin of `units`. */
export function priceParams(units: PriceDecimals): QueryParams {
  const places = pricePlaces(units.quoteDecimals);
  if (places > PRICE_SCALE || units.decimals > 19)
    throw new RangeError(`no SQL price for a coin of ${units.decimals} decimals quoted in ${units.quoteDecimals}`);
  return { coinUnit: 10n ** BigInt(units.decimals), quoteUnit: 10n ** BigInt(units.quoteDecimals), places };
}

export type CandleRow = {
  /** Bucket start, 'YYYY-MM-DD HH:MM:SS.000' UTC. */
  time: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  trades: string;
};

/** Only the coin's trades (with coins moved) before {before}, when one is given. */
const PRICED_TRADES = `mint = {mint:String} AND coinAmount > 0
  AND ({before:Nullable(DateTime64(3, 'UTC'))} IS NULL OR time < {before:Nullable(DateTime64(3, 'UTC'))})`;

/** Start of the oldest of the latest {limit} intervals with trades, so only their trades are folded (a busy coin's
 * minute candles need its last hours, not its whole history). Read without FINAL: a repeated row has the same time,
 * so the set of intervals is the same. */
const FIRST_BUCKET_KEPT = `
  SELECT toDateTime64(ifNull(min(b), 0) * {seconds:UInt32}, 3, 'UTC') FROM (
    SELECT DISTINCT intDiv(toUnixTimestamp(time), {seconds:UInt32}) AS b FROM ${TRADES_TABLE}
    WHERE ${PRICED_TRADES}
    ORDER BY b DESC
    LIMIT {limit:UInt32}
  )`;

export const CANDLES_SQL = `
SELECT time, open, high, low, close, volume, trades FROM (
  SELECT
    toDateTime64(intDiv(toUnixTimestamp(t.time), {seconds:UInt32}) * {seconds:UInt32}, 3, 'UTC') AS bucket,
    toString(bucket) AS time,
    toString(argMin(t.exact_price, (t.slot, t.logOffset, t.id))) AS open,
    toString(max(t.exact_price)) AS high,
    toString(min(t.exact_price)) AS low,
    toString(argMax(t.exact_price, (t.slot, t.logOffset, t.id))) AS close,
    toString(sum(toUInt256(t.quoteAmount))) AS volume,
    toString(count()) AS trades
  FROM (
    SELECT time, slot, logOffset, id, quoteAmount, ${TRADE_PRICE_SQL} AS exact_price
    FROM ${TRADES_TABLE} FINAL
    WHERE ${PRICED_TRADES} AND time >= (${FIRST_BUCKET_KEPT})
  ) AS t
  GROUP BY bucket
  ORDER BY bucket DESC
  LIMIT {limit:UInt32}
) ORDER BY time`;

export interface CandleQuery {
  mint: string;
  interval: Interval;
  /** The coin's decimals and its quote token's: prices are in whole quote tokens per whole coin. */
  units: PriceDecimals;
  /** At most this many candles, the latest ones (1..MAX_CANDLES). */
  limit?: number;
  /** Only trades before this time: 'YYYY-MM-DD HH:MM:SS.mmm' UTC. */
  before?: string | null;
}

/** The latest candles of a coin, oldest first. The route answers from the resident trades (api/market/candles.ts);
 * this read is the reference its tests hold it to. */
export function queryCandles(olap: Olap, query: CandleQuery): Promise<CandleRow[]> {
  const limit = Math.min(Math.max(query.limit ?? MAX_CANDLES, 1), MAX_CANDLES);
  return olap.query<CandleRow>(CANDLES_SQL, {
    mint: query.mint,
    seconds: INTERVAL_SECONDS[query.interval],
    limit,
    before: query.before ?? null,
    ...priceParams(query.units),
  });
}
