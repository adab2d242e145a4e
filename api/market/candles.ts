// Candles of `GET /coins/{mint}/ohlcv` from the resident trades (trade-book.ts), the only implementation of them
// (tests hold it to a recomputation from the trades): intervals aligned to the unix epoch, the latest MAX_CANDLES
// intervals with trades, trades without coins left out; open and close the interval's first and last trade in
// chain order (slot, log offset, event id), high and low its extreme prices, volume its quote. A price is in quote
// tokens per whole coin (schemas/api/price.ts: quoteAmount * 10^decimals / (coinAmount * 10^quoteDecimals), cut to
// 12 + quoteDecimals places). Prices are compared as fractions (in floating point where that decides it for sure,
// else exactly; the unit scales every price alike), so only the four prices a candle shows are divided out.
// Each answer is kept on the read path as a response object per (coin, interval) while the coin's trades are
// unchanged, and a repeated ask gets the very same object (never changed once made). When trades were added or
// changed only from some index on (new trades at the end), the next answer keeps the earlier intervals' candles and
// computes only the intervals from that trade's on, so a busy coin's daily candles do not read its whole history at
// every trade.
import type { ReadPath } from '../../projections/read-path.js';
import { isoFromSeconds } from '../../schemas/api/fields.js';
import { MAX_CANDLES, type Candle, type OhlcvResponse } from '../../schemas/api/ohlcv.js';
import type { PriceDecimals } from '../../schemas/api/price.js';
import { formatPrice } from '../decimal.js';
import type { CoinTrades } from './coin-trades.js';
import { tradeBook } from './trade-book.js';

/** Relative gap between two products of exact integers beyond which their floating-point order is certain. */
const SURE_GAP = 1e-12;

/** Order of the prices of trades `a` and `b` (quote / coin, both coin amounts positive). */
function comparePrices(trades: CoinTrades, a: number, b: number): number {
  const x = trades.quote[a]! * trades.coin[b]!;
  const y = trades.quote[b]! * trades.coin[a]!;
  if (Math.abs(x - y) > (x + y) * SURE_GAP) return x - y;
  const exact = trades.quoteExact(a) * trades.coinExact(b) - trades.quoteExact(b) * trades.coinExact(a);
  return exact < 0n ? -1 : exact > 0n ? 1 : 0;
}

interface CandleList {
  /** Oldest first. */
  candles: Candle[];
  /** Each candle's interval number (start / interval). */
  buckets: number[];
}

/** Candles of `trades` at `interval` seconds, newest first, back to interval number `stop` (inclusive) or
 * MAX_CANDLES of them. */
function latestCandles(trades: CoinTrades, interval: number, units: PriceDecimals, stop: number): CandleList {
  const prices = new Map<number, string>();
  const price = (i: number): string => {
    let text = prices.get(i);
    if (text === undefined) prices.set(i, (text = formatPrice(trades.quoteExact(i), trades.coinExact(i), units)));
    return text;
  };
  const list: CandleList = { candles: [], buckets: [] };
  let i = trades.length - 1;
  while (i >= 0 && list.candles.length < MAX_CANDLES) {
    if (trades.coin[i] === 0) {
      i -= 1;
      continue;
    }
    const bucket = Math.floor(trades.seconds[i]! / interval);
    if (bucket < stop) break;
    let open = i;
    let close = i;
    let high = i;
    let low = i;
    let volume = 0;
    let bigVolume: bigint | null = null;
    for (; i >= 0 && Math.floor(trades.seconds[i]! / interval) === bucket; i--) {
      if (trades.coin[i] === 0) continue;
      const quote = trades.quote[i]!;
      if (bigVolume === null && Number.isSafeInteger(volume + quote)) volume += quote;
      else bigVolume = (bigVolume ?? BigInt(volume)) + trades.quoteExact(i);
      if (i === open) continue;
      if (trades.chainCompare(i, open) < 0) open = i;
      if (trades.chainCompare(i, close) > 0) close = i;
      if (comparePrices(trades, i, high) > 0) high = i;
      if (comparePrices(trades, i, low) < 0) low = i;
    }
    list.candles.push({
      time: isoFromSeconds(bucket * interval),
      open: price(open),
      high: price(high),
      low: price(low),
      close: price(close),
      volume: (bigVolume ?? volume).toString(),
    });
    list.buckets.push(bucket);
    prices.clear();
  }
  list.candles.reverse();
  list.buckets.reverse();
  return list;
}

/** The latest candles of `trades` at `interval` seconds, oldest first. */
export function computeCandles(trades: CoinTrades, interval: number, units: PriceDecimals): Candle[] {
  return latestCandles(trades, interval, units, Number.NEGATIVE_INFINITY).candles;
}

/** `old` (the candles of an earlier version) brought up to date when the trades before index `from` are as they
 * were: the intervals before the one of trade `from` are kept as they are, the later ones computed again. */
function updatedCandles(trades: CoinTrades, interval: number, units: PriceDecimals, old: CandleList, from: number): CandleList {
  if (from >= trades.length) return old;
  const stop = Math.floor(trades.seconds[from]! / interval);
  let keep = old.buckets.length;
  while (keep > 0 && old.buckets[keep - 1]! >= stop) keep -= 1;
  const fresh = latestCandles(trades, interval, units, stop);
  const drop = Math.max(0, keep + fresh.candles.length - MAX_CANDLES);
  return {
    candles: old.candles.slice(drop, keep).concat(fresh.candles),
    buckets: old.buckets.slice(drop, keep).concat(fresh.buckets),
  };
}

/** A kept answer with what brings it up to date: the trades' version and the candles' intervals. */
interface KeptCandles {
  version: number;
  list: CandleList;
  response: OhlcvResponse;
}

/** Candles of `mint` (its decimals and its quote token's in `units`) at `interval` seconds. */
export async function coinCandles(reads: ReadPath, mint: string, interval: number, units: PriceDecimals): Promise<OhlcvResponse> {
  const trades = await tradeBook(reads).trades(mint);
  const key = `candles\n${mint}|${interval}|${units.decimals}|${units.quoteDecimals}`;
  const kept = await reads.answer(key, { tables: [], variant: String(trades.version) }, async (before: KeptCandles | null) => {
    const from = before === null ? 0 : trades.changedSince(before.version);
    const list = from > 0 ? updatedCandles(trades, interval, units, before!.list, from) : latestCandles(trades, interval, units, Number.NEGATIVE_INFINITY);
    return { version: trades.version, list, response: { candles: list.candles } };
  });
  return kept.response;
}
