// The operational store over a Triplit database (in this process or on a server): validates records with
// their collection's schema, keeps them flat, and runs every write of this handle one at a time, so a
// transaction's read-decide-write is not interleaved with another write made through the same handle.
import {
  OpStoreConflictError,
  OpStoreError,
  OpStoreInvalidError,
  OpStoreNotFoundError,
  type Collection,
  type FieldValue,
  type OpRecord,
  type OpStore,
  type OpTransaction,
  type Patch,
  type Query,
} from './op-store.js';
import { toTriplitQuery, type ChangeSet, type StoredRecord, type TriplitBackend } from './triplit-backend.js';

export class TriplitOpStore implements OpStore {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly writeListeners = new Set<(collection: string) => void>();
  private closed = false;

  constructor(private readonly backend: TriplitBackend) {}

  async get<T extends OpRecord>(collection: Collection<T>, id: string): Promise<T | null> {
    this.checkOpen();
    const rows = await this.backend.fetch({ collectionName: collection.name, where: [['id', '=', id]], limit: 1 });
    return rows[0] === undefined ? null : decode(collection, rows[0]);
  }

  async query<T extends OpRecord>(collection: Collection<T>, query: Query<T> = {}): Promise<T[]> {
    this.checkOpen();
    if (query.limit !== undefined && !(Number.isInteger(query.limit) && query.limit > 0)) {
      throw new OpStoreError(`limit must be a positive integer, got ${query.limit}`);
    }
    const rows = await this.backend.fetch(toTriplitQuery(collection.name, query));
    return rows.map((row) => decode(collection, row));
  }

  insert<T extends OpRecord>(collection: Collection<T>, record: T): Promise<T> {
    return this.transact((tx) => tx.insert(collection, record));
  }

  update<T extends OpRecord>(collection: Collection<T>, id: string, patch: Patch<T>): Promise<T> {
    return this.transact((tx) => tx.update(collection, id, patch));
  }

  delete<T extends OpRecord>(collection: Collection<T>, id: string): Promise<boolean> {
    return this.transact((tx) => tx.delete(collection, id));
  }

  transact<R>(work: (tx: OpTransaction) => Promise<R>): Promise<R> {
    this.checkOpen();
    const run = this.tail.then(async () => {
      const tx = new BufferedTransaction(this);
      const result = await work(tx);
      const changes = tx.changeSet();
      if (changes.size > 0) {
        await this.backend.apply(changes);
        for (const collection of changes.keys()) for (const listener of this.writeListeners) listener(collection);
      }
      return result;
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  onWrite(listener: (collection: string) => void): () => void {
    this.writeListeners.add(listener);
    return () => this.writeListeners.delete(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.tail;
    await this.backend.close();
  }

  private checkOpen(): void {
    if (this.closed) throw new OpStoreError('operational store is closed');
  }
}

/** Writes are held until the work returns; `get` sees them, `query` sees the store before them. */
class BufferedTransaction implements OpTransaction {
  /** Per collection, per id: the record as it will be, or null when deleted. */
  private readonly pending = new Map<string, Map<string, Record<string, FieldValue> | null>>();

  constructor(private readonly store: TriplitOpStore) {}

  async get<T extends OpRecord>(collection: Collection<T>, id: string): Promise<T | null> {
    const buffered = this.pending.get(collection.name)?.get(id);
    if (buffered !== undefined) return buffered === null ? null : (buffered as unknown as T);
    return this.store.get(collection, id);
  }

  query<T extends OpRecord>(collection: Collection<T>, query?: Query<T>): Promise<T[]> {
    return this.store.query(collection, query);
  }

  async insert<T extends OpRecord>(collection: Collection<T>, record: T): Promise<T> {
    const row = encode(collection, record);
    const buffered = this.pending.get(collection.name)?.get(row.id);
    if (buffered === null) throw new OpStoreError(`${collection.name}/${row.id}: insert after delete in one transaction`);
    if (buffered !== undefined || (await this.store.get(collection, row.id)) !== null) {
      throw new OpStoreConflictError(collection.name, row.id);
    }
    this.hold(collection.name, row.id, row);
    return row as unknown as T;
  }

  async update<T extends OpRecord>(collection: Collection<T>, id: string, patch: Patch<T>): Promise<T> {
    const current = await this.get(collection, id);
    if (current === null) throw new OpStoreNotFoundError(collection.name, id);
    const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    if ('id' in defined && defined.id !== id) throw new OpStoreInvalidError(`${collection.name}/${id}: id cannot change`);
    const row = encode(collection, { ...current, ...defined, id } as T);
    this.hold(collection.name, id, row);
    return row as unknown as T;
  }

  async delete<T extends OpRecord>(collection: Collection<T>, id: string): Promise<boolean> {
    const existed = (await this.get(collection, id)) !== null;
    if (existed) this.hold(collection.name, id, null);
    return existed;
  }

  changeSet(): ChangeSet {
    const changes: ChangeSet = new Map();
    for (const [collection, records] of this.pending) {
      const sets = new Map<string, Record<string, FieldValue>>();
      const deletes = new Set<string>();
      for (const [id, record] of records) {
        if (record === null) deletes.add(id);
        else sets.set(id, record);
      }
      changes.set(collection, { sets, deletes });
    }
    return changes;
  }

  private hold(collection: string, id: string, record: Record<string, FieldValue> | null): void {
    let records = this.pending.get(collection);
    if (records === undefined) this.pending.set(collection, (records = new Map()));
    records.set(id, record);
  }
}

function isScalar(value: unknown): boolean {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** Validates a record with its collection's schema and checks it is flat. */
function encode<T extends OpRecord>(collection: Collection<T>, record: T): StoredRecord {
  const parsed = collection.schema.safeParse(record);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`);
    throw new OpStoreInvalidError(`${collection.name}: ${problems.join('; ')}`);
  }
  const row: Record<string, FieldValue> = {};
  for (const [field, value] of Object.entries(parsed.data as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (isScalar(value) || (Array.isArray(value) && value.every(isScalar))) row[field] = value as FieldValue;
    else throw new OpStoreInvalidError(`${collection.name}.${field}: a stored value is a scalar or an array of scalars`);
  }
  if (typeof row.id !== 'string' || row.id.length === 0) throw new OpStoreInvalidError(`${collection.name}: id must be a non-empty string`);
  return row as StoredRecord;
}

function decode<T extends OpRecord>(collection: Collection<T>, row: StoredRecord): T {
  const parsed = collection.schema.safeParse(row);
  if (!parsed.success) throw new OpStoreInvalidError(`${collection.name}/${row.id}: stored record no longer fits its schema`);
  return parsed.data;
}
