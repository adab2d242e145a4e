// The `prices` projector: each price.updated event into a prices row.
import { dateTime64, type LoggedEvent, type Projector } from '../projector.js';
import { PRICES_TABLE, pricesTable } from './table.js';

export const pricesProjector: Projector = {
  name: 'prices',
  version: 1,
  tables: [pricesTable],
  canHandle: ['price.updated'],
  handle(events: readonly LoggedEvent[]) {
    const rows = events.flatMap(({ event }) =>
      event.type === 'price.updated' ? [{ ...event.data, eventId: event.id, slot: event.slot, time: dateTime64(event.blockTime) }] : [],
    );
    return { [PRICES_TABLE]: rows };
  },
};
