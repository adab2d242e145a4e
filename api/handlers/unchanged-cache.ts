// Answers kept while the tables they were computed from are unchanged (tablesVersion, projections/kept-reads.ts):
// a read that scans every trade is computed once per change of its inputs, and concurrent requests share one
// computation. Where the store has no write marks, concurrent requests also share one check of the tables, so a
// request that joins a check already under way sees the tables as they were when that check began (a few
// milliseconds at most). After a change, the
// first request computes the new answer and waits for it; requests arriving while it is computed get the answer from
// before (one computation behind: api/queries/refreshed-value.ts), so no statement is waited for once warm but by
// the one request that began it. The kept answer is the same object until its tables change, so its JSON is kept
// too (api/serializer.ts). Kept per analytics store, one entry per answer name and variant, at most MAX_ENTRIES (the
// oldest go first); a failed computation is not kept.
import type { Olap } from '../../infra/olap/olap.js';
import { tablesVersion } from '../../projections/kept-reads.js';
import { RefreshedValue } from '../queries/refreshed-value.js';

const MAX_ENTRIES = 64;
const stores = new WeakMap<Olap, Map<string, RefreshedValue<unknown>>>();

/** The answer `name` for `variant` (anything else it depends on, such as the day), computed by `compute` unless
 * one computed from the same content of `tables` is kept. `name` may carry a parameter (one entry each). */
export async function whileUnchanged<T>(olap: Olap, name: string, variant: string, tables: readonly string[], compute: () => Promise<T>): Promise<T> {
  let entries = stores.get(olap);
  if (entries === undefined) stores.set(olap, (entries = new Map()));
  const version = await tablesVersion(olap, tables);
  const key = `${name}\n${variant}`;
  let entry = entries.get(key);
  if (entry === undefined) {
    entries.set(key, (entry = new RefreshedValue()));
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  return (entry as RefreshedValue<T>).get(version, compute);
}
