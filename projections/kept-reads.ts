// Read answers kept in memory while the tables they were computed from are unchanged, so a repeated read costs no
// statement on the analytics store. Whether tables changed: the store's write marks where every write passes
// through this process (embedded chDB: free and exact), else a fingerprint of the tables' parts in system.parts
// (platform/table-fingerprint.ts), one check shared by the concurrent reads of the same tables.
// Concurrent reads of one key share one computation; a failed computation is not kept. Each space keeps at most
// `max` answers, the least recently used going first.
import type { Olap } from '../infra/olap/olap.js';
import { tablesFingerprint } from './platform/table-fingerprint.js';

/** A kind of answer: the tables it reads and how many answers to keep. */
export interface KeptSpace {
  name: string;
  tables: readonly string[];
  max: number;
  /** Keep answers only where the store has write marks: for a read that costs no more than asking the store
   * whether its tables changed. */
  onlyWithMarks?: boolean;
}

interface Entry {
  version: string;
  value: Promise<unknown>;
}

interface StoreCache {
  spaces: Map<string, Map<string, Entry>>;
  checks: Map<string, Promise<string>>;
}

const stores = new WeakMap<Olap, StoreCache>();

function cacheOf(olap: Olap): StoreCache {
  let cache = stores.get(olap);
  if (cache === undefined) stores.set(olap, (cache = { spaces: new Map(), checks: new Map() }));
  return cache;
}

/** What `tables` hold, as a string that changes whenever their contents may have. */
export function tablesVersion(olap: Olap, tables: readonly string[], mint?: string): string | Promise<string> {
  const marks = olap.writeMarks?.(tables, mint);
  if (typeof marks === 'string') return marks;
  const cache = cacheOf(olap);
  const key = tables.join(',');
  const running = cache.checks.get(key);
  if (running !== undefined) return running;
  const check = tablesFingerprint(olap, tables).finally(() => cache.checks.delete(key));
  cache.checks.set(key, check);
  return check;
}

/** The answer of `space` for `key`, computed by `compute` unless one computed from the same contents of the
 * space's tables is kept. */
export async function keptAnswer<T>(olap: Olap, space: KeptSpace, key: string, compute: () => Promise<T>): Promise<T> {
  if (space.onlyWithMarks === true && typeof olap.writeMarks?.(space.tables) !== 'string') return compute();
  const cache = cacheOf(olap);
  let entries = cache.spaces.get(space.name);
  if (entries === undefined) cache.spaces.set(space.name, (entries = new Map()));
  const version = await tablesVersion(olap, space.tables);
  const kept = entries.get(key);
  if (kept !== undefined && kept.version === version) {
    entries.delete(key);
    entries.set(key, kept);
    return kept.value as Promise<T>;
  }
  const entry: Entry = { version, value: compute() };
  entries.delete(key);
  entries.set(key, entry);
  if (entries.size > space.max) entries.delete(entries.keys().next().value!);
  const owner = entries;
  entry.value.catch(() => {
    if (owner.get(key) === entry) owner.delete(key);
  });
  return entry.value as Promise<T>;
}

/** A fresh top-level copy of an array or map answer, so a caller that sorts or reverses it leaves the kept one as it
 * was; other values as they are. */
function shallowCopy<R>(value: R): R {
  if (Array.isArray(value)) return [...value] as R;
  if (value instanceof Map) return new Map(value) as R;
  return value;
}

/** `read` with its answers kept in `space`, keyed by `key` of its arguments. */
export function keptRead<A extends unknown[], R>(
  space: KeptSpace,
  key: (...args: A) => string,
  read: (olap: Olap, ...args: A) => Promise<R>,
): (olap: Olap, ...args: A) => Promise<R> {
  return (olap, ...args) =>
    keptAnswer(olap, space, key(...args), () => read(olap, ...args)).then(shallowCopy);
}
