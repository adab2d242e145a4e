// An EventLog that times the appends, batch writes and commits of the one it wraps (each is one durable write: with
// SQLite's FULL sync, an fsync), so the bench can tell a slow disk from a slow pipeline.
import type { AppendRecord, EventLog, LogPosition, LogRecord, PollOptions, WriteBatch } from '../event-log/event-log.js';
import { writeBatch } from '../event-log/write-batch.js';

export interface AppendTimes {
  count: number;
  totalMs: number;
  maxMs: number;
  /** Appends slower than 100 ms. */
  slow: number;
}

export class TimedLog implements EventLog {
  private times: AppendTimes = { count: 0, totalMs: 0, maxMs: 0, slow: 0 };

  constructor(private readonly inner: EventLog) {}

  append(topic: string, records: readonly AppendRecord[]): Promise<void> {
    return this.timed(() => this.inner.append(topic, records));
  }

  /** One durable write, like an append. */
  write(batch: WriteBatch): Promise<void> {
    return this.timed(() => (this.inner.write ? this.inner.write(batch) : writeBatch(this.inner, batch)));
  }

  /** Time from the call until the log's own promise settles (a reaction attached at once), not until the caller
   * resumes: other work of the process queued in between is not the log's. */
  private timed(write: () => Promise<void>): Promise<void> {
    const started = performance.now();
    return write().finally(() => {
      const ms = performance.now() - started;
      this.times.count++;
      this.times.totalMs += ms;
      this.times.maxMs = Math.max(this.times.maxMs, ms);
      if (ms > 100) this.times.slow++;
    });
  }

  poll(topic: string, group: string, options: PollOptions): Promise<LogRecord[]> {
    return this.inner.poll(topic, group, options);
  }

  /** A commit is a write too (SQLite: a transaction, an fsync). */
  commit(topic: string, group: string, records: readonly LogRecord[]): Promise<void> {
    return this.timed(() => this.inner.commit(topic, group, records));
  }

  rewind(topic: string, group: string): Promise<void> {
    return this.inner.rewind(topic, group);
  }

  last(topic: string): Promise<LogRecord | null> {
    return this.inner.last(topic);
  }

  committed(topic: string, group: string): Promise<LogPosition> {
    return this.inner.committed(topic, group);
  }

  startAt(topic: string, group: string, position: LogPosition): Promise<void> {
    return this.inner.startAt(topic, group, position);
  }

  dropGroup(topic: string, group: string): Promise<void> {
    return this.inner.dropGroup(topic, group);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** Times so far, and start again. */
  take(): AppendTimes {
    const out = this.times;
    this.times = { count: 0, totalMs: 0, maxMs: 0, slow: 0 };
    return out;
  }
}
