// The `quote-listings` projector: each quote.configured event into a quote_listings row.
import { eventPosition, type LoggedEvent, type Projector } from '../projector.js';
import { QUOTE_LISTINGS_TABLE, quoteListingsTable } from './table.js';

export const quoteListingsProjector: Projector = {
  name: 'quote-listings',
  version: 1,
  tables: [quoteListingsTable],
  canHandle: ['quote.configured'],
  handle(events: readonly LoggedEvent[]) {
    const rows = events.flatMap((logged) => {
      if (logged.event.type !== 'quote.configured') return [];
      const { quoteMint, quoteDecimals, enabled } = logged.event.data;
      return [{ ...eventPosition(logged), quoteMint, quoteDecimals, enabled }];
    });
    return { [QUOTE_LISTINGS_TABLE]: rows };
  },
};
