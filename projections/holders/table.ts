// Table of the `holder-baselines` read model: the points a coin's next payout round compares against.
//
// The rewards keeper counts each holder at the smaller of its balance at the round's snapshot slot and at the
// round's baseline slot. The first round's baseline is the slot of the coin's first fee claim; every later
// round's baseline is the snapshot slot of the round before. So the next round's baseline is the latest
// round's snapshot slot, else the first claim's slot, else there is none yet.
//
// holder_baselines — ReplacingMergeTree ORDER BY (mint, eventId): one row per fees.claimed (kind `claim`,
// slot = the claim's slot) and per payout.round (kind `round`, slot = its snapshot slot); a replayed event
// rewrites the same row.
import type { TableDef } from '../projector.js';

export const HOLDER_BASELINES_TABLE = 'holder_baselines';

export type HolderBaselineRow = {
  mint: string;
  eventId: string;
  kind: 'claim' | 'round';
  /** The claim's slot, or the round's snapshot slot. */
  slot: number;
  /** Round number; 0 for a claim. */
  round: number;
};

export const holderBaselinesTable: TableDef = {
  name: HOLDER_BASELINES_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${HOLDER_BASELINES_TABLE} (
  mint String, eventId String, kind LowCardinality(String), slot UInt64, round UInt32
) ENGINE = ReplacingMergeTree ORDER BY (mint, eventId)`,
};
