// An Olap that times every statement of the one it wraps, by kind (insert per table, query by the start of its
// text, exec): the bench reports how long the analytics store took, which the projection part of the lag and
// throughput is made of. chDB runs one statement at a time, so statements are passed on one at a time here too, and
// each is timed from when the one before it finished: its own run, not its wait in the queue.
import type { Olap, QueryParams } from '../olap/olap.js';

export interface StatementTimes {
  count: number;
  totalMs: number;
  maxMs: number;
}

/** A read's kind: the start of its text, spaces folded (reads of one statement share it). */
function statementHead(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim().slice(0, 90);
}

export class TimedOlap implements Olap {
  readonly times = new Map<string, StatementTimes>();
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly inner: Olap) {}

  exec(sql: string, params?: QueryParams): Promise<void> {
    return this.timed('exec', () => this.inner.exec(sql, params));
  }

  insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
    return this.timed(`insert ${table}`, () => this.inner.insert(table, rows));
  }

  query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<T[]> {
    return this.timed(`query ${statementHead(sql)}`, () => this.inner.query<T>(sql, params));
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** Times so far, and start again. */
  take(): Record<string, StatementTimes> {
    const out = Object.fromEntries(this.times);
    this.times.clear();
    return out;
  }

  private timed<T>(kind: string, run: () => Promise<T>): Promise<T> {
    const result = this.tail.then(async () => {
      const started = performance.now();
      try {
        return await run();
      } finally {
        this.record(kind, performance.now() - started);
      }
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  private record(kind: string, ms: number): void {
    const entry = this.times.get(kind) ?? { count: 0, totalMs: 0, maxMs: 0 };
    entry.count++;
    entry.totalMs += ms;
    entry.maxMs = Math.max(entry.maxMs, ms);
    this.times.set(kind, entry);
  }
}
