// Tables of the `platform` read model: the service's revenue and the lamport balances of its funds, for the platform
// stats and funds routes (queries.ts). What its keepers paid out is read from the rewards and creators tables.
//
// Keys: platform_revenue and fund_balances are ReplacingMergeTrees whose sorting key ends in the
// event id and whose other parts come from the event itself (time, wallet, slot), so a replayed event lands on
// the same key and FINAL keeps one row: totals never double-count. `logOffset` orders events of one slot
// (platform facts share one log key) and stays out of the key, because a re-appended event may carry a new
// offset. fund_balances is the history: a fund at the end of a past day, and its latest balance.
import type { TableDef } from '../projector.js';

export const PLATFORM_REVENUE_TABLE = 'platform_revenue';
export const FUND_BALANCES_TABLE = 'fund_balances';

/** One `revenue` event: the amount in raw units of `unit` (lamports, micro-USD or the quote token). */
export const platformRevenueTable: TableDef = {
  name: PLATFORM_REVENUE_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${PLATFORM_REVENUE_TABLE} (
  eventId String, slot UInt64, time DateTime64(3, 'UTC'),
  kind LowCardinality(String), unit LowCardinality(String), amount UInt128, quoteMint Nullable(String)
) ENGINE = ReplacingMergeTree ORDER BY (time, eventId)`,
};

/** A fund's lamport balance after a transaction that changed it. */
export const fundBalancesTable: TableDef = {
  name: FUND_BALANCES_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${FUND_BALANCES_TABLE} (
  eventId String, fund LowCardinality(String), wallet String, slot UInt64, time DateTime64(3, 'UTC'),
  logOffset UInt64, lamports UInt128
) ENGINE = ReplacingMergeTree ORDER BY (wallet, slot, eventId)`,
};
