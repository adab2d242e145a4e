// The trade window: each coin's latest trades, whole seconds of them, at least WINDOW_TRADES where the coin has them
// (all of a coin that has fewer), for its first trade pages (trade-page.ts), the market data tool and the live
// streams. Loaded from the trades table; a trade folds in once (ChainGuard) at the end of its coin's run, and the
// oldest seconds leave while the rest still hold WINDOW_TRADES.
import type { Olap } from '../../infra/olap/olap.js';
import type { LoggedEvent } from '../../projections/projector.js';
import { HELD_TRADE_COLUMNS, type HeldTrade, heldTrade, type TradeRun } from '../../projections/trades/queries.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import type { Trade } from '../../schemas/api/trades.js';
import { firstAtOrAfter, rankOf, tradeItem } from './trade-page.js';
import { ChainGuard, coinSlices, type TouchedCoins, type View } from './live-views.js';

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

  async load(olap: Olap): Promise<void> {
    this.coins = new Map();
    this.guard = new ChainGuard();
    // What the batch before brought is not new to the window as loaded (a rebuild loads the views again).
    this.newTrades = [];
    for (const mints of await coinSlices(olap)) {
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
