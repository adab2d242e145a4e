// The `candles` read model: each coin's candle at every interval of the API (schemas/api/ohlcv.ts) and every interval
// number with trades, written by projector.ts. Open, high, low and close are the quote and coin amounts of the trade
// that sets them, so a price is divided out only when shown (with the coin's and its quote's decimals); volume is the
// quote traded, fees excluded. The open and close trades' slots are kept so that a longer interval's candle is made
// from the shorter ones'.
import type { TableDef } from '../projector.js';

export const CANDLES_TABLE = 'candles';

/** A candle: `interval` in seconds, `bucket` its start / interval, the amounts and slots (64-bit and wider) as decimal text. */
export type CandleRow = { mint: string; interval: number; bucket: number } & Record<
  'openQuote' | 'openCoin' | 'openSlot' | 'highQuote' | 'highCoin' | 'lowQuote' | 'lowCoin' | 'closeQuote' | 'closeCoin' | 'closeSlot' | 'volume',
  string
>;

export const candlesTable: TableDef = {
  name: CANDLES_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${CANDLES_TABLE} (
  mint String, interval UInt32, bucket UInt32,
  openQuote UInt128, openCoin UInt128, highQuote UInt128, highCoin UInt128,
  lowQuote UInt128, lowCoin UInt128, closeQuote UInt128, closeCoin UInt128, volume UInt256,
  openSlot UInt64, closeSlot UInt64
) ENGINE = ReplacingMergeTree ORDER BY (mint, interval, bucket)`,
};
