// Pages of `GET /coins/{mint}/trades` from a run of a coin's trades in page order (block second, then chain order),
// holding whole seconds: the trade window's latest trades (trade-window.ts) or a stretch read from the store
// (projections/trades/queries.ts), one builder for both. Newest first, before a cursor of a block second and a rank
// within it (schemas/api/trades.ts); a cursor resolves to how many trades lie before it, so every cursor between the
// same two trades asks for the same page. A page never starts inside the tail of a second of more than 1000 trades
// (ranks from TAIL_RANK on, where no cursor points): it is cut short at that second's end, or takes the whole tail.
import { MAX_DATETIME_SECONDS, type HeldTrade, type TradeRun } from '../../projections/trades/queries.js';
import { formatCursor, TAIL_RANK, type Trade, type TradeCursor, type TradesResponse } from '../../schemas/api/trades.js';

/** The trade as every answer shows it (pages, streams): its time is its place, the block second and its rank in it. */
export function tradeItem(trade: HeldTrade, rank: number): Trade {
  return {
    signature: trade.signature,
    time: formatCursor({ seconds: trade.seconds, millis: Math.min(rank, TAIL_RANK) }),
    side: trade.side,
    trader: trade.trader,
    coinAmount: trade.coinAmount,
    quoteAmount: trade.quoteAmount,
  };
}

/** Index of the first of `items` (in block-second order: trades, the coin board's ticks) at or after `seconds`. */
export function firstAtOrAfter(items: readonly { seconds: number }[], seconds: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (items[mid]!.seconds < seconds) low = mid + 1;
    else high = mid;
  }
  return low;
}

export function rankOf(trades: readonly HeldTrade[], i: number): number {
  return i - firstAtOrAfter(trades, trades[i]!.seconds);
}

/** How many of the run's trades lie before `cursor` (all without one); null when the cursor lies before the run. */
function countBefore({ trades, complete }: TradeRun, cursor: TradeCursor | null): number | null {
  if (cursor === null || cursor.seconds > MAX_DATETIME_SECONDS) return trades.length;
  if (cursor.seconds < 0) return 0;
  if (!complete && (trades.length === 0 || cursor.seconds < trades[0]!.seconds)) return null;
  const start = firstAtOrAfter(trades, cursor.seconds);
  const inSecond = firstAtOrAfter(trades, cursor.seconds + 1) - start;
  return start + (cursor.millis > TAIL_RANK ? inSecond : Math.min(cursor.millis, inSecond));
}

/** Where the page of up to `limit` trades before index `end` starts: `end - limit` unless that is inside a busy
 * second's tail; then the second's end (a shorter page), or the tail's start when the page would otherwise be empty
 * (a longer one). */
function pageStart(trades: readonly HeldTrade[], end: number, limit: number): number {
  const start = Math.max(0, end - limit);
  if (start === 0 || rankOf(trades, start) <= TAIL_RANK) return start;
  const secondEnd = firstAtOrAfter(trades, trades[start]!.seconds + 1);
  return secondEnd < end ? secondEnd : start - rankOf(trades, start) + TAIL_RANK;
}

/** The page of `limit` trades before `cursor`, newest first, with the next cursor; null when the run does not hold
 * it (it reaches before the run's first trade, which is not the coin's first). */
export function tradePage(run: TradeRun, cursor: TradeCursor | null, limit: number): TradesResponse | null {
  const { trades, complete } = run;
  const end = countBefore(run, cursor);
  if (end === null || (!complete && end - limit < 0)) return null;
  const start = pageStart(trades, end, limit);
  const page: Trade[] = [];
  for (let i = end - 1; i >= start; i--) page.push(tradeItem(trades[i]!, rankOf(trades, i)));
  const more = start > 0 || !complete;
  return { trades: page, next: { before: end > start && more ? page.at(-1)!.time : null } };
}
