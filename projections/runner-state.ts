// What the runner keeps in the analytics store beside the read models, and how a projector set's tables follow
// it. Per set: its generation (the consumer group is `projections.<set>.<generation>`, so a rebuild starts a fresh
// group at the start of the log), whether a rebuild is under way, the projector versions the tables were built
// with; and per group a checkpoint (last slot and offset written), so progress is known again after a restart.
// Both are ReplacingMergeTree(seq), seq growing with each transition of a set and each batch of a group, so FINAL shows the latest.
import type { Olap } from '../infra/olap/olap.js';
import type { Projector, TableDef } from './projector.js';

const PROJECTION_STATE_TABLE = 'projection_state';
export const PROJECTION_CHECKPOINTS_TABLE = 'projection_checkpoints';

export const runnerTables: readonly TableDef[] = [
  {
    name: PROJECTION_STATE_TABLE,
    ddl: `CREATE TABLE IF NOT EXISTS ${PROJECTION_STATE_TABLE} (
  set String, generation UInt32, status LowCardinality(String), versions String, seq UInt64
) ENGINE = ReplacingMergeTree(seq) ORDER BY set`,
  },
  {
    name: PROJECTION_CHECKPOINTS_TABLE,
    ddl: `CREATE TABLE IF NOT EXISTS ${PROJECTION_CHECKPOINTS_TABLE} (
  group String, lastSlot UInt64, lastOffset UInt64, seq UInt64
) ENGINE = ReplacingMergeTree(seq) ORDER BY group`,
  },
];

export interface SetState {
  generation: number;
  status: 'ready' | 'rebuilding';
  /** projectorVersions() of the projectors the tables were built with. */
  versions: string;
}

export type Checkpoint = { lastSlot: number; lastOffset: bigint; seq: number };

export function groupName(set: string, generation: number): string {
  return `projections.${set}.${generation}`;
}

/** `name@version` (and `#settings`) of each projector, sorted: stored with a set's state (and with a store made
 * without the runner) to notice a changed projector. */
export function projectorVersions(projectors: readonly Projector[]): string {
  return projectors
    .map((projector) => `${projector.name}@${projector.version}${projector.settings === undefined ? '' : `#${projector.settings}`}`)
    .sort()
    .join(',');
}

export async function loadSetState(olap: Olap, set: string): Promise<SetState | null> {
  const [state] = await olap.query<SetState>(`SELECT generation, status, versions FROM ${PROJECTION_STATE_TABLE} FINAL WHERE set = {set:String}`, { set });
  return state ?? null;
}

/** seq grows with every transition: rebuilding, then ready, then the next generation's rebuilding. Resolves with `state`. */
export async function saveSetState(olap: Olap, set: string, state: SetState): Promise<SetState> {
  const seq = state.generation * 2 + (state.status === 'ready' ? 1 : 0);
  await olap.insert(PROJECTION_STATE_TABLE, [{ set, ...state, seq }]);
  return state;
}

export async function loadCheckpoint(olap: Olap, group: string): Promise<Checkpoint | null> {
  const [row] = await olap.query<{ lastSlot: string; lastOffset: string; seq: string }>(
    `SELECT lastSlot, lastOffset, seq FROM ${PROJECTION_CHECKPOINTS_TABLE} FINAL WHERE group = {group:String}`,
    { group },
  );
  return row === undefined ? null : { lastSlot: Number(row.lastSlot), lastOffset: BigInt(row.lastOffset), seq: Number(row.seq) };
}

export async function saveCheckpoint(olap: Olap, group: string, checkpoint: Checkpoint): Promise<void> {
  await olap.insert(PROJECTION_CHECKPOINTS_TABLE, [{ group, ...checkpoint }]);
}

/** Brings the store to a ready state for the set and returns it: creates its tables when missing, finishes an
 * interrupted rebuild, rebuilds when a projector version changed (dropping and recreating every table of the set under
 * the next generation, marked rebuilding meanwhile so that a crash in between is finished at the next open); the
 * caller replays the log into them. */
export async function openSet(olap: Olap, set: string, projectors: readonly Projector[]): Promise<SetState> {
  const tables = projectors.flatMap((projector) => projector.tables);
  if (new Set(tables.map((table) => table.name)).size !== tables.length) throw new Error(`projector set ${set}: two projectors share a table`);
  for (const table of runnerTables) await olap.exec(table.ddl);
  const stored = await loadSetState(olap, set);
  const versions = projectorVersions(projectors);
  if (stored === null || (stored.status === 'ready' && stored.versions === versions)) {
    for (const table of tables) await olap.exec(table.ddl);
    return stored ?? saveSetState(olap, set, { generation: 1, status: 'ready', versions });
  }
  const generation = stored.status === 'rebuilding' ? stored.generation : stored.generation + 1;
  const rebuilding = await saveSetState(olap, set, { generation, status: 'rebuilding', versions });
  for (const table of tables) await olap.exec(`DROP TABLE IF EXISTS ${table.name} SYNC`);
  for (const table of tables) await olap.exec(table.ddl);
  return saveSetState(olap, set, { ...rebuilding, status: 'ready' });
}
