// Schemas of `GET /coins/{mint}/ohlcv`: price candles from the coin's trades, oldest first, at most 500 (the
// latest ones). A candle exists only for an interval with trades; intervals start on multiples of their length
// since the unix epoch (UTC). Prices are quote tokens per whole coin (price.ts); volume is raw quote units.
import { z } from 'zod';
import { isoTime, rawAmount } from './fields.js';
import { priceString } from './price.js';

/** Length of each interval in seconds. */
export const INTERVAL_SECONDS = { '1m': 60, '5m': 300, '15m': 900, '1h': 3_600, '4h': 14_400, '1d': 86_400 } as const;
export type Interval = keyof typeof INTERVAL_SECONDS;
export const INTERVALS = Object.keys(INTERVAL_SECONDS) as [Interval, ...Interval[]];

/** Most candles one answer carries. */
export const MAX_CANDLES = 500;

export const ohlcvQuery = z.object({
  interval: z.enum(INTERVALS).default('1h').describe('Candle length'),
});

const price = priceString("A trade's price (its quoteAmount against its coinAmount)");

export const candle = z.object({
  time: isoTime.describe('Start of the interval'),
  open: price,
  high: price,
  low: price,
  close: price,
  volume: rawAmount.describe('Quote traded in the interval, fees excluded, raw quote units'),
});

export const ohlcvResponse = z.object({
  candles: z.array(candle).max(MAX_CANDLES).describe('Oldest first; intervals without trades are left out'),
});

export type OhlcvQuery = z.output<typeof ohlcvQuery>;
export type Candle = z.output<typeof candle>;
export type OhlcvResponse = z.output<typeof ohlcvResponse>;
