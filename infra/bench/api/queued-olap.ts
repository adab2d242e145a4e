// An analytics store handle that queues its statements itself, one at a time, and times each one's wait in the
// queue and its run. chDB runs one statement at a time anyway (infra/olap/chdb-olap.ts queues them the same way),
// so putting the queue here changes nothing but makes it visible: the bench reports, per route, how long
// statements waited behind others and how long the engine took.
import type { Olap, QueryParams } from '../../olap/olap.js';
import { SerialQueue } from '../../olap/serial-queue.js';

export interface StatementTimes {
  statements: number;
  waitMs: number;
  runMs: number;
}

export class QueuedOlap implements Olap {
  private readonly queue = new SerialQueue();
  private times: StatementTimes = { statements: 0, waitMs: 0, runMs: 0 };

  constructor(private readonly inner: Olap) {}

  /** Totals since the last call. */
  takeTimes(): StatementTimes {
    const times = this.times;
    this.times = { statements: 0, waitMs: 0, runMs: 0 };
    return times;
  }

  exec(sql: string, params?: QueryParams): Promise<void> {
    return this.timed(() => this.inner.exec(sql, params));
  }

  insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
    return this.timed(() => this.inner.insert(table, rows));
  }

  query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<T[]> {
    return this.timed(() => this.inner.query<T>(sql, params));
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private timed<T>(task: () => Promise<T>): Promise<T> {
    const queued = performance.now();
    return this.queue.run(async () => {
      const started = performance.now();
      try {
        return await task();
      } finally {
        this.times.statements += 1;
        this.times.waitMs += started - queued;
        this.times.runMs += performance.now() - started;
      }
    });
  }
}
