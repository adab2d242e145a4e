// The operational store's interface: off-chain, mutable records (ideas, launches in progress, terms
// acceptances, webhooks, deliveries, payments) in named collections, each described by a zod schema that
// lives with the module owning it. Records are flat: each field a scalar or an array of scalars.
import type { z } from 'zod';

/** A stored field value. Nested objects are not stored: keep them as JSON text in a string field. */
export type Scalar = string | number | boolean | null;
export type FieldValue = Scalar | readonly Scalar[];

/** Every record has a string `id`, unique within its collection. */
export interface OpRecord {
  id: string;
}

/** A collection: its name and the schema every record written to it or read from it must satisfy. */
export interface Collection<T extends OpRecord> {
  readonly name: string;
  readonly schema: z.ZodType<T>;
}

const COLLECTION_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** Declare a collection; any module may declare its own, nothing central needs editing. */
export function defineCollection<T extends OpRecord>(name: string, schema: z.ZodType<T>): Collection<T> {
  if (!COLLECTION_NAME.test(name)) throw new Error(`collection name ${JSON.stringify(name)}: lowercase letters, digits, _`);
  return { name, schema };
}

/** Comparison operators; `like` is case-insensitive with `%` (any run) and `_` (one character), with no escape
 * (match a literal `%` or `_` in your own code). Null is below every value: `< x` holds for null, and null sorts
 * first ascending. */
export type FilterOp = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'like';

export type Filter<T> =
  | readonly [field: keyof T & string, op: FilterOp, value: Scalar | readonly Scalar[]]
  | { readonly or: readonly Filter<T>[] }
  | { readonly and: readonly Filter<T>[] };

export interface Query<T> {
  /** All filters must hold. */
  where?: readonly Filter<T>[];
  /** Sort keys, first decides; ties fall back to the store's own order. */
  order?: readonly (readonly [field: keyof T & string, direction: 'ASC' | 'DESC'])[];
  limit?: number;
}

/** Fields an update may set (not `id`); a field set to null is cleared. */
export type Patch<T extends OpRecord> = Partial<Omit<T, 'id'>>;

/** Reads and writes of a collection. */
export interface OpReader {
  get<T extends OpRecord>(collection: Collection<T>, id: string): Promise<T | null>;
  query<T extends OpRecord>(collection: Collection<T>, query?: Query<T>): Promise<T[]>;
}

export interface OpWriter {
  /** Adds a record; rejects with OpStoreConflictError when its id is taken. */
  insert<T extends OpRecord>(collection: Collection<T>, record: T): Promise<T>;
  /** Sets the given fields; rejects with OpStoreNotFoundError when the id is unknown. Returns the record after. */
  update<T extends OpRecord>(collection: Collection<T>, id: string, patch: Patch<T>): Promise<T>;
  /** Removes a record; true when it existed. */
  delete<T extends OpRecord>(collection: Collection<T>, id: string): Promise<boolean>;
}

/** Inside a transaction: reads see the store as it was before the transaction's own writes. */
export type OpTransaction = OpReader & OpWriter;

export interface OpStore extends OpReader, OpWriter {
  /**
   * Runs `work` with no other write of this store handle in between, and applies its writes together, or
   * none when it throws. This is the conditional write: read, decide, write (for example "at most 5 a wallet
   * an hour" or "once per wallet per version").
   */
  transact<R>(work: (tx: OpTransaction) => Promise<R>): Promise<R>;
  /** Calls `listener` with a collection's name after each commit made through this handle that wrote to it
   * (for caches of a collection; writes by other processes are not seen). Returns the unsubscribe. */
  onWrite(listener: (collection: string) => void): () => void;
  close(): Promise<void>;
}

export class OpStoreError extends Error {}

export class OpStoreConflictError extends OpStoreError {
  constructor(
    readonly collection: string,
    readonly id: string,
  ) {
    super(`${collection}/${id} already exists`);
  }
}

export class OpStoreNotFoundError extends OpStoreError {
  constructor(
    readonly collection: string,
    readonly id: string,
  ) {
    super(`${collection}/${id} does not exist`);
  }
}

/** A record or patch that its collection's schema or the flat-record rule refuses. */
export class OpStoreInvalidError extends OpStoreError {}
