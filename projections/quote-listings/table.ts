// Table of the `quote-listings` read model: every SetQuoteConfig the launchpad ran (quote.configured), one row per
// event. ReplacingMergeTree ORDER BY (quoteMint, eventId): the key ends in the event id and its other part comes
// from the event, so a replayed event lands on the same key and FINAL keeps one. Whether a pair is taken now is the
// latest row by chain order (slot, then `logOffset`: platform facts share one log key), and the day it was listed
// the earliest enabled row: both folds are over the whole history, so they are the same however often a batch
// is written. `logOffset` stays out of the key: a re-appended event may carry a new offset.
import type { TableDef } from '../projector.js';

export const QUOTE_LISTINGS_TABLE = 'quote_listings';

/** `quoteDecimals` is null when the transaction did not show them. */
export const quoteListingsTable: TableDef = {
  name: QUOTE_LISTINGS_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${QUOTE_LISTINGS_TABLE} (
  eventId String, signature String, slot UInt64, time DateTime64(3, 'UTC'), logOffset UInt64,
  quoteMint String, quoteDecimals Nullable(UInt8), enabled Bool
) ENGINE = ReplacingMergeTree ORDER BY (quoteMint, eventId)`,
};
