// Candles are computed at query time from the deduplicated trades table, not stored. Why: a stored aggregate
// (a materialized view or AggregatingMergeTree) adds each inserted block again, so a batch repeated after a
// crash or a replay would count twice; trades FINAL holds each trade once by event id, so candles folded from
// it are exact by construction, for every interval, after any replay. The scan is one coin's range of the
// trades sorting key (mint, time, ...), which ClickHouse folds at millions of rows a second.
//
// A candle: bucket start (unix seconds rounded down to the interval, UTC, so 4h and 1d align to midnight),
// open/close = price of the first/last trade by (slot, logOffset), high/low = max/min price, volume = sum of
// quoteAmount (quote raw units, fee excluded). Prices are quote raw units per whole coin. Trades moving no
// coins carry no price and are left out.
import type { Olap } from '../../infra/olap/olap.js';
import { TRADES_TABLE } from '../trades/table.js';

export const CANDLE_INTERVALS = { '1m': 60, '5m': 300, '15m': 900, '1h': 3_600, '4h': 14_400, '1d': 86_400 } as const;
export type CandleInterval = keyof typeof CANDLE_INTERVALS;
export const MAX_CANDLES = 500;

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

export const CANDLES_SQL = `
SELECT time, open, high, low, close, volume, trades FROM (
  SELECT
    toDateTime64(intDiv(toUnixTimestamp(t.time), {seconds:UInt32}) * {seconds:UInt32}, 3, 'UTC') AS bucket,
    toString(bucket) AS time,
    toString(argMin(t.price, (t.slot, t.logOffset))) AS open,
    toString(max(t.price)) AS high,
    toString(min(t.price)) AS low,
    toString(argMax(t.price, (t.slot, t.logOffset))) AS close,
    toString(sum(t.quoteAmount)) AS volume,
    toString(count()) AS trades
  FROM ${TRADES_TABLE} AS t FINAL
  WHERE t.mint = {mint:String} AND t.coinAmount > 0
    AND ({before:Nullable(DateTime64(3, 'UTC'))} IS NULL OR t.time < {before:Nullable(DateTime64(3, 'UTC'))})
  GROUP BY bucket
  ORDER BY bucket DESC
  LIMIT {limit:UInt32}
) ORDER BY time`;

export interface CandleQuery {
  mint: string;
  interval: CandleInterval;
  /** At most this many candles, the latest ones (1..500). */
  limit?: number;
  /** Only trades before this time: 'YYYY-MM-DD HH:MM:SS.mmm' UTC. */
  before?: string | null;
}

/** The latest candles of a coin, oldest first. */
export function queryCandles(olap: Olap, query: CandleQuery): Promise<CandleRow[]> {
  const limit = Math.min(Math.max(query.limit ?? MAX_CANDLES, 1), MAX_CANDLES);
  return olap.query<CandleRow>(CANDLES_SQL, { mint: query.mint, seconds: CANDLE_INTERVALS[query.interval], limit, before: query.before ?? null });
}
