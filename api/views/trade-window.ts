// The trade window: each coin's latest trades, whole seconds of them, at least WINDOW_TRADES where the coin has them
// (all of a coin that has fewer), for its first trade pages, the market data tool and the live streams. Loaded from
// the trades table; a trade folds in once (ChainGuard) at the end of its coin's run, and the oldest seconds leave
// while the rest still hold WINDOW_TRADES.
//
// The one builder of `GET /coins/{mint}/trades` pages (tradePage), for the window's runs and the stretches read from
// the store (projections/trades/queries.ts): runs in page order (block second, then chain order), whole seconds.
// Newest first, before a cursor of a block second and a rank within it (schemas/api/trades.ts); a cursor resolves to
// how many trades lie before it, so every cursor between the same two trades asks for the same page. A page never
// starts inside the tail of a second of more than 1000 trades (ranks from TAIL_RANK on, where no cursor points): it
// is cut short at that second's end, or takes the whole tail.
import type { Olap } from '../../infra/olap/olap.js';
import type { LoggedEvent } from '../../projections/projector.js';
import { HELD_TRADE_COLUMNS, type HeldTrade, heldTrade, MAX_DATETIME_SECONDS, type TradeRun } from '../../projections/trades/queries.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { formatCursor, TAIL_RANK, type Trade, type TradeCursor, type TradesResponse } from '../../schemas/api/trades.js';
import { ChainGuard, type TouchedCoins, type View } from './live-views.js';

/** The trade as every answer shows it (pages, streams): its time is its place, the block second and its rank in it. */
function tradeItem({ signature, seconds, side, trader, coinAmount, quoteAmount }: HeldTrade, rank: number): Trade {
  return { signature, time: formatCursor({ seconds, millis: Math.min(rank, TAIL_RANK) }), side, trader, coinAmount, quoteAmount };
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

function rankOf(trades: readonly HeldTrade[], i: number): number {
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

/** Trades held per coin at least: two pages of the largest size. */
export const WINDOW_TRADES = 200;

type CoinRun = TradeRun & { trades: HeldTrade[] };

/** Each coin's trades from the second of its (WINDOW_TRADES + 1)th latest on, oldest first, with how many of the
 * latest it has up to that many: a run from the start of a second, so whole seconds. */
const LATEST_SQL = `
  SELECT mint, id, slot, ${HELD_TRADE_COLUMNS}, latest
  FROM ${TRADES_TABLE} AS t FINAL
  INNER JOIN (
    SELECT mint, min(time) AS since, count() AS latest FROM (
      SELECT mint, time FROM ${TRADES_TABLE} FINAL WHERE mint IN {mints:Array(String)} ORDER BY mint, time DESC, slot DESC, logOffset DESC, id DESC LIMIT ${WINDOW_TRADES + 1} BY mint)
    GROUP BY mint) AS c USING mint
  WHERE t.mint IN {mints:Array(String)} AND t.time >= c.since
  ORDER BY mint, time, slot, logOffset, id`;

export class TradeWindow implements View {
  readonly name = 'trade-window';
  readonly canHandle = ['trade'] as const;
  private coins = new Map<string, CoinRun>();
  private guard = new ChainGuard();
  /** The trades the last batch folded in, in log order, as answers show them. */
  newTrades: { mint: string; item: Trade }[] = [];

  /** The coin's run of latest trades; an empty complete run for a coin without trades. */
  run(mint: string): TradeRun {
    return this.coins.get(mint) ?? { trades: [], complete: true };
  }

  async load(olap: Olap, slices: readonly string[][]): Promise<void> {
    this.coins = new Map();
    this.guard = new ChainGuard();
    // What the batch before brought is not new to the window as loaded (a rebuild loads the views again).
    this.newTrades = [];
    for (const mints of slices) {
      for (const row of await olap.query<HeldTrade & { mint: string; id: string; slot: string; latest: string }>(LATEST_SQL, { mints })) {
        let run = this.coins.get(row.mint);
        if (run === undefined) this.coins.set(row.mint, (run = { trades: [], complete: Number(row.latest) <= WINDOW_TRADES }));
        this.guard.admit(row.mint, Number(row.slot), row.id);
        run.trades.push(heldTrade(row));
      }
    }
  }

  handle(events: readonly LoggedEvent[]): TouchedCoins {
    const touched = new Set<string>();
    this.newTrades = [];
    for (const { event } of events) {
      if (event.type !== 'trade' || !this.guard.admit(event.data.mint, event.slot, event.id)) continue;
      const d = event.data;
      let run = this.coins.get(d.mint);
      if (run === undefined) this.coins.set(d.mint, (run = { trades: [], complete: true }));
      const trade = heldTrade({ ...d, signature: event.signature, seconds: event.blockTime });
      touched.add(d.mint);
      // A block time may go back a little: the trade sits in page order (its second, then chain order). One older
      // than a partial run's first second is the table's alone (the run holds whole seconds); streams show it at
      // rank 0, where its page may rank it later in that second.
      if (!run.complete && run.trades.length > 0 && trade.seconds < run.trades[0]!.seconds) {
        this.newTrades.push({ mint: d.mint, item: tradeItem(trade, 0) });
        continue;
      }
      const at = firstAtOrAfter(run.trades, trade.seconds + 1);
      run.trades.splice(at, 0, trade);
      this.newTrades.push({ mint: d.mint, item: tradeItem(trade, rankOf(run.trades, at)) });
      // The run starts at the second of its WINDOW_TRADES-th latest trade.
      const last = run.trades.length - WINDOW_TRADES;
      const cut = last > 0 ? last - rankOf(run.trades, last) : 0;
      if (cut > 0) {
        run.trades.splice(0, cut);
        run.complete = false;
      }
    }
    return touched;
  }
}
