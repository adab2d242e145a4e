// The candle window: each coin's latest MAX_CANDLES candles at every interval of GET /coins/{mint}/ohlcv, as the
// candles projector defines them (projections/candles): intervals aligned to the epoch, trades without coins moved
// left out, open and close the first and last trade in chain order, high and low by price (quote against coin,
// compared exactly), volume the quote traded. Loaded as the candles table holds the buckets before the previous UTC
// day and from the trades since (so no loaded bucket can still change), then each trade folds in once
// (chain-guard.ts). A trade the log brings from before that day is in the loaded buckets already, or, when the
// projections were still replaying that history at the load, reaches them when the views next load. A candle is
// eight u64 amounts in one BigUint64Array and its volume a bigint.
import type { Olap } from '../../infra/olap/olap.js';
import { CANDLES_TABLE } from '../../projections/candles/table.js';
import type { LoggedEvent } from '../../projections/projector.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { isoFromSeconds } from '../../schemas/api/fields.js';
import { INTERVAL_SECONDS, MAX_CANDLES, type Candle, type Interval } from '../../schemas/api/ohlcv.js';
import type { PriceDecimals } from '../../schemas/api/price.js';
import { formatPrice } from '../decimal.js';
import { ChainGuard } from './chain-guard.js';
import type { TouchedCoins, View } from './view.js';

const INTERVALS = Object.values(INTERVAL_SECONDS);
const DAY = 86_400;
/** A candle's amounts are four prices, each a quote amount and then a coin amount, from these offsets. */
const OPEN = 0;
const HIGH = 2;
const LOW = 4;
const CLOSE = 6;
const AMOUNTS = 8;

/** One coin's candles at one interval, oldest first. */
class Series {
  /** Unix seconds before which the candles are the candles table's as loaded: a trade before it is in them. */
  tableBefore = 0;
  buckets = new Uint32Array(4);
  amounts = new BigUint64Array(4 * AMOUNTS);
  volumes: bigint[] = [];
  length = 0;

  /** Folds a trade into bucket `bucket` (a new one after the last, or one held). */
  fold(bucket: number, quote: bigint, coin: bigint): void {
    let i = this.length - 1;
    while (i >= 0 && this.buckets[i]! > bucket) i -= 1;
    if (i < 0 || this.buckets[i] !== bucket) return this.put(i + 1, bucket, [quote, coin, quote, coin, quote, coin, quote, coin], quote);
    const a = this.amounts;
    const at = i * AMOUNTS;
    if (quote * a[at + HIGH + 1]! > a[at + HIGH]! * coin) [a[at + HIGH], a[at + HIGH + 1]] = [quote, coin];
    if (quote * a[at + LOW + 1]! < a[at + LOW]! * coin) [a[at + LOW], a[at + LOW + 1]] = [quote, coin];
    [a[at + CLOSE], a[at + CLOSE + 1]] = [quote, coin];
    this.volumes[i]! += quote;
  }

  /** Puts a candle at index `i`; past MAX_CANDLES the oldest leaves. */
  put(i: number, bucket: number, amounts: readonly bigint[], volume: bigint): void {
    if (this.length === this.buckets.length) this.grow();
    this.buckets.copyWithin(i + 1, i, this.length);
    this.amounts.copyWithin((i + 1) * AMOUNTS, i * AMOUNTS, this.length * AMOUNTS);
    this.buckets[i] = bucket;
    this.amounts.set(amounts, i * AMOUNTS);
    this.volumes.splice(i, 0, volume);
    this.length += 1;
    if (this.length <= MAX_CANDLES) return;
    this.buckets.copyWithin(0, 1, this.length);
    this.amounts.copyWithin(0, AMOUNTS, this.length * AMOUNTS);
    this.volumes.shift();
    this.length -= 1;
  }

  private grow(): void {
    const capacity = Math.min(this.buckets.length * 2, MAX_CANDLES + 1);
    const buckets = new Uint32Array(capacity);
    buckets.set(this.buckets);
    const amounts = new BigUint64Array(capacity * AMOUNTS);
    amounts.set(this.amounts);
    [this.buckets, this.amounts] = [buckets, amounts];
  }

  candle(i: number, interval: number, units: PriceDecimals): Candle {
    const a = this.amounts;
    const at = i * AMOUNTS;
    const price = (offset: number) => formatPrice(a[at + offset]!, a[at + offset + 1]!, units);
    return {
      time: isoFromSeconds(this.buckets[i]! * interval),
      open: price(OPEN),
      high: price(HIGH),
      low: price(LOW),
      close: price(CLOSE),
      volume: this.volumes[i]!.toString(),
    };
  }
}

type CandleRow = { mint: string; interval: number; bucket: number; amounts: string[]; volume: string };
type TradeRow = { mint: string; id: string; slot: string; seconds: number; quote: string; coin: string };

export class CandleWindow implements View {
  readonly name = 'candle-window';
  readonly canHandle = ['trade'] as const;
  private coins = new Map<string, Map<number, Series>>();
  private guard = new ChainGuard();

  /** The coin's latest candles at `interval`, oldest first, priced with `units`. */
  candles(mint: string, interval: Interval, units: PriceDecimals): Candle[] {
    const seconds = INTERVAL_SECONDS[interval];
    const series = this.coins.get(mint)?.get(seconds);
    return series === undefined ? [] : Array.from({ length: series.length }, (_, i) => series.candle(i, seconds, units));
  }

  /** The coin's latest candle at `interval`, or null before its first trade. */
  latest(mint: string, interval: Interval, units: PriceDecimals): Candle | null {
    const seconds = INTERVAL_SECONDS[interval];
    const series = this.coins.get(mint)?.get(seconds);
    return series === undefined || series.length === 0 ? null : series.candle(series.length - 1, seconds, units);
  }

  async load(olap: Olap, nowSeconds: number): Promise<void> {
    this.coins = new Map();
    this.guard = new ChainGuard();
    const since = Math.floor(nowSeconds / DAY) * DAY - DAY;
    const old = await olap.query<CandleRow>(
      `SELECT mint, interval, bucket, [toString(openQuote), toString(openCoin), toString(highQuote), toString(highCoin),
         toString(lowQuote), toString(lowCoin), toString(closeQuote), toString(closeCoin)] AS amounts, toString(volume) AS volume
       FROM ${CANDLES_TABLE} FINAL WHERE bucket * interval < {since:UInt32}
       ORDER BY mint, interval, bucket DESC LIMIT ${MAX_CANDLES} BY mint, interval`,
      { since },
    );
    for (const row of old.reverse()) {
      const series = this.series(row.mint, Number(row.interval));
      series.tableBefore = since;
      series.put(series.length, Number(row.bucket), row.amounts.map(BigInt), BigInt(row.volume));
    }
    const recent = await olap.query<TradeRow>(
      `SELECT mint, id, slot, toUnixTimestamp(time) AS seconds, toString(quoteAmount) AS quote, toString(coinAmount) AS coin
       FROM ${TRADES_TABLE} FINAL WHERE time >= toDateTime({since:UInt32}) ORDER BY mint, slot, logOffset, id`,
      { since },
    );
    for (const row of recent) this.fold(row.mint, Number(row.slot), row.id, Number(row.seconds), BigInt(row.quote), BigInt(row.coin));
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
    for (const interval of INTERVALS) {
      const series = this.series(mint, interval);
      if (seconds >= series.tableBefore) series.fold(Math.floor(seconds / interval), quote, coin);
    }
    return true;
  }

  private series(mint: string, interval: number): Series {
    let coin = this.coins.get(mint);
    if (coin === undefined) this.coins.set(mint, (coin = new Map()));
    let series = coin.get(interval);
    if (series === undefined) coin.set(interval, (series = new Series()));
    return series;
  }
}
