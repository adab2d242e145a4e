// An OpStore that times the transactions of the one it wraps, by what they wrote: inserts (the dispatcher queueing a
// batch's deliveries, the webhook calls creating webhooks), updates only (the dispatcher recording outcomes), or
// nothing. Each transaction is timed from the call until its promise settles: the work's reads, its writes and the
// commit, and any wait for the store's turn.
import type { Collection, OpRecord, OpStore, OpTransaction, Patch, Query } from '../opstore/op-store.js';

export interface TransactKind {
  count: number;
  totalMs: number;
  maxMs: number;
  /** Records written by these transactions. */
  rows: number;
}

export type TransactTimes = Record<'inserts' | 'updates' | 'reads', TransactKind>;

const empty = (): TransactTimes => ({
  inserts: { count: 0, totalMs: 0, maxMs: 0, rows: 0 },
  updates: { count: 0, totalMs: 0, maxMs: 0, rows: 0 },
  reads: { count: 0, totalMs: 0, maxMs: 0, rows: 0 },
});

export class TimedOpStore implements OpStore {
  private times = empty();

  constructor(private readonly inner: OpStore) {}

  get<T extends OpRecord>(collection: Collection<T>, id: string): Promise<T | null> {
    return this.inner.get(collection, id);
  }

  query<T extends OpRecord>(collection: Collection<T>, query?: Query<T>): Promise<T[]> {
    return this.inner.query(collection, query);
  }

  insert<T extends OpRecord>(collection: Collection<T>, record: T): Promise<T> {
    return this.inner.insert(collection, record);
  }

  update<T extends OpRecord>(collection: Collection<T>, id: string, patch: Patch<T>): Promise<T> {
    return this.inner.update(collection, id, patch);
  }

  delete<T extends OpRecord>(collection: Collection<T>, id: string): Promise<boolean> {
    return this.inner.delete(collection, id);
  }

  transact<R>(work: (tx: OpTransaction) => Promise<R>): Promise<R> {
    let inserts = 0;
    let updates = 0;
    const started = performance.now();
    const run = this.inner.transact((tx) =>
      work({
        get: (collection, id) => tx.get(collection, id),
        query: (collection, query) => tx.query(collection, query),
        insert: (collection, record) => {
          inserts++;
          return tx.insert(collection, record);
        },
        update: (collection, id, patch) => {
          updates++;
          return tx.update(collection, id, patch);
        },
        delete: (collection, id) => {
          updates++;
          return tx.delete(collection, id);
        },
      }),
    );
    return run.finally(() => {
      const ms = performance.now() - started;
      const kind = this.times[inserts > 0 ? 'inserts' : updates > 0 ? 'updates' : 'reads'];
      kind.count++;
      kind.totalMs += ms;
      kind.maxMs = Math.max(kind.maxMs, ms);
      kind.rows += inserts + updates;
    });
  }

  onWrite(listener: (collection: string) => void): () => void {
    return this.inner.onWrite(listener);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** Times so far, and start again. */
  take(): TransactTimes {
    const out = this.times;
    this.times = empty();
    return out;
  }
}
