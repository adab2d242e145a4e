// Tables of the `creators` read model: what creator-mode coins earn and what is sent on to their creators. Amounts are
// raw quote units.
//
// creator_earnings — the creator's share of each fee claim (fees.claimed, role `creator`).
// creator_sends — each payment of those earnings to one of the creator's recipients (creator.sent).
// Both are ReplacingMergeTree ORDER BY (mint, eventId): a replayed event rewrites an identical row and FINAL
// keeps one. Which coins a wallet launched comes from the coins read model (coins.creator).
import type { TableDef } from '../projector.js';

export const CREATOR_EARNINGS_TABLE = 'creator_earnings';
export const CREATOR_SENDS_TABLE = 'creator_sends';

export const creatorEarningsTable: TableDef = {
  name: CREATOR_EARNINGS_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${CREATOR_EARNINGS_TABLE} (mint String, eventId String, amount UInt128) ENGINE = ReplacingMergeTree ORDER BY (mint, eventId)`,
};

/** `wallet` is the recipient paid. */
export const creatorSendsTable: TableDef = {
  name: CREATOR_SENDS_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${CREATOR_SENDS_TABLE} (
  mint String, eventId String, signature String, slot UInt64, time DateTime64(3, 'UTC'), logOffset UInt64,
  wallet String, quoteMint String, amount UInt128
) ENGINE = ReplacingMergeTree ORDER BY (mint, eventId)`,
};
