// Answers kept while the tables they were computed from are unchanged (projections/platform/table-fingerprint.ts):
// a read that scans every trade is computed once per change of its inputs, and concurrent requests share one
// computation. Concurrent requests also share one fingerprint check, so a request that joins a check already
// under way sees the tables as they were when that check began (a few milliseconds at most). After a change, the
// first request computes the new answer and waits for it; requests arriving while it is computed get the answer from
// before (one computation behind: api/queries/refreshed-value.ts), so no statement is waited for once warm but by
// the one request that began it. The kept answer is the same object until its tables change, so its JSON is kept
// too (api/serializer.ts). Kept per analytics store, one entry per answer name and variant, at most MAX_ENTRIES (the
// oldest go first); a failed computation is not kept.
import type { Olap } from '../../infra/olap/olap.js';
import { tablesFingerprint } from '../../projections/platform/table-fingerprint.js';
import { RefreshedValue } from '../queries/refreshed-value.js';

interface StoreCache {
  entries: Map<string, RefreshedValue<unknown>>;
  checks: Map<string, Promise<string>>;
}

const MAX_ENTRIES = 64;
const stores = new WeakMap<Olap, StoreCache>();

function cacheOf(olap: Olap): StoreCache {
  let cache = stores.get(olap);
  if (cache === undefined) stores.set(olap, (cache = { entries: new Map(), checks: new Map() }));
  return cache;
}

function fingerprint(cache: StoreCache, olap: Olap, tables: readonly string[]): string | Promise<string> {
  const marks = olap.writeMarks?.(tables);
  if (typeof marks === 'string') return `marks:${marks}`;
  const key = tables.join(',');
  const running = cache.checks.get(key);
  if (running !== undefined) return running;
  const check = tablesFingerprint(olap, tables).finally(() => cache.checks.delete(key));
  cache.checks.set(key, check);
  return check;
}

/** The answer `name` for `variant` (anything else it depends on, such as the day), computed by `compute` unless
 * one computed from the same content of `tables` is kept. `name` may carry a parameter (one entry each). */
export async function whileUnchanged<T>(olap: Olap, name: string, variant: string, tables: readonly string[], compute: () => Promise<T>): Promise<T> {
  const cache = cacheOf(olap);
  const version = await fingerprint(cache, olap, tables);
  const key = `${name}\n${variant}`;
  let entry = cache.entries.get(key);
  if (entry === undefined) {
    cache.entries.set(key, (entry = new RefreshedValue()));
    if (cache.entries.size > MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
  }
  return (entry as RefreshedValue<T>).get(version, compute);
}
