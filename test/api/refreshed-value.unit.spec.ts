// RefreshedValue (api/queries/refreshed-value.ts): a value kept per key; after a change of key the first caller
// waits for the new value and callers arriving meanwhile get the one from before; failures are not kept; a slower
// older computation never replaces a newer value.
import { describe, expect, it } from 'vitest';
import { RefreshedValue } from '../../api/queries/refreshed-value.js';

/** A computation the test finishes by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('RefreshedValue', () => {
  it('keeps a value per key; while the next is computed, callers get the one from before', async () => {
    const value = new RefreshedValue<string>();
    let runs = 0;
    const first = value.get('v1', async () => `a${++runs}`);
    expect(first).toBeInstanceOf(Promise);
    // Concurrent callers of the first key share its computation: nothing was kept before.
    expect(value.get('v1', async () => `a${++runs}`)).toBe(first);
    expect(await first).toBe('a1');
    expect(value.get('v1', async () => `a${++runs}`)).toBe('a1');

    const next = deferred<string>();
    const starter = value.get('v2', () => next.promise);
    expect(starter).toBeInstanceOf(Promise);
    expect(value.get('v2', async () => 'never')).toBe('a1');
    next.resolve('b');
    expect(await starter).toBe('b');
    expect(value.get('v2', async () => 'never')).toBe('b');
    expect(value.latest()).toBe('b');
    expect(runs).toBe(1);
  });

  it('keeps no failed computation', async () => {
    const value = new RefreshedValue<number>();
    await expect(value.get('k', async () => Promise.reject(new Error('hiccup')))).rejects.toThrow('hiccup');
    expect(value.latest()).toBeNull();
    expect(await value.get('k', async () => 2)).toBe(2);
  });

  it('never lets an older computation that ends later replace a newer value', async () => {
    const value = new RefreshedValue<string>();
    const slow = deferred<string>();
    const older = value.get('old', () => slow.promise);
    const newer = value.get('new', async () => 'new value');
    expect(await newer).toBe('new value');
    slow.resolve('old value');
    expect(await older).toBe('old value');
    expect(value.latest()).toBe('new value');
    expect(value.get('new', async () => 'again')).toBe('new value');
  });
});
