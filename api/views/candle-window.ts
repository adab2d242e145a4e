// The candle window: each coin's latest MAX_CANDLES candles at every interval of GET /coins/{mint}/ohlcv, as the
// candles projector defines them (projections/candles): intervals aligned to the epoch, trades without coins moved
// left out, open and close the first and last trade in chain order, high and low by price (quote against coin,
// compared exactly), volume the quote traded. Loaded as the candles table holds the buckets before the previous UTC
// day and from the trades since (so no loaded bucket can still change), then each trade folds in once
// (ChainGuard). A trade the log brings from before that day is in the loaded buckets already, or, when the
// projections were still replaying that history at the load, reaches them when the views next load. A candle is
// eleven u64s in one BigUint64Array.
import type { Olap } from '../../infra/olap/olap.js';
import { CANDLES_TABLE } from '../../projections/candles/table.js';
import type { LoggedEvent } from '../../projections/projector.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { isoFromSeconds } from '../../schemas/api/fields.js';
import { INTERVAL_SECONDS, MAX_CANDLES, type Candle, type Interval } from '../../schemas/api/ohlcv.js';
import type { PriceDecimals } from '../../schemas/api/price.js';
import { formatPrice } from '../decimal.js';
import { ChainGuard, type TouchedCoins, type View } from './live-views.js';

const INTERVALS = Object.values(INTERVAL_SECONDS);
const DAY = 86_400;
/** A candle's u64s from these offsets: its bucket; four prices, each a quote amount and then a coin amount; its volume,
 * the low 64 bits and then the high (a sum of 64-bit amounts needs more than 128 bits only past 2^64 trades). */
const BUCKET = 0;
const OPEN = 1;
const HIGH = 3;
const LOW = 5;
const CLOSE = 7;
const VOLUME = 9;
const SIZE = 11;

const volumeAt = (a: BigUint64Array, at: number) => (a[at + VOLUME + 1]! << 64n) | a[at + VOLUME]!;

/** One coin's candles at one interval, oldest first. */
class Series {
  /** Unix seconds before which the candles are the candles table's as loaded: a trade before it is in them. */
  tableBefore = 0;
  candles = new BigUint64Array(4 * SIZE);
  length = 0;

  constructor(readonly interval: number) {}

  /** Folds a trade at `seconds` into its bucket (a new one after the last, or one held), unless the loaded candles hold it. */
  fold(seconds: number, quote: bigint, coin: bigint): void {
    if (seconds < this.tableBefore) return;
    const a = this.candles;
    const key = BigInt(Math.floor(seconds / this.interval));
    let at = (this.length - 1) * SIZE;
    while (at >= 0 && a[at + BUCKET]! > key) at -= SIZE;
    if (at < 0 || a[at + BUCKET] !== key) return this.put(at / SIZE + 1, [key, quote, coin, quote, coin, quote, coin, quote, coin], quote);
    if (quote * a[at + HIGH + 1]! > a[at + HIGH]! * coin) [a[at + HIGH], a[at + HIGH + 1]] = [quote, coin];
    if (quote * a[at + LOW + 1]! < a[at + LOW]! * coin) [a[at + LOW], a[at + LOW + 1]] = [quote, coin];
    [a[at + CLOSE], a[at + CLOSE + 1]] = [quote, coin];
    const volume = volumeAt(a, at) + quote;
    [a[at + VOLUME], a[at + VOLUME + 1]] = [volume, volume >> 64n];
  }

  /** Puts a candle (its bucket and prices, and its volume) at index `i`; past MAX_CANDLES the oldest leaves. */
  put(i: number, candle: readonly bigint[], volume: bigint): void {
    if (this.length * SIZE === this.candles.length) {
      const grown = new BigUint64Array(Math.min(this.length * 2, MAX_CANDLES + 1) * SIZE);
      grown.set(this.candles);
      this.candles = grown;
    }
    const a = this.candles;
    a.copyWithin((i + 1) * SIZE, i * SIZE, this.length * SIZE);
    a.set([...candle, volume, volume >> 64n], i * SIZE);
    this.length += 1;
    if (this.length <= MAX_CANDLES) return;
    a.copyWithin(0, SIZE, this.length * SIZE);
    this.length -= 1;
  }

  candle(i: number, units: PriceDecimals): Candle {
    const a = this.candles;
    const at = i * SIZE;
    const price = (offset: number) => formatPrice(a[at + offset]!, a[at + offset + 1]!, units);
    return {
      time: isoFromSeconds(Number(a[at + BUCKET]) * this.interval),
      open: price(OPEN),
      high: price(HIGH),
      low: price(LOW),
      close: price(CLOSE),
      volume: volumeAt(a, at).toString(),
    };
  }
}

export class CandleWindow implements View {
  readonly name = 'candle-window';
  readonly canHandle = ['trade'] as const;
  private coins = new Map<string, Map<number, Series>>();
  private guard = new ChainGuard();

  /** The coin's latest candles at `interval`, oldest first, priced with `units`. */
  candles(mint: string, interval: Interval, units: PriceDecimals): Candle[] {
    const series = this.coins.get(mint)?.get(INTERVAL_SECONDS[interval]);
    return series === undefined ? [] : Array.from({ length: series.length }, (_, i) => series.candle(i, units));
  }

  /** The coin's latest candle at `interval`, or null before its first trade. */
  latest(mint: string, interval: Interval, units: PriceDecimals): Candle | null {
    const series = this.coins.get(mint)?.get(INTERVAL_SECONDS[interval]);
    return series === undefined || series.length === 0 ? null : series.candle(series.length - 1, units);
  }

  async load(olap: Olap, slices: readonly string[][], nowSeconds: number): Promise<void> {
    this.coins = new Map();
    this.guard = new ChainGuard();
    const since = Math.floor(nowSeconds / DAY) * DAY - DAY;
    for (const mints of slices) {
      const old = await olap.query<{ mint: string; interval: number; bucket: number; amounts: string[]; volume: string }>(
        `SELECT mint, interval, bucket, [openQuote, openCoin, highQuote, highCoin, lowQuote, lowCoin, closeQuote, closeCoin] AS amounts, volume
         FROM ${CANDLES_TABLE} FINAL WHERE mint IN {mints:Array(String)} AND bucket * interval < {since:UInt32}
         ORDER BY mint, interval, bucket DESC LIMIT ${MAX_CANDLES} BY mint, interval`,
        { since, mints },
      );
      for (const row of old.reverse()) {
        const series = this.seriesOf(row.mint).get(Number(row.interval))!;
        series.tableBefore = since;
        series.put(series.length, [BigInt(row.bucket), ...row.amounts.map(BigInt)], BigInt(row.volume));
      }
      const recent = await olap.query<{ mint: string; id: string; slot: string; seconds: number; quote: string; coin: string }>(
        `SELECT mint, id, slot, toUnixTimestamp(time) AS seconds, quoteAmount AS quote, coinAmount AS coin
         FROM ${TRADES_TABLE} FINAL WHERE mint IN {mints:Array(String)} AND time >= toDateTime({since:UInt32}) ORDER BY mint, slot, logOffset, id`,
        { since, mints },
      );
      for (const row of recent) this.fold(row.mint, Number(row.slot), row.id, Number(row.seconds), BigInt(row.quote), BigInt(row.coin));
    }
  }

  handle(events: readonly LoggedEvent[]): TouchedCoins {
    const touched = new Set<string>();
    for (const { event } of events) {
      if (event.type !== 'trade') continue;
      const d = event.data;
      if (this.fold(d.mint, event.slot, event.id, event.blockTime, BigInt(d.quoteAmount), BigInt(d.coinAmount))) touched.add(d.mint);
    }
    return touched;
  }

  /** Folds a trade in once; whether it was new and moved coins. */
  private fold(mint: string, slot: number, id: string, seconds: number, quote: bigint, coin: bigint): boolean {
    if (!this.guard.admit(mint, slot, id) || coin === 0n) return false;
    for (const series of this.seriesOf(mint).values()) series.fold(seconds, quote, coin);
    return true;
  }

  /** The coin's series at every interval, made on its first candle or trade. */
  private seriesOf(mint: string): Map<number, Series> {
    let series = this.coins.get(mint);
    if (series === undefined) this.coins.set(mint, (series = new Map(INTERVALS.map((interval) => [interval, new Series(interval)]))));
    return series;
  }
}
