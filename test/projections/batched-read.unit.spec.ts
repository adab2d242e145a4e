// Batched reads: keys asked for together, or while a batch runs, are read in one call; a failed batch fails its own
// callers only.
import { describe, expect, it } from 'vitest';
import { batchedRead } from '../../projections/batched-read.js';

/** A read whose calls are recorded and finish when released. */
function heldRead() {
  const calls: string[][] = [];
  const releases: ((fail?: Error) => void)[] = [];
  const read = batchedRead<string>(
    (keys) =>
      new Promise((resolve, reject) => {
        calls.push(keys);
        releases.push((fail) => (fail === undefined ? resolve(new Map(keys.map((key) => [key, `value of ${key}`]))) : reject(fail)));
      }),
  );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { read, calls, releases, settle };
}

describe('batchedRead', () => {
  it('reads keys asked for in one tick together, and those asked while a read runs in the next', async () => {
    const { read, calls, releases, settle } = heldRead();
    const first = [read('a'), read('b'), read('a')];
    await settle();
    const second = [read('c'), read('d')];
    await settle();
    expect(calls).toEqual([['a', 'b']]);
    releases[0]!();
    expect(await Promise.all(first)).toEqual(['value of a', 'value of b', 'value of a']);
    await settle();
    expect(calls).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    releases[1]!();
    expect(await Promise.all(second)).toEqual(['value of c', 'value of d']);
  });

  it('answers undefined for a key the read did not return, and fails only the callers of a failed batch', async () => {
    const { read, calls, releases, settle } = heldRead();
    const failed = read('x');
    await settle();
    const next = read('y');
    releases[0]!(new Error('store down'));
    await expect(failed).rejects.toThrow('store down');
    await settle();
    expect(calls).toEqual([['x'], ['y']]);
    releases[1]!();
    expect(await next).toBe('value of y');
    const missing = batchedRead(async () => new Map<string, string>());
    expect(await missing('z')).toBeUndefined();
  });
});
