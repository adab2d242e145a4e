// The `prices` projector: each price.updated event into a prices row.
import { dateTime64 } from '../column-values.js';
import type { LoggedEvent, Projector } from '../projector.js';
import { PRICES_TABLE, pricesTable, type PriceRow } from './table.js';

export const pricesProjector: Projector = {
  name: 'prices',
  version: 1,
  tables: [pricesTable],
  canHandle: ['price.updated'],
  handle(events: readonly LoggedEvent[]) {
    const rows: PriceRow[] = [];
    for (const { event } of events) {
      if (event.type !== 'price.updated') continue;
      rows.push({ asset: event.data.asset, eventId: event.id, slot: event.slot, time: dateTime64(event.blockTime), microUsd: event.data.microUsd });
    }
    return { [PRICES_TABLE]: rows };
  },
};
