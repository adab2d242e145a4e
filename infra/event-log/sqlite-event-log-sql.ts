// SQL of the SQLite event log: the schema (records by topic and offset; committed offsets by topic and
// consumer group) and the prepared statements, including the append transaction that numbers a batch.
import type Database from 'better-sqlite3';
import type { AppendRecord } from './event-log.js';

export const SQLITE_EVENT_LOG_FILE = 'event-log.sqlite';
export const SCHEMA_VERSION = 1;
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS records (
  topic TEXT NOT NULL, "offset" INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
  PRIMARY KEY (topic, "offset"));
CREATE TABLE IF NOT EXISTS consumer_offsets (
  topic TEXT NOT NULL, consumer_group TEXT NOT NULL, next_offset INTEGER NOT NULL,
  PRIMARY KEY (topic, consumer_group)) WITHOUT ROWID;
`;

export interface RecordRow {
  offset: bigint;
  key: string;
  value: string;
}

export function prepareStatements(db: Database.Database) {
  const lastOffset = db.prepare<[string], bigint | null>('SELECT max("offset") FROM records WHERE topic = ?');
  const insert = db.prepare<[string, bigint, string, string]>(
    'INSERT INTO records (topic, "offset", key, value) VALUES (?, ?, ?, ?)',
  );
  return {
    lastOffset: lastOffset.pluck().safeIntegers(),
    insert,
    read: db
      .prepare<[string, bigint, number], RecordRow>(
        'SELECT "offset", key, value FROM records WHERE topic = ? AND "offset" >= ? ORDER BY "offset" LIMIT ?',
      )
      .safeIntegers(),
    last: db
      .prepare<[string], RecordRow>('SELECT "offset", key, value FROM records WHERE topic = ? ORDER BY "offset" DESC LIMIT 1')
      .safeIntegers(),
    committed: db
      .prepare<[string, string], bigint>('SELECT next_offset FROM consumer_offsets WHERE topic = ? AND consumer_group = ?')
      .pluck()
      .safeIntegers(),
    commit: db.prepare<[string, string, bigint]>(
      `INSERT INTO consumer_offsets (topic, consumer_group, next_offset) VALUES (?, ?, ?)
       ON CONFLICT (topic, consumer_group) DO UPDATE SET next_offset = max(next_offset, excluded.next_offset)`,
    ),
    appendBatch: db.transaction((topic: string, records: readonly AppendRecord[]) => {
      let offset = (lastOffset.get(topic) ?? -1n) + 1n;
      for (const record of records) insert.run(topic, offset++, record.key, record.value);
    }),
  };
}
