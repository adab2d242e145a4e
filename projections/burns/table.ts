// Table of the `burns` read model: every platform-token burn (platform.burned), one row per event in platform_burns.
// ReplacingMergeTree ORDER BY (time, eventId): the key ends in the event id and its time comes from the event, so a
// replayed burn lands on the same key and FINAL keeps one; `logOffset` orders burns of one slot.
import type { TableDef } from '../projector.js';

export const PLATFORM_BURNS_TABLE = 'platform_burns';

/** `amount`: platform tokens burned, raw units; `solCost`: lamports the burn fund spent buying them. */
export const platformBurnsTable: TableDef = {
  name: PLATFORM_BURNS_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${PLATFORM_BURNS_TABLE} (
  eventId String, signature String, slot UInt64, time DateTime64(3, 'UTC'), logOffset UInt64,
  platformMint String, amount UInt128, solCost UInt128
) ENGINE = ReplacingMergeTree ORDER BY (time, eventId)`,
};
