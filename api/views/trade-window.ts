// The trade window: each coin's latest trades, whole seconds of them, at least WINDOW_TRADES where the coin has them
// (all of a coin that has fewer), for its first trade pages (trade-page.ts), the market data tool and the live
// streams. Loaded from the trades table; a trade folds in once (chain-guard.ts) at the end of its coin's run, and the
// oldest seconds leave while the rest still hold WINDOW_TRADES.
import type { Olap } from '../../infra/olap/olap.js';
import type { LoggedEvent } from '../../projections/projector.js';
import { HELD_TRADE_COLUMNS, heldTrade } from '../../projections/trades/queries.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import type { Trade } from '../../schemas/api/trades.js';
import { ChainGuard } from './chain-guard.js';
import { rankOf, tradeItem, type HeldTrade, type TradeRun } from './trade-page.js';
import type { TouchedCoins, View } from './view.js';

/** Trades held per coin at least: two pages of the largest size. */
export const WINDOW_TRADES = 200;

interface CoinRun extends TradeRun {
  trades: HeldTrade[];
}

/** A trade the last batch brought, as answers show it. */
export interface NewTrade {
  mint: string;
  item: Trade;
}

const LATEST_SQL = `
  SELECT mint, id, slot, ${HELD_TRADE_COLUMNS}
  FROM ${TRADES_TABLE} FINAL
  ORDER BY mint, time DESC, slot DESC, logOffset DESC, id DESC
  LIMIT ${WINDOW_TRADES + 1} BY mint`;

export class TradeWindow implements View {
  readonly name = 'trade-window';
  readonly canHandle = ['trade'] as const;
  private coins = new Map<string, CoinRun>();
  private readonly guard = new ChainGuard();
  private admitted: NewTrade[] = [];

  /** The coin's run of latest trades; an empty complete run for a coin without trades. */
  run(mint: string): TradeRun {
    return this.coins.get(mint) ?? { trades: [], complete: true };
  }

  /** The trades the last batch folded in, in log order. */
  get newTrades(): readonly NewTrade[] {
    return this.admitted;
  }

  async load(olap: Olap): Promise<void> {
    const rows = await olap.query<HeldTrade & { mint: string; id: string; slot: string }>(LATEST_SQL);
    this.coins = new Map();
    this.guard.clear();
    const byCoin = new Map<string, typeof rows>();
    for (const row of rows) {
      const list = byCoin.get(row.mint);
      if (list === undefined) byCoin.set(row.mint, [row]);
      else list.push(row);
    }
    for (const [mint, newest] of byCoin) {
      const complete = newest.length <= WINDOW_TRADES;
      const read = newest.slice(0, WINDOW_TRADES).reverse();
      for (const row of read) this.guard.admit(mint, Number(row.slot), row.id);
      let trades = read.map(heldTrade);
      // The oldest second may go on before what was read: a run holds whole seconds.
      if (!complete) trades = trades.filter((trade) => trade.seconds > trades[0]!.seconds);
      this.coins.set(mint, { trades, complete });
    }
  }

  handle(events: readonly LoggedEvent[]): TouchedCoins {
    const touched = new Set<string>();
    this.admitted = [];
    for (const { event } of events) {
      if (event.type !== 'trade' || !this.guard.admit(event.data.mint, event.slot, event.id)) continue;
      const d = event.data;
      let run = this.coins.get(d.mint);
      if (run === undefined) this.coins.set(d.mint, (run = { trades: [], complete: true }));
      const trade: HeldTrade = {
        signature: event.signature,
        seconds: event.blockTime,
        side: d.side,
        trader: d.trader,
        coinAmount: d.coinAmount,
        quoteAmount: d.quoteAmount,
      };
      // Block times do not go back within a coin's chain order; were one to, the trade still sits in page order.
      let at = run.trades.length;
      while (at > 0 && run.trades[at - 1]!.seconds > trade.seconds) at -= 1;
      run.trades.splice(at, 0, trade);
      this.admitted.push({ mint: d.mint, item: tradeItem(trade, rankOf(run.trades, at)) });
      trim(run);
      touched.add(d.mint);
    }
    return touched;
  }
}

/** Lets the oldest seconds go while the rest hold WINDOW_TRADES. */
function trim(run: CoinRun): void {
  const { trades } = run;
  let cut = 0;
  for (;;) {
    let next = cut;
    while (next < trades.length && trades[next]!.seconds === trades[cut]!.seconds) next += 1;
    if (trades.length - next < WINDOW_TRADES) break;
    cut = next;
  }
  if (cut === 0) return;
  trades.splice(0, cut);
  run.complete = false;
}
