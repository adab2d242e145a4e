// The read path (projections/read-path.ts): versions moved by the change feed alone (a table's by any change of it,
// a coin's by changes touching its rows or rows of no one coin), the one cache (one computation for concurrent
// callers, a new one after a change of a table read and not after one elsewhere, failures not kept, one not asked
// for lately dropped past the bound, the answer before while a newer one is computed where asked, an answer past its
// age computed again while it is still answered), indexes made once per reader, and, without a feed, nothing kept.
import { describe, expect, it, vi } from 'vitest';
import type { Olap } from '../../infra/olap/olap.js';
import { ChangePublisher, emptied, type TouchedCoins } from '../../projections/changes.js';
import { cachedRead, ReadPath } from '../../projections/read-path.js';

const olap = {} as Olap;

function following(maxBytes?: number) {
  const publisher = new ChangePublisher();
  const reads = new ReadPath(olap, publisher.feed, maxBytes);
  const write = (table: string, coins: TouchedCoins) => publisher.publish({ events: [], lastSlot: null, tables: new Map([[table, coins]]) });
  return { reads, write, publisher };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('read path versions', () => {
  it('move with the changes the feed announces, per table and per coin', () => {
    const { reads, write } = following();
    const table = reads.version(['t']);
    const alpha = reads.version(['t'], 'alpha');
    write('u', new Set(['alpha']));
    expect(reads.version(['t'])).toBe(table);
    expect(reads.version(['t'], 'alpha')).toBe(alpha);
    write('t', new Set(['beta']));
    expect(reads.version(['t'])).not.toBe(table);
    expect(reads.version(['t'], 'alpha')).toBe(alpha);
    const beta = reads.version(['t'], 'beta');
    write('t', null);
    expect(reads.version(['t'], 'alpha')).not.toBe(alpha);
    expect(reads.version(['t'], 'beta')).not.toBe(beta);
    const whole = reads.wholeVersion(['t']);
    write('t', new Set(['alpha']));
    expect(reads.wholeVersion(['t'])).toBe(whole);
  });

  it('stop moving once the reader closes', () => {
    const { reads, write } = following();
    const before = reads.version(['t']);
    reads.close();
    write('t', null);
    expect(reads.version(['t'])).toBe(before);
  });

  it('are new at every ask without a feed, and nothing is kept', async () => {
    const reads = new ReadPath(olap);
    expect(reads.version(['t'])).not.toBe(reads.version(['t']));
    let runs = 0;
    const ask = () => reads.answer('k', { tables: ['t'] }, async () => ++runs);
    expect(await ask()).toBe(1);
    expect(await ask()).toBe(2);
  });
});

describe('read path cache', () => {
  it('computes once for concurrent callers, again after a change of a table read, not after one elsewhere', async () => {
    const { reads, write } = following();
    let runs = 0;
    const ask = () => reads.answer('k', { tables: ['t'] }, async () => ++runs);
    expect(await Promise.all(Array.from({ length: 10 }, ask))).toEqual(Array(10).fill(1));
    write('u', null);
    expect(await ask()).toBe(1);
    write('t', new Set(['alpha']));
    expect(await ask()).toBe(2);
  });

  it('answers a settled answer synchronously, and varies with its variant', async () => {
    const { reads } = following();
    await reads.answer('k', { tables: ['t'], variant: '1' }, async () => 'one');
    expect(reads.answer('k', { tables: ['t'], variant: '1' }, async () => 'again')).toBe('one');
    expect(await reads.answer('k', { tables: ['t'], variant: '2' }, async () => 'two')).toBe('two');
  });

  it('keeps no failed computation', async () => {
    const { reads } = following();
    await expect(reads.answer('k', { tables: ['t'] }, async () => Promise.reject(new Error('no store')))).rejects.toThrow('no store');
    expect(await reads.answer('k', { tables: ['t'] }, async () => 'fine')).toBe('fine');
  });

  it('drops an answer not asked for lately past its bound', async () => {
    // An entry of a one-letter key and a number answer is estimated at 209 bytes: two fit in 450, three do not.
    const { reads } = following(450);
    let runs = 0;
    const ask = (key: string) => reads.answer(key, { tables: ['t'] }, async () => ++runs);
    await ask('a');
    await ask('b');
    await ask('a');
    await ask('c');
    expect(await ask('a')).toBe(1);
    expect(await ask('b')).toBe(4);
  });

  it('bounds the kept answers by their estimated heap, a large answer pushing out several small ones', async () => {
    const { reads } = following(1_000);
    let runs = 0;
    const ask = (key: string, size = 1) => reads.answer(key, { tables: ['t'] }, async () => `${++runs}`.padEnd(size));
    await ask('a');
    await ask('b');
    await ask('c');
    expect(await ask('a')).toBe('1');
    await ask('big', 500);
    expect(await ask('big', 500)).toBe('4'.padEnd(500));
    // 'a' was asked since it was kept, so it had a second chance; 'b' and 'c' went to make room.
    expect(await ask('a')).toBe('1');
    expect(await ask('b')).toBe('5');
    // An answer over the whole bound is answered and not kept.
    expect(await ask('huge', 2_000)).toBe('6'.padEnd(2_000));
    expect(await ask('huge', 2_000)).toBe('7'.padEnd(2_000));
  });

  it('gives the answer before to callers arriving while a newer one is computed, where asked, and the previous to compute', async () => {
    const { reads, write } = following();
    const source = { tables: ['t'], previousWhileRefreshing: true };
    await reads.answer('k', source, async () => 'old');
    write('t', null);
    const running = deferred<string>();
    let previous: string | null = null;
    const first = reads.answer('k', source, (before: string | null) => {
      previous = before;
      return running.promise;
    });
    expect(previous).toBe('old');
    expect(reads.answer('k', source, async () => 'unused')).toBe('old');
    running.resolve('new');
    expect(await first).toBe('new');
    expect(reads.answer('k', source, async () => 'unused')).toBe('new');
    write('t', null);
    const waiting = reads.answer('k', { tables: ['t'] }, () => new Promise<string>(() => {}));
    expect(waiting).toBeInstanceOf(Promise);
    expect(reads.answer('k', { tables: ['t'] }, async () => 'unused')).toBe(waiting);
  });

  it('gives the answer kept to a caller of a new variant of unchanged tables, where asked, computing the new one behind', async () => {
    const { reads, write } = following();
    const at = (second: number) => ({ tables: ['t'], variant: String(second), previousOfVariant: true });
    await reads.answer('k', at(1), async () => 'one');
    const two = deferred<string>();
    expect(reads.answer('k', at(2), () => two.promise)).toBe('one');
    two.resolve('two');
    await two.promise;
    await Promise.resolve();
    expect(reads.answer('k', at(2), async () => 'unused')).toBe('two');
    // Changed tables are waited for, whatever the variant.
    write('t', null);
    const waiting = reads.answer('k', at(3), async () => 'three');
    expect(waiting).toBeInstanceOf(Promise);
    expect(await waiting).toBe('three');
    // Without the option a new variant is waited for.
    expect(await reads.answer('k', { tables: ['t'], variant: '4' }, async () => 'four')).toBe('four');
  });

  it('computes an answer past its age again in the background, answering the kept one meanwhile, and keeps it on failure', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    try {
      const { reads } = following();
      const source = { tables: [], maxAgeMs: 10_000 };
      await reads.answer('k', source, async () => 'first');
      vi.setSystemTime(1_009_999);
      expect(reads.answer('k', source, async () => 'unused')).toBe('first');
      vi.setSystemTime(1_010_000);
      const reading = deferred<string>();
      let runs = 0;
      const again = () => {
        runs += 1;
        return reading.promise;
      };
      expect(reads.answer('k', source, again)).toBe('first');
      expect(reads.answer('k', source, again)).toBe('first');
      expect(runs).toBe(1);
      reading.resolve('second');
      await reading.promise;
      await Promise.resolve();
      expect(reads.answer('k', source, async () => 'unused')).toBe('second');
      vi.setSystemTime(1_020_000);
      expect(reads.answer('k', source, async () => Promise.reject(new Error('store down')))).toBe('second');
      await Promise.resolve();
      await Promise.resolve();
      expect(reads.answer('k', { ...source, maxAgeMs: 60_000 }, async () => 'unused')).toBe('second');
    } finally {
      vi.useRealTimers();
    }
  });

  it('copies array and map answers of a cached read for each caller', async () => {
    const { reads } = following();
    const read = cachedRead(
      'list',
      ['t'],
      (n: number) => String(n),
      async (_olap: Olap, n: number) => Array.from({ length: n }, (_, i) => i),
    );
    const first = await read(reads, 3);
    first.reverse();
    expect(await read(reads, 3)).toEqual([0, 1, 2]);
  });
});

describe('read path indexes', () => {
  it('are made once per reader', () => {
    const { reads } = following();
    const made = reads.index('i', () => ({}));
    expect(reads.index('i', () => ({}))).toBe(made);
    expect(following().reads.index('i', () => ({}))).not.toBe(made);
  });
});

describe('emptied', () => {
  it('touches every coin of every table named', () => {
    expect(emptied(['a', 'b']).tables).toEqual(
      new Map([
        ['a', null],
        ['b', null],
      ]),
    );
  });
});
