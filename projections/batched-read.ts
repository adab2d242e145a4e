// Reads of many keys in one statement: chDB runs one statement at a time, so keys asked for while a read runs wait
// for it anyway; they are read together in the next one, and a burst of misses (the first coin list wanting every
// coin's holders, the coins a write touched) costs one statement instead of one each. Per-coin reads (perCoinRead)
// keep each coin's answer on the read path and read their misses so.
import type { ReadPath } from './read-path.js';

/** `read` of keys one at a time, batched: keys asked for in the same tick or while an earlier batch runs are read
 * together once it ends. A failed batch fails each of its callers. */
export function batchedRead<V>(read: (keys: string[]) => Promise<ReadonlyMap<string, V>>): (key: string) => Promise<V | undefined> {
  let next: { keys: Set<string>; answers: Promise<ReadonlyMap<string, V>> } | null = null;
  let last: Promise<unknown> = Promise.resolve();
  return (key) => {
    if (next === null) {
      const keys = new Set<string>();
      const answers = last.then(() => {
        next = null;
        return read([...keys]);
      });
      last = answers.catch(() => {});
      next = { keys, answers };
    }
    next.keys.add(key);
    return next.answers.then((answers) => answers.get(key));
  };
}

/** `read` of `keys` at most `perRead` keys a call, one call after another (one statement stays short, so other reads
 * run in between): every call's answers together. */
export async function readInChunks<V>(
  keys: readonly string[],
  perRead: number,
  read: (chunk: string[]) => Promise<ReadonlyMap<string, V>>,
): Promise<Map<string, V>> {
  const all = new Map<string, V>();
  for (let i = 0; i < keys.length; i += perRead) for (const [key, value] of await read(keys.slice(i, i + perRead))) all.set(key, value);
  return all;
}

/** A coin's answer kept on the read path under `name` while the coin's version of `tables` holds (its rows of
 * them, and rows of no one coin, unchanged); coins missed together are read in one call of `read`. Null for a coin
 * `read` has no answer for. The reader's one batch of `name`: `read` must be the same for every call of a name. */
export function perCoinRead<V>(
  reads: ReadPath,
  name: string,
  tables: readonly string[],
  read: (mints: string[]) => Promise<ReadonlyMap<string, V>>,
): (mint: string) => V | null | Promise<V | null> {
  const batched = reads.index(name, () => batchedRead(read));
  return (mint) => reads.answer(`${name}\n${mint}`, { tables: [], variant: reads.version(tables, mint) }, async () => (await batched(mint)) ?? null);
}
