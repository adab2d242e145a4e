// A value computed for a key (the version of what it is computed from) and kept until the key changes. When the key
// changes, the first caller computes the new value and waits for it; callers that arrive while that computation is
// under way get the value kept from before (one refresh behind) instead of waiting too. So a caller that asks again
// after its own answer never sees an older one, and many concurrent callers wait for at most one computation each
// time the key changes. A failed computation is not kept; the next caller computes again.
export class RefreshedValue<T> {
  private kept: { key: string; value: T; started: number } | null = null;
  private running: { key: string; value: Promise<T> } | null = null;
  private started = 0;

  /** The value for `key`, or (while one for `key` is being computed) the value kept from before. */
  get(key: string, compute: () => Promise<T>): T | Promise<T> {
    const kept = this.kept;
    if (kept !== null && kept.key === key) return kept.value;
    const running = this.running;
    if (running !== null && running.key === key) return kept !== null ? kept.value : running.value;
    const started = ++this.started;
    const value = compute().then(
      (result) => {
        if (this.kept === null || this.kept.started < started) this.kept = { key, value: result, started };
        if (this.running?.value === value) this.running = null;
        return result;
      },
      (error: unknown) => {
        if (this.running?.value === value) this.running = null;
        throw error;
      },
    );
    this.running = { key, value };
    return value;
  }

  /** The value kept last, whatever its key; null before the first computation finished. */
  latest(): T | null {
    return this.kept?.value ?? null;
  }
}
