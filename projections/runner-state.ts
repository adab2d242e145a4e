// What the runner keeps in the analytics store beside the read models: per projector set its generation
// (the consumer group is `projections.<set>.<generation>`, so a rebuild starts a fresh group at the start of
// the log), whether a rebuild is under way, the projector versions the tables were built with; and per group
// a checkpoint (last slot and offset written), so progress is known again after a restart.
//
// projection_state — ReplacingMergeTree(seq) ORDER BY set; seq = generation * 2 + (ready ? 1 : 0) grows
//   with every transition, so FINAL shows the latest.
// projection_checkpoints — ReplacingMergeTree(seq) ORDER BY group; seq counts batches.
import type { Olap } from '../infra/olap/olap.js';
import { dateTime64 } from './column-values.js';
import type { TableDef } from './projector.js';

export const PROJECTION_STATE_TABLE = 'projection_state';
export const PROJECTION_CHECKPOINTS_TABLE = 'projection_checkpoints';

export const runnerTables: readonly TableDef[] = [
  {
    name: PROJECTION_STATE_TABLE,
    ddl: `CREATE TABLE IF NOT EXISTS ${PROJECTION_STATE_TABLE} (
  set String, generation UInt32, status LowCardinality(String), versions String, seq UInt64, updatedAt DateTime64(3, 'UTC')
) ENGINE = ReplacingMergeTree(seq) ORDER BY set`,
  },
  {
    name: PROJECTION_CHECKPOINTS_TABLE,
    ddl: `CREATE TABLE IF NOT EXISTS ${PROJECTION_CHECKPOINTS_TABLE} (
  group String, lastSlot UInt64, lastOffset UInt64, seq UInt64, updatedAt DateTime64(3, 'UTC')
) ENGINE = ReplacingMergeTree(seq) ORDER BY group`,
  },
];

export interface SetState {
  generation: number;
  status: 'ready' | 'rebuilding';
  /** `name@version` of each projector, sorted, comma-separated. */
  versions: string;
}

export interface Checkpoint {
  lastSlot: number;
  lastOffset: bigint;
  seq: number;
}

const now = (): string => dateTime64(Date.now() / 1000);

export function groupName(set: string, generation: number): string {
  return `projections.${set}.${generation}`;
}

export async function loadSetState(olap: Olap, set: string): Promise<SetState | null> {
  const rows = await olap.query<{ generation: number; status: SetState['status']; versions: string }>(
    `SELECT generation, status, versions FROM ${PROJECTION_STATE_TABLE} FINAL WHERE set = {set:String}`,
    { set },
  );
  return rows[0] ?? null;
}

export async function saveSetState(olap: Olap, set: string, state: SetState): Promise<void> {
  const seq = state.generation * 2 + (state.status === 'ready' ? 1 : 0);
  await olap.insert(PROJECTION_STATE_TABLE, [{ set, ...state, seq, updatedAt: now() }]);
}

export async function loadCheckpoint(olap: Olap, group: string): Promise<Checkpoint | null> {
  const rows = await olap.query<{ lastSlot: string; lastOffset: string; seq: string }>(
    `SELECT lastSlot, lastOffset, seq FROM ${PROJECTION_CHECKPOINTS_TABLE} FINAL WHERE group = {group:String}`,
    { group },
  );
  const row = rows[0];
  return row === undefined ? null : { lastSlot: Number(row.lastSlot), lastOffset: BigInt(row.lastOffset), seq: Number(row.seq) };
}

export async function saveCheckpoint(olap: Olap, group: string, checkpoint: Checkpoint): Promise<void> {
  await olap.insert(PROJECTION_CHECKPOINTS_TABLE, [{ group, ...checkpoint, updatedAt: now() }]);
}
