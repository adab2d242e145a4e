// What the operational store needs from a Triplit database, whether it runs in this process or behind a
// Triplit server: fetch a query, and apply a set of changes as one commit. Both take Triplit's own shapes
// (a collection query; sets and deletes per collection), so the two backends differ only in transport.
import type { FieldValue, Filter, Query } from './op-store.js';

/** A stored record as Triplit returns it. */
export type StoredRecord = Record<string, FieldValue> & { id: string };

/** Writes of one commit: per collection, the fields set per id (merged into the record) and the ids deleted. */
export type ChangeSet = Map<string, { sets: Map<string, Record<string, FieldValue>>; deletes: Set<string> }>;

/** Triplit's collection query (what its query builder produces). */
export interface TriplitQuery {
  collectionName: string;
  where?: unknown[];
  order?: (readonly [string, 'ASC' | 'DESC'])[];
  limit?: number;
}

export interface TriplitBackend {
  fetch(query: TriplitQuery): Promise<StoredRecord[]>;
  apply(changes: ChangeSet): Promise<void>;
  close(): Promise<void>;
}

function toTriplitFilter<T>(filter: Filter<T>): unknown {
  if ('or' in filter) return { mod: 'or', filters: filter.or.map(toTriplitFilter) };
  if ('and' in filter) return { mod: 'and', filters: filter.and.map(toTriplitFilter) };
  const [field, op, value] = filter;
  return [field, op, value];
}

export function toTriplitQuery<T>(collectionName: string, query: Query<T>): TriplitQuery {
  const triplit: TriplitQuery = { collectionName };
  if (query.where?.length) triplit.where = query.where.map(toTriplitFilter);
  if (query.order?.length) triplit.order = query.order.map(([field, direction]) => [field, direction] as const);
  if (query.limit !== undefined) triplit.limit = query.limit;
  return triplit;
}

/** The change set as Triplit's servers read it: SuperJSON, with the Map and Set marked in `meta`. */
export function changeSetToSuperJson(changes: ChangeSet): { json: unknown; meta: { values: Record<string, string[]> } } {
  const json: Record<string, unknown> = {};
  const values: Record<string, string[]> = {};
  for (const [collection, { sets, deletes }] of changes) {
    json[collection] = { sets: [...sets.entries()], deletes: [...deletes] };
    values[`${collection}.sets`] = ['map'];
    values[`${collection}.deletes`] = ['set'];
  }
  return { json, meta: { values } };
}
