// The embedded event log: one SQLite file `<dataDir>/event-log.sqlite` holding every topic's records (one
// partition, offsets 0, 1, 2, ... per topic, kept forever unless a retention is set for the topic) and each consumer
// group's committed offset. WAL with synchronous=FULL by default: the WAL is fsynced at every commit, so a
// resolved append survives a power cut, not only a process crash (all that NORMAL promises). One fsync per
// append batch keeps that cheap, so producers should batch: a one-record append costs a whole fsync, and
// write() puts appends to several topics and a consumer's commit in one transaction (one fsync).
// Appends take the write lock (BEGIN IMMEDIATE), so another process may append to the same file; a waiting
// poll wakes on appends in this process and re-reads the table every `pollIntervalMs` to see the others.
// Read positions live in memory, per process: each group has one reader at a time.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { AppendRecord, EventLog, LogPosition, LogRecord, PollOptions, Retention, WriteBatch } from './event-log.js';
import { EventLogInputError, checkAppend, checkCommit, checkConsumer, checkPoll, checkTopic, nextOffsets } from './event-log-input.js';
import {
  MIGRATE_FROM_1,
  PRUNE_STEP_RECORDS,
  SCHEMA,
  SCHEMA_VERSION,
  SQLITE_EVENT_LOG_FILE,
  prepareStatements,
  type OffsetCommit,
} from './sqlite-event-log-sql.js';
import { WakeSignal } from './wake-signal.js';

export { SQLITE_EVENT_LOG_FILE };

/** A reader in another process sees an append within this long (a re-read costs tens of microseconds). */
const DEFAULT_POLL_INTERVAL_MS = 10;
/** Bytes per database page of a new log. */
const PAGE_SIZE = 16_384;
/** Least time between two retention steps of a topic, unless the last one deleted a whole step. */
const DEFAULT_PRUNE_INTERVAL_MS = 1_000;

export interface SqliteEventLogOptions {
  /** How often a waiting poll re-reads the table to see appends made by another process (ms). */
  pollIntervalMs?: number;
  /** FULL (default): resolved appends survive power loss. NORMAL: only a process crash, but no fsync per append. */
  synchronous?: 'FULL' | 'NORMAL';
  /** Topics whose records are dropped some time after their append (in steps, after commits). */
  retention?: Retention;
  /** Least time between two retention steps of a topic (ms, default 1 s). */
  pruneIntervalMs?: number;
}

export class SqliteEventLog implements EventLog {
  private readonly sql: ReturnType<typeof prepareStatements>;
  /** Next offset to read per `topic\ngroup`: ahead of the committed one after polls not yet committed. */
  private readonly positions = new Map<string, bigint>();
  private readonly signals = new Map<string, WakeSignal>();
  /** When each retained topic may take its next retention step (performance.now()). */
  private readonly nextPrune = new Map<string, number>();
  private readonly pollIntervalMs: number;
  private readonly retention: Retention;
  private readonly pruneIntervalMs: number;
  private closed = false;

  /** Open (creating if needed) `<dataDir>/event-log.sqlite`; several processes may open one log at once. */
  static open(dataDir: string, options: SqliteEventLogOptions = {}): SqliteEventLog {
    mkdirSync(dataDir, { recursive: true });
    const db = new Database(join(dataDir, SQLITE_EVENT_LOG_FILE));
    return new SqliteEventLog(db, options);
  }

  private constructor(
    private readonly db: Database.Database,
    options: SqliteEventLogOptions,
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.retention = options.retention ?? {};
    this.pruneIntervalMs = options.pruneIntervalMs ?? DEFAULT_PRUNE_INTERVAL_MS;
    const synchronous = options.synchronous ?? 'FULL';
    try {
      db.pragma('busy_timeout = 10000');
      // A new file only (an existing one keeps its size): a raw transaction's record is about one 4 KiB page, so at
      // the default size nearly each took a page and an overflow page of its own.
      db.pragma(`page_size = ${PAGE_SIZE}`);
      const mode = walMode(db);
      if (mode !== 'wal') throw new Error(`event log ${db.name}: SQLite refused WAL mode (got ${String(mode)})`);
      if (synchronous !== 'FULL' && synchronous !== 'NORMAL') throw new Error(`synchronous must be FULL or NORMAL`);
      db.pragma(`synchronous = ${synchronous}`);
      const version = db.pragma('user_version', { simple: true }) as number;
      if (version > SCHEMA_VERSION) {
        throw new Error(`event log ${db.name} has schema version ${version}; this build reads up to ${SCHEMA_VERSION}`);
      }
      // Under the write lock, so two processes opening an old log at once migrate it once.
      db.transaction(() => {
        if (db.pragma('user_version', { simple: true }) === 1) db.exec(MIGRATE_FROM_1);
        db.exec(SCHEMA);
        db.pragma(`user_version = ${SCHEMA_VERSION}`);
      }).immediate();
      this.sql = prepareStatements(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  async append(topic: string, records: readonly AppendRecord[]): Promise<void> {
    checkAppend(topic, records);
    this.checkOpen();
    if (records.length === 0) return;
    this.sql.appendBatch.immediate(topic, records);
    this.signals.get(topic)?.notify();
  }

  async poll(topic: string, group: string, options: PollOptions): Promise<LogRecord[]> {
    const { maxRecords, waitMs } = checkPoll(topic, group, options);
    this.checkOpen();
    const deadline = performance.now() + waitMs;
    for (;;) {
      const records = this.read(topic, group, maxRecords);
      const remaining = deadline - performance.now();
      if (records.length > 0 || remaining <= 0) return records;
      await this.signalFor(topic).wait(Math.min(remaining, this.pollIntervalMs));
      if (this.closed) return [];
    }
  }

  async commit(topic: string, group: string, records: readonly LogRecord[]): Promise<void> {
    checkCommit(topic, group, records);
    this.checkOpen();
    const commit = offsetCommit(topic, group, records);
    if (commit === null) return;
    this.sql.write.immediate([], commit);
    this.advance(commit);
    this.pruneIfDue(topic);
  }

  /** The appends and the commit in one transaction: one fsync, and never the commit without the records. */
  async write(batch: WriteBatch): Promise<void> {
    for (const { topic, records } of batch.appends) checkAppend(topic, records);
    const { commit } = batch;
    if (commit) checkCommit(commit.topic, commit.group, commit.records);
    this.checkOpen();
    const appends = batch.appends.filter(({ records }) => records.length > 0);
    const offsets = commit ? offsetCommit(commit.topic, commit.group, commit.records) : null;
    if (appends.length === 0 && offsets === null) return;
    this.sql.write.immediate(appends, offsets);
    if (offsets !== null) this.advance(offsets);
    for (const { topic } of appends) this.signals.get(topic)?.notify();
    if (offsets !== null) this.pruneIfDue(offsets.topic);
  }

  async rewind(topic: string, group: string): Promise<void> {
    checkConsumer(topic, group);
    this.checkOpen();
    this.positions.delete(`${topic}\n${group}`);
  }

  async last(topic: string): Promise<LogRecord | null> {
    checkTopic(topic);
    this.checkOpen();
    const row = this.sql.last.get(topic);
    return row ? { topic, partition: 0, offset: row.offset, key: row.key, value: row.value } : null;
  }

  async committed(topic: string, group: string): Promise<LogPosition> {
    checkConsumer(topic, group);
    this.checkOpen();
    const next = this.sql.committed.get(topic, group);
    return new Map(next === undefined ? [] : [[0, next]]);
  }

  async startAt(topic: string, group: string, position: LogPosition): Promise<void> {
    checkConsumer(topic, group);
    this.checkOpen();
    for (const partition of position.keys()) {
      if (partition !== 0) throw new EventLogInputError(`SQLite topics have one partition (0), got ${partition}`);
    }
    this.sql.setCommitted.run(topic, group, position.get(0) ?? 0n);
    this.positions.delete(`${topic}\n${group}`);
  }

  async dropGroup(topic: string, group: string): Promise<void> {
    checkConsumer(topic, group);
    this.checkOpen();
    this.sql.dropGroup.run(topic, group);
    this.positions.delete(`${topic}\n${group}`);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const signal of this.signals.values()) signal.notify();
    this.db.close();
  }

  private read(topic: string, group: string, maxRecords: number): LogRecord[] {
    const key = `${topic}\n${group}`;
    const position = this.positions.get(key) ?? this.sql.committed.get(topic, group) ?? 0n;
    const rows = this.sql.read.all(topic, position, maxRecords);
    const lastRow = rows.at(-1);
    if (lastRow) this.positions.set(key, lastRow.offset + 1n);
    return rows.map((row) => ({ topic, partition: 0, offset: row.offset, key: row.key, value: row.value }));
  }

  /** A commit may let a retained topic's oldest records go: one step of them, unless one ran within the interval
   * (a full step leaves the next one due at once, so a backlog drains commit by commit). */
  private pruneIfDue(topic: string): void {
    const keepMs = this.retention[topic];
    if (keepMs === undefined) return;
    const now = performance.now();
    if (now < (this.nextPrune.get(topic) ?? 0)) return;
    const deleted = this.sql.pruneStep.immediate(topic, Date.now() - keepMs);
    this.nextPrune.set(topic, deleted >= PRUNE_STEP_RECORDS ? now : now + this.pruneIntervalMs);
  }

  /** A group's read position never falls behind what it committed. */
  private advance({ topic, group, next }: OffsetCommit): void {
    const key = `${topic}\n${group}`;
    const position = this.positions.get(key);
    if (position !== undefined && position < next) this.positions.set(key, next);
  }

  private signalFor(topic: string): WakeSignal {
    let signal = this.signals.get(topic);
    if (!signal) this.signals.set(topic, (signal = new WakeSignal()));
    return signal;
  }

  private checkOpen(): void {
    if (this.closed) throw new Error('event log is closed');
  }
}

/** The offset a commit of these records stores (one past the highest), or null for none. */
function offsetCommit(topic: string, group: string, records: readonly LogRecord[]): OffsetCommit | null {
  const next = nextOffsets(records);
  for (const partition of next.keys()) {
    if (partition !== 0) throw new EventLogInputError(`SQLite topics have one partition (0), got ${partition}`);
  }
  const offset = next.get(0);
  return offset === undefined ? null : { topic, group, next: offset };
}

/** Times the switch to WAL is tried while another connection holds the file. */
const WAL_TRIES = 50;

/** The log in WAL mode. WAL is a property of the file, so after its first open the mode is only read. The switch
 * needs the file to itself: two processes opening a new log at the same moment can each hold a lock the other
 * waits for, and SQLite then answers one of them SQLITE_BUSY at once instead of waiting out the busy timeout, so
 * the switch is tried again. */
function walMode(db: Database.Database): unknown {
  for (let attempt = 1; ; attempt++) {
    try {
      if (db.pragma('journal_mode', { simple: true }) === 'wal') return 'wal';
      return db.pragma('journal_mode = WAL', { simple: true });
    } catch (error) {
      if (attempt === WAL_TRIES || !(error instanceof Database.SqliteError) || !error.code.startsWith('SQLITE_BUSY')) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
}
