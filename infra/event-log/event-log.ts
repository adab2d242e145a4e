// The event log: the source of truth for everything derived. Two implementations (durable SQLite
// for the embedded setup, Kafka at scale) pass one contract test suite.

/** A record as a consumer sees it. */
export interface LogRecord {
  topic: string;
  /** Partition (always 0 for SQLite; Kafka partitions by key). */
  partition: number;
  /** Position within the partition, increasing. */
  offset: bigint;
  /** Records with one key stay in append order for every consumer (coin events: the mint). */
  key: string;
  value: string;
}

export interface AppendRecord {
  key: string;
  value: string;
}

/** Where a group stands in a topic: each partition's next offset to read. */
export type LogPosition = ReadonlyMap<number, bigint>;

/** Whether `record` lies before `position` (its partition's next offset is past it). */
export function isBefore(record: Pick<LogRecord, 'partition' | 'offset'>, position: LogPosition): boolean {
  return record.offset < (position.get(record.partition) ?? 0n);
}

/** Appends to one or more topics and then, optionally, a consumer group's commit: one durable write. */
export interface WriteBatch {
  appends: readonly { topic: string; records: readonly AppendRecord[] }[];
  commit?: { topic: string; group: string; records: readonly LogRecord[] };
}

export interface PollOptions {
  /** Most records to return. */
  maxRecords: number;
  /** Wait up to this long for at least one record before returning an empty batch. */
  waitMs?: number;
}

export interface EventLog {
  /** Append durably and in order; resolved means stored. */
  append(topic: string, records: readonly AppendRecord[]): Promise<void>;
  /** The next records for a consumer group after its committed position; empty when caught up. */
  poll(topic: string, group: string, options: PollOptions): Promise<LogRecord[]>;
  /** Mark everything up to and including these records as processed by the group. */
  commit(topic: string, group: string, records: readonly LogRecord[]): Promise<void>;
  /** Forget records polled and not committed, so the next poll starts again from the committed position. */
  rewind(topic: string, group: string): Promise<void>;
  /** Optional: the batch's appends in order, then its commit, as one write, all or nothing (SQLite: one transaction,
   * one fsync instead of one per call). Callers go through writeBatch(), which makes the calls one by one where a
   * log has no such write. */
  write?(batch: WriteBatch): Promise<void>;
  /** The last record appended to a single-partition topic (resume points), or null. */
  last(topic: string): Promise<LogRecord | null>;
  /** A group's committed position: each partition's next offset to read; partitions it never committed are absent. */
  committed(topic: string, group: string): Promise<LogPosition>;
  /** Puts a group that has not polled yet at `position` (each partition's next offset; partitions left out start at
   * their beginning): a reader that follows the log from where another group's work stands. */
  startAt(topic: string, group: string, position: LogPosition): Promise<void>;
  /** Forgets a group: its committed position and its reader. */
  dropGroup(topic: string, group: string): Promise<void>;
  close(): Promise<void>;
}

/** How long each listed topic keeps a record after its append, in ms; topics not listed keep every record. On SQLite
 * a record also stays until every group that committed on its topic is past it, and a topic's last record always stays
 * (the subscriber resumes from it); Kafka deletes whole segments once their newest record is older, read or not. */
export type Retention = Readonly<Record<string, number>>;

/** Topics of the pipeline. */
export const TOPICS = {
  /** Raw transactions as the subscriber received them, one record per transaction (key: slot). */
  rawTransactions: 'raw-transactions',
  /** Decoded events (schemas/events), key = mint (or a fixed key for platform-wide facts). */
  coinEvents: 'coin-events',
  /** Gap records: slots the subscriber could not recover after a reconnect. */
  ingestGaps: 'ingest-gaps',
} as const;
