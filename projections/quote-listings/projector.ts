// The `quote-listings` projector: each quote.configured event into a quote_listings row.
import { dateTime64 } from '../column-values.js';
import type { LoggedEvent, Projector } from '../projector.js';
import { QUOTE_LISTINGS_TABLE, quoteListingsTable } from './table.js';

export const quoteListingsProjector: Projector = {
  name: 'quote-listings',
  version: 1,
  tables: [quoteListingsTable],
  canHandle: ['quote.configured'],
  handle(events: readonly LoggedEvent[]) {
    const rows = events.flatMap(({ event, offset }) => {
      if (event.type !== 'quote.configured') return [];
      const { quoteMint, quoteDecimals, enabled } = event.data;
      const at = { eventId: event.id, signature: event.signature, slot: event.slot, time: dateTime64(event.blockTime), logOffset: offset };
      return [{ ...at, quoteMint, quoteDecimals, enabled }];
    });
    return { [QUOTE_LISTINGS_TABLE]: rows };
  },
};
