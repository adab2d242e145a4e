// The `quote-listings` projector: each quote.configured event into a quote_listings row.
import type { QuoteConfiguredEvent } from '../../schemas/events/index.js';
import { dateTime64 } from '../column-values.js';
import type { LoggedEvent, Projector } from '../projector.js';
import { QUOTE_LISTINGS_TABLE, quoteListingsTable, type QuoteListingRow } from './table.js';

export function quoteListingRow(event: QuoteConfiguredEvent, offset: bigint): QuoteListingRow {
  return {
    eventId: event.id,
    signature: event.signature,
    slot: event.slot,
    time: dateTime64(event.blockTime),
    logOffset: offset,
    quoteMint: event.data.quoteMint,
    quoteDecimals: event.data.quoteDecimals,
    enabled: event.data.enabled,
  };
}

export const quoteListingsProjector: Projector = {
  name: 'quote-listings',
  version: 1,
  tables: [quoteListingsTable],
  canHandle: ['quote.configured'],
  handle(events: readonly LoggedEvent[]) {
    const rows: QuoteListingRow[] = [];
    for (const { event, offset } of events) if (event.type === 'quote.configured') rows.push(quoteListingRow(event, offset));
    return { [QUOTE_LISTINGS_TABLE]: rows };
  },
};
