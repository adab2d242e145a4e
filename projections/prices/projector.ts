// The `prices` projector: each price.updated event into a prices row.
import { eventAt, type LoggedEvent, type Projector } from '../projector.js';
import { PRICES_TABLE, pricesTable } from './table.js';

export const pricesProjector: Projector = {
  name: 'prices',
  version: 1,
  tables: [pricesTable],
  canHandle: ['price.updated'],
  handle(events: readonly LoggedEvent[]) {
    return { [PRICES_TABLE]: events.flatMap(({ event }) => (event.type === 'price.updated' ? [{ ...event.data, ...eventAt(event) }] : [])) };
  },
};
