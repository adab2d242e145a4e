// Pages of `GET /coins/{mint}/trades` from the resident trades (trade-book.ts): newest first, before a cursor of a
// block second and a rank within it (the ISO time's nanoseconds), exactly as the SQL read pages them
// (api/queries/trades.ts, the tests' reference). A cursor resolves to how many trades lie before it, so every
// cursor between the same two trades asks for the same page. The pages readers share, the latest and the one its
// `next.before` reaches, are kept as response objects while the coin's trades are unchanged (at most MAX_KEPT, the
// least recently asked going first; a 50-trade page is about 10 KB and its JSON 13 KB), and a repeated ask gets
// the very same object (never changed once made). Other pages are built on each ask: cursors of all ages are
// rarely asked twice (~2% of a bench run's), and keeping them only carried short-lived pages into the old
// generation, whose collections then paused every request.
import type { Olap } from '../../infra/olap/olap.js';
import { formatCursor, type TradeCursor, type TradesResponse } from '../../schemas/api/trades.js';
import { MAX_DATETIME_SECONDS } from '../queries/trades.js';
import type { CoinTrades } from './coin-trades.js';
import { tradeBook } from './trade-book.js';

const MAX_KEPT = 3_000;

interface KeptPage {
  version: number;
  response: TradesResponse;
}

const kept = new WeakMap<Olap, Map<string, KeptPage>>();

/** How many of the coin's trades lie before `cursor` (all without one). */
function countBefore(trades: CoinTrades, cursor: TradeCursor | null): number {
  if (cursor === null || cursor.seconds > MAX_DATETIME_SECONDS) return trades.length;
  if (cursor.seconds < 0) return 0;
  return trades.countBefore({ seconds: cursor.seconds, rank: cursor.nanos });
}

/** The page of `limit` trades before `cursor`, newest first, with the next cursor. */
export function pageOf(trades: CoinTrades, cursor: TradeCursor | null, limit: number): TradesResponse {
  return buildPage(trades, countBefore(trades, cursor), limit);
}

function buildPage(trades: CoinTrades, end: number, limit: number): TradesResponse {
  const start = Math.max(0, end - limit);
  const page: TradesResponse['trades'] = [];
  let second = -1;
  let time = '';
  for (let i = end - 1; i >= start; i--) {
    if (trades.seconds[i] !== second) {
      second = trades.seconds[i]!;
      time = new Date(second * 1000).toISOString();
    }
    page.push({
      signature: trades.signature(i),
      time,
      side: trades.sell[i] === 1 ? 'sell' : 'buy',
      trader: trades.traderOf(i),
      coinAmount: trades.coinText(i),
      quoteAmount: trades.quoteText(i),
    });
  }
  const before = start > 0 && end > start ? formatCursor({ seconds: trades.seconds[start]!, nanos: trades.rank(start) }) : null;
  return { trades: page, next: { before } };
}

/** Up to `limit` trades of `mint` before `cursor` (the latest without one), newest first, with the next cursor. */
export async function tradePage(olap: Olap, mint: string, cursor: TradeCursor | null, limit: number): Promise<TradesResponse> {
  const trades = await tradeBook(olap).trades(mint);
  const end = countBefore(trades, cursor);
  const fromLatest = trades.length - end;
  if (fromLatest !== 0 && fromLatest !== limit) return buildPage(trades, end, limit);
  let pages = kept.get(olap);
  if (pages === undefined) kept.set(olap, (pages = new Map()));
  const key = `${mint}|${fromLatest}|${limit}`;
  const found = pages.get(key);
  pages.delete(key);
  if (found !== undefined && found.version === trades.version) {
    pages.set(key, found);
    return found.response;
  }
  const response = buildPage(trades, end, limit);
  pages.set(key, { version: trades.version, response });
  if (pages.size > MAX_KEPT) pages.delete(pages.keys().next().value!);
  return response;
}
