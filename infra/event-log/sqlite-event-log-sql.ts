// SQL of the SQLite event log: the schema (records by topic and offset; committed offsets by topic and
// consumer group) and the prepared statements, including the append transaction that numbers a batch.
import type Database from 'better-sqlite3';
import type { AppendRecord } from './event-log.js';
import { EventLogInputError } from './event-log-input.js';

export const SQLITE_EVENT_LOG_FILE = 'event-log.sqlite';
/** 2: records carry the time of their append (ms), for retention. */
export const SCHEMA_VERSION = 2;
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS records (
  topic TEXT NOT NULL, "offset" INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
  appended_ms INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (topic, "offset"));
CREATE TABLE IF NOT EXISTS consumer_offsets (
  topic TEXT NOT NULL, consumer_group TEXT NOT NULL, next_offset INTEGER NOT NULL,
  PRIMARY KEY (topic, consumer_group)) WITHOUT ROWID;
`;
/** From version 1: its records count as appended at time 0, so retention may drop them at its first step. */
export const MIGRATE_FROM_1 = 'ALTER TABLE records ADD COLUMN appended_ms INTEGER NOT NULL DEFAULT 0';

/** Most records one retention step deletes: a step holds the write lock, so a backlog goes in several. */
export const PRUNE_STEP_RECORDS = 5_000;

export interface RecordRow {
  offset: bigint;
  key: string;
  value: string;
}

/** A commit as the write transaction applies it: the group's next offset on a topic. */
export interface OffsetCommit {
  topic: string;
  group: string;
  next: bigint;
}

export function prepareStatements(db: Database.Database) {
  const lastOffset = db.prepare<[string], bigint | null>('SELECT max("offset") FROM records WHERE topic = ?');
  const insert = db.prepare<[string, bigint, string, string, number]>('INSERT INTO records (topic, "offset", key, value, appended_ms) VALUES (?, ?, ?, ?, ?)');
  const commitStatement = db.prepare<[string, string, bigint]>(
    `INSERT INTO consumer_offsets (topic, consumer_group, next_offset) VALUES (?, ?, ?)
     ON CONFLICT (topic, consumer_group) DO UPDATE SET next_offset = max(next_offset, excluded.next_offset)`,
  );
  function appendRecords(topic: string, records: readonly AppendRecord[]): void {
    let offset = (lastOffset.get(topic) ?? -1n) + 1n;
    const now = Date.now();
    for (const record of records) insert.run(topic, offset++, record.key, record.value, now);
  }
  const firstOffset = db.prepare<[string], bigint | null>('SELECT min("offset") FROM records WHERE topic = ?').pluck().safeIntegers();
  const firstKept = db
    .prepare<[string, bigint, bigint, number], bigint>(
      'SELECT "offset" FROM records WHERE topic = ? AND "offset" >= ? AND "offset" < ? AND appended_ms >= ? ORDER BY "offset" LIMIT 1',
    )
    .pluck()
    .safeIntegers();
  const slowestGroup = db.prepare<[string], bigint | null>('SELECT min(next_offset) FROM consumer_offsets WHERE topic = ?').pluck().safeIntegers();
  const deleteBefore = db.prepare<[string, bigint]>('DELETE FROM records WHERE topic = ? AND "offset" < ?');
  /** Deletes up to PRUNE_STEP_RECORDS of the topic's oldest records appended before `before` (ms) that every group
   * committed past, never its last record; returns how many went. */
  function pruneStep(topic: string, before: number): number {
    const first = firstOffset.get(topic);
    const last = lastOffset.get(topic);
    const slowest = slowestGroup.get(topic);
    if (first == null || last == null || slowest == null) return 0;
    const stepEnd = first + BigInt(PRUNE_STEP_RECORDS);
    let end = firstKept.get(topic, first, stepEnd, before) ?? stepEnd;
    if (end > last) end = last;
    if (end > slowest) end = slowest;
    return end > first ? deleteBefore.run(topic, end).changes : 0;
  }
  return {
    lastOffset: lastOffset.pluck().safeIntegers(),
    insert,
    read: db
      .prepare<[string, bigint, number], RecordRow>('SELECT "offset", key, value FROM records WHERE topic = ? AND "offset" >= ? ORDER BY "offset" LIMIT ?')
      .safeIntegers(),
    last: db.prepare<[string], RecordRow>('SELECT "offset", key, value FROM records WHERE topic = ? ORDER BY "offset" DESC LIMIT 1').safeIntegers(),
    committed: db.prepare<[string, string], bigint>('SELECT next_offset FROM consumer_offsets WHERE topic = ? AND consumer_group = ?').pluck().safeIntegers(),
    setCommitted: db.prepare<[string, string, bigint]>(
      `INSERT INTO consumer_offsets (topic, consumer_group, next_offset) VALUES (?, ?, ?)
       ON CONFLICT (topic, consumer_group) DO UPDATE SET next_offset = excluded.next_offset`,
    ),
    dropGroup: db.prepare<[string, string]>('DELETE FROM consumer_offsets WHERE topic = ? AND consumer_group = ?'),
    appendBatch: db.transaction(appendRecords),
    pruneStep: db.transaction(pruneStep),
    /** Appends, then a commit that may not pass the end of its topic: one transaction. */
    write: db.transaction((appends: readonly { topic: string; records: readonly AppendRecord[] }[], commit: OffsetCommit | null) => {
      for (const { topic, records } of appends) appendRecords(topic, records);
      if (commit === null) return;
      const end = (lastOffset.get(commit.topic) ?? -1n) + 1n;
      if (commit.next > end) {
        throw new EventLogInputError(`cannot commit offset ${commit.next - 1n} of ${commit.topic}: its last offset is ${end - 1n}`);
      }
      commitStatement.run(commit.topic, commit.group, commit.next);
    }),
  };
}
