// Read answers kept while their tables are unchanged (projections/kept-reads.ts), on chDB with its write marks and
// on a store handle without them (answered by system.parts fingerprints, as a ClickHouse server is): one
// computation for concurrent reads, a new one after an insert into a table read and not after one elsewhere, no
// failed computation kept, at most `max` answers, and callers get their own copy of an array or map.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import { keptAnswer, keptRead, tablesVersion } from '../../projections/kept-reads.js';

let dir: string;
let chdb: Olap;

/** The same store seen without write marks, as a store other processes write to. */
function withoutMarks(inner: Olap): Olap {
  return {
    exec: (sql, params) => inner.exec(sql, params),
    insert: (table, rows) => inner.insert(table, rows),
    query: (sql, params) => inner.query(sql, params),
    close: async () => {},
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kept-reads-'));
  chdb = await openOlap({ dataDir: dir });
  for (const table of ['kept_x', 'kept_y']) await chdb.exec(`CREATE TABLE ${table} (id String) ENGINE = ReplacingMergeTree ORDER BY id`);
});

afterAll(async () => {
  await chdb.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each([
  ['write marks', () => chdb],
  ['system.parts fingerprints', () => withoutMarks(chdb)],
])('kept reads with %s', (name, store) => {
  const space = { name: `count-${name}`, tables: ['kept_x'], max: 10 };

  it('computes once for concurrent reads, again after an insert into a table read, not after one elsewhere', async () => {
    const olap = store();
    let runs = 0;
    const count = () => keptAnswer(olap, space, 'k', async () => {
      runs += 1;
      const [row] = await olap.query<{ n: string }>('SELECT toString(count()) AS n FROM kept_x');
      return Number(row!.n);
    });
    const first = await Promise.all(Array.from({ length: 20 }, count));
    expect(new Set(first).size).toBe(1);
    expect(runs).toBe(1);
    await chdb.insert('kept_y', [{ id: 'elsewhere' }]);
    expect(await count()).toBe(first[0]);
    expect(runs).toBe(1);
    await chdb.insert('kept_x', [{ id: `row-${name}` }]);
    expect(await count()).toBe(first[0]! + 1);
    expect(runs).toBe(2);
  });

  it('keeps no failed computation and at most max answers', async () => {
    const olap = store();
    let runs = 0;
    const flaky = () => keptAnswer(olap, { ...space, name: `flaky-${name}` }, 'k', async () => {
      runs += 1;
      if (runs === 1) throw new Error('store hiccup');
      return runs;
    });
    await expect(flaky()).rejects.toThrow('store hiccup');
    expect(await flaky()).toBe(2);
    expect(await flaky()).toBe(2);

    const small = { ...space, name: `small-${name}`, max: 2 };
    let computed = 0;
    const read = (key: string) => keptAnswer(olap, small, key, async () => ++computed);
    await read('a');
    await read('b');
    await read('a'); // a is now the most recently used
    await read('c'); // b goes
    expect(computed).toBe(3);
    await read('a');
    expect(computed).toBe(3);
    await read('b');
    expect(computed).toBe(4);
  });

  it('hands each caller its own copy of an array or a map', async () => {
    const olap = store();
    const read = keptRead({ ...space, name: `copies-${name}` }, (key: string) => key, async (_olap, key: string) => (key === 'list' ? [1, 2, 3] : new Map([['a', 1]])));
    const list = (await read(olap, 'list')) as number[];
    list.reverse();
    expect(await read(olap, 'list')).toEqual([1, 2, 3]);
    const map = (await read(olap, 'map')) as Map<string, number>;
    map.delete('a');
    expect(await read(olap, 'map')).toEqual(new Map([['a', 1]]));
  });
});

describe('a space kept only with write marks', () => {
  it('keeps answers on chDB and asks every time on a store without marks', async () => {
    const space = { name: 'marks-only', tables: ['kept_x'], max: 10, onlyWithMarks: true };
    let runs = 0;
    const read = (olap: Olap) => keptAnswer(olap, space, 'k', async () => ++runs);
    await read(chdb);
    await read(chdb);
    expect(runs).toBe(1);
    const plain = withoutMarks(chdb);
    await read(plain);
    await read(plain);
    expect(runs).toBe(3);
  });
});

describe('tablesVersion', () => {
  it('answers from write marks without a statement where the store has them', () => {
    expect(typeof tablesVersion(chdb, ['kept_x'])).toBe('string');
    expect(tablesVersion(withoutMarks(chdb), ['kept_x'])).toBeInstanceOf(Promise);
  });
});
