// The `trades` projector: each trade event into a trades row.
import type { TradeEvent } from '../../schemas/events/index.js';
import { eventPosition, type LoggedEvent, type Projector } from '../projector.js';
import { TRADES_TABLE, tradesTable } from './table.js';

function tradeRow(event: TradeEvent, offset: bigint) {
  const { reserves, ...trade } = event.data;
  const { eventId: id, ...at } = eventPosition({ event, offset });
  return { id, ...at, ...trade, reserveCoin: reserves.coin, reserveQuote: reserves.quote };
}

/** A trades row as the projector writes it: the trade's data, its reserves in two columns. */
export type TradeRow = ReturnType<typeof tradeRow>;

export const tradesProjector: Projector = {
  name: 'trades',
  version: 2,
  tables: [tradesTable],
  canHandle: ['trade'],
  handle(events: readonly LoggedEvent[]) {
    return { [TRADES_TABLE]: events.flatMap(({ event, offset }) => (event.type === 'trade' ? [tradeRow(event, offset)] : [])) };
  },
};
