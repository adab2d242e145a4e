// Response objects kept per request key while what they were built from is unchanged (a stamp that grows with every
// change of it), so a repeated request gets the very same object back: nothing is rebuilt, and a serializer that
// remembers the JSON of an object it has written reuses it. Kept objects are never changed afterwards. At most
// `max` are kept, the least recently used going first.
export class KeptResponses<V> {
  private readonly entries = new Map<string, { stamp: number; value: V }>();

  constructor(private readonly max: number) {}

  /** The kept response of `key` built at `stamp`, else the one `build` makes (then kept). */
  get(key: string, stamp: number, build: () => V): V {
    const kept = this.entries.get(key);
    if (kept !== undefined && kept.stamp === stamp) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.value;
    }
    const value = build();
    this.entries.delete(key);
    this.entries.set(key, { stamp, value });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}

/** One KeptResponses per owner (a store's model), made on first use. */
export function keptPer<O extends object, V>(max: number): (owner: O) => KeptResponses<V> {
  const kept = new WeakMap<O, KeptResponses<V>>();
  return (owner) => {
    let responses = kept.get(owner);
    if (responses === undefined) kept.set(owner, (responses = new KeptResponses<V>(max)));
    return responses;
  };
}
