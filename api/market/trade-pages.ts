// Pages of `GET /coins/{mint}/trades` from the resident trades (trade-book.ts): newest first, before a cursor of a
// block second and a rank within it (the ISO time's milliseconds, schemas/api/trades.ts), ranks in chain order and
// stable because new trades only ever join at later slots. A cursor resolves to how many trades lie before it, so
// every cursor between the same two trades asks for the same page. A page never starts inside the tail of a second
// of more than 1000 trades (ranks from TAIL_RANK on, where no cursor points): it is cut short at that second's end,
// or takes the whole tail. The pages readers share, the latest and the one its `next.before` reaches, are kept on the
// read path while the coin's trades are unchanged; others are built on each ask (random cursors are rarely asked
// twice, and keeping them only carried short-lived pages into the old generation, whose collections pause all).
import type { ReadPath } from '../../projections/read-path.js';
import { isoFromSeconds } from '../../schemas/api/fields.js';
import { formatCursor, TAIL_RANK, type TradeCursor, type TradesResponse } from '../../schemas/api/trades.js';
import type { CoinTrades } from './coin-trades.js';
import { tradeBook } from './trade-book.js';

/** The latest second a ClickHouse DateTime holds, where trades' times end: a cursor past it means no bound. */
const MAX_DATETIME_SECONDS = 4_294_967_295;

/** How many of the coin's trades lie before `cursor` (all without one). */
function countBefore(trades: CoinTrades, cursor: TradeCursor | null): number {
  if (cursor === null || cursor.seconds > MAX_DATETIME_SECONDS) return trades.length;
  if (cursor.seconds < 0) return 0;
  return trades.countBefore(cursor);
}

/** Where the page of up to `limit` trades before index `end` starts: `end - limit` unless that is inside a busy
 * second's tail, where no cursor points; then the second's end (a shorter page), or the tail's start when the page
 * would otherwise be empty (a longer one). `end` is always where a cursor points. */
function pageStart(trades: CoinTrades, end: number, limit: number): number {
  const start = Math.max(0, end - limit);
  if (start === 0 || trades.rank(start) <= TAIL_RANK) return start;
  const secondEnd = trades.firstAtOrAfter(trades.seconds[start]! + 1);
  return secondEnd < end ? secondEnd : start - trades.rank(start) + TAIL_RANK;
}

/** The page of `limit` trades before `cursor`, newest first, with the next cursor. */
export function pageOf(trades: CoinTrades, cursor: TradeCursor | null, limit: number): TradesResponse {
  return buildPage(trades, countBefore(trades, cursor), limit);
}

function buildPage(trades: CoinTrades, end: number, limit: number): TradesResponse {
  const start = pageStart(trades, end, limit);
  const page: TradesResponse['trades'] = [];
  for (let i = end - 1; i >= start; i--) {
    page.push({
      signature: trades.signature(i),
      time: isoFromSeconds(trades.seconds[i]!),
      side: trades.isSell(i) ? 'sell' : 'buy',
      trader: trades.traderOf(i),
      coinAmount: trades.coinText(i),
      quoteAmount: trades.quoteText(i),
    });
  }
  return { trades: page, next: { before: nextBefore(trades, start, end) } };
}

/** The cursor of the page after the one of trades [start, end): null when it is the last. */
function nextBefore(trades: CoinTrades, start: number, end: number): string | null {
  return start > 0 && end > start ? formatCursor({ seconds: trades.seconds[start]!, millis: trades.rank(start) }) : null;
}

/** Up to `limit` trades of `mint` before `cursor` (the latest without one), newest first, with the next cursor: the
 * kept page where it is one (the latest, or the one its `next.before` reaches), made and kept if missing or out of
 * date; any other page built on each ask. */
export async function tradePage(reads: ReadPath, mint: string, cursor: TradeCursor | null, limit: number): Promise<TradesResponse> {
  const trades = await tradeBook(reads).trades(mint);
  const end = countBefore(trades, cursor);
  const fromLatest = trades.length - end;
  if (fromLatest !== 0 && fromLatest !== trades.length - pageStart(trades, trades.length, limit)) return buildPage(trades, end, limit);
  return reads.answer(`trade-page\n${mint}|${fromLatest}|${limit}`, { tables: [], variant: String(trades.version) }, async () => buildPage(trades, end, limit));
}
