// The `coin-figures` projector: each trade into coin_trade_ticks, and per coin and UTC day the batch's latest
// trade into coin_day_closes (table.ts).
import { chainVersion, dateTime64 } from '../column-values.js';
import type { LoggedEvent, Projector } from '../projector.js';
import { COIN_DAY_CLOSES_TABLE, COIN_TRADE_TICKS_TABLE, coinDayClosesTable, coinTradeTicksTable, type DayCloseRow, type TradeTickRow } from './table.js';

export const coinFiguresProjector: Projector = {
  name: 'coin-figures',
  version: 1,
  tables: [coinTradeTicksTable, coinDayClosesTable],
  canHandle: ['trade'],
  handle(events: readonly LoggedEvent[]) {
    const ticks: TradeTickRow[] = [];
    const closes = new Map<string, DayCloseRow>();
    for (const { event, offset } of events) {
      if (event.type !== 'trade') continue;
      const d = event.data;
      const time = dateTime64(event.blockTime);
      ticks.push({
        time,
        mint: d.mint,
        slot: event.slot,
        logOffset: offset,
        id: event.id,
        quoteAmount: d.quoteAmount,
        reserveQuote: d.reserves.quote,
        reserveCoin: d.reserves.coin,
      });
      const day = time.slice(0, 10);
      const version = chainVersion(event.slot, offset);
      const key = `${d.mint}/${day}`;
      const kept = closes.get(key);
      if (kept === undefined || version > kept.version) {
        closes.set(key, {
          mint: d.mint,
          day,
          version,
          slot: event.slot,
          logOffset: offset,
          id: event.id,
          reserveQuote: d.reserves.quote,
          reserveCoin: d.reserves.coin,
        });
      }
    }
    return { [COIN_TRADE_TICKS_TABLE]: ticks, [COIN_DAY_CLOSES_TABLE]: [...closes.values()] };
  },
};
