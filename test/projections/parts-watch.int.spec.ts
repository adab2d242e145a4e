// The parts watch (projections/parts-watch.ts) on chDB: nothing announced for tables left alone, a write to a watched
// table announced (every coin) within a few looks, writes to other tables not, and nothing after stop(); a failed
// look is reported and the watch goes on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import type { Change } from '../../projections/changes.js';
import { watchParts } from '../../projections/parts-watch.js';

let dir: string;
let olap: Olap;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parts-watch-'));
  olap = await openOlap({ dataDir: dir });
  for (const table of ['watched', 'elsewhere']) await olap.exec(`CREATE TABLE ${table} (mint String) ENGINE = ReplacingMergeTree ORDER BY mint`);
  await olap.insert('watched', [{ mint: 'before' }]);
});

afterAll(async () => {
  await olap.close();
  rmSync(dir, { recursive: true, force: true });
});

it('announces a watched table whose parts moved, every coin of it, and nothing else', async () => {
  const errors: unknown[] = [];
  const watch = watchParts(olap, ['watched'], 20, (error) => errors.push(error));
  const changes: Change[] = [];
  const unsubscribe = watch.feed((change) => changes.push(change));
  await sleep(150);
  expect(changes).toEqual([]);
  await olap.insert('elsewhere', [{ mint: 'a' }]);
  await sleep(150);
  expect(changes).toEqual([]);
  await olap.insert('watched', [{ mint: 'b' }]);
  for (let tries = 0; changes.length === 0 && tries < 100; tries++) await sleep(20);
  expect(changes[0]).toEqual({ events: [], lastSlot: null, tables: new Map([['watched', null]]) });
  watch.stop();
  unsubscribe();
  const seen = changes.length;
  await olap.insert('watched', [{ mint: 'c' }]);
  await sleep(150);
  expect(changes).toHaveLength(seen);
  expect(errors).toEqual([]);
});

it('reports a failed look and keeps looking', async () => {
  let failures = 0;
  const failing: Olap = { ...olap, query: () => Promise.reject(new Error('store away')), exec: olap.exec, insert: olap.insert, close: olap.close };
  const watch = watchParts(failing, ['watched'], 10, () => (failures += 1));
  await sleep(100);
  watch.stop();
  expect(failures).toBeGreaterThan(2);
});
