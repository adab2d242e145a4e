// Reads of many keys in one statement: chDB runs one statement at a time, so keys asked for while a read runs wait
// for it anyway; they are read together in the next one, and a burst of misses (the first coin list wanting every
// coin's holders, the coins a write touched) costs one statement instead of one each.

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
