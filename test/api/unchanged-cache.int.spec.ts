// Integration tests of answers kept while their tables are unchanged, on chDB: concurrent requests share one
// computation, an insert or another variant computes afresh, and a failed computation is not kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whileUnchanged } from '../../api/handlers/unchanged-cache.js';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';

let dir: string;
let olap: Olap;
const TABLES = ['kept_a', 'kept_b'];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'unchanged-cache-'));
  olap = await openOlap({ dataDir: dir });
  for (const table of TABLES) await olap.exec(`CREATE TABLE ${table} (id String) ENGINE = ReplacingMergeTree ORDER BY id`);
});

afterAll(async () => {
  await olap.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('whileUnchanged', () => {
  it('computes once for concurrent requests and again after any of its tables changes', async () => {
    let runs = 0;
    const compute = async () => ++runs;
    const answers = await Promise.all(Array.from({ length: 20 }, () => whileUnchanged(olap, 'count', 'v', TABLES, compute)));
    expect(new Set(answers)).toEqual(new Set([1]));
    expect(await whileUnchanged(olap, 'count', 'v', TABLES, compute)).toBe(1);
    await olap.insert('kept_b', [{ id: 'x' }]);
    expect(await whileUnchanged(olap, 'count', 'v', TABLES, compute)).toBe(2);
    await olap.insert('kept_b', [{ id: 'x' }]); // the same row again: a new part, so computed afresh
    expect(await whileUnchanged(olap, 'count', 'v', TABLES, compute)).toBe(3);
    expect(await whileUnchanged(olap, 'count', 'other day', TABLES, compute)).toBe(4);
    expect(await whileUnchanged(olap, 'count', 'other day', TABLES, compute)).toBe(4);
  });

  it('keeps no failed computation', async () => {
    let runs = 0;
    const failOnce = async () => {
      runs++;
      if (runs === 1) throw new Error('store hiccup');
      return runs;
    };
    await expect(whileUnchanged(olap, 'flaky', '', TABLES, failOnce)).rejects.toThrow('store hiccup');
    expect(await whileUnchanged(olap, 'flaky', '', TABLES, failOnce)).toBe(2);
  });
});
