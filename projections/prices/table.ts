// Table of the `prices` read model: every price the chain's price feed posted (price.updated), one row per event.
// Other read models price things in US dollars through it (queries.ts, sol-value.ts).
import type { TableDef } from '../projector.js';

export const PRICES_TABLE = 'prices';

/** `microUsd`: the price of one whole unit of the asset. */
export const pricesTable: TableDef = {
  name: PRICES_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${PRICES_TABLE} (
  asset LowCardinality(String), eventId String, slot UInt64, time DateTime64(3, 'UTC'), microUsd UInt64
) ENGINE = ReplacingMergeTree ORDER BY (asset, time, slot, eventId)`,
};
