// chDB write marks: every write to an embedded store passes through this process, so the session counts them and
// readers learn for free whether a table changed. A mark moves with each insert into one of its tables and with any
// statement that may write (DDL, mutations), never with a read, and is shared by the handles of one store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Olap } from '../../../infra/olap/olap.js';
import { openOlap } from '../../../infra/olap/open-olap.js';

const dataDir = mkdtempSync(join(tmpdir(), 'olap-marks-'));
let olap: Olap;

beforeAll(async () => {
  olap = await openOlap({ dataDir });
  for (const table of ['marks_a', 'marks_b']) await olap.exec(`CREATE TABLE ${table} (id String) ENGINE = ReplacingMergeTree ORDER BY id`);
  for (const table of ['coin_a', 'coin_b', 'coin_c']) await olap.exec(`CREATE TABLE ${table} (mint String, id String) ENGINE = ReplacingMergeTree ORDER BY (mint, id)`);
});

afterAll(async () => {
  await olap.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('chDB write marks', () => {
  it('move with an insert into one of the tables and not with reads or inserts elsewhere', async () => {
    const marks = () => olap.writeMarks!(['marks_a']);
    const before = marks();
    await olap.query('SELECT count() FROM marks_a');
    await olap.query('WITH 1 AS x SELECT x');
    await olap.insert('marks_b', [{ id: 'b' }]);
    expect(marks()).toBe(before);
    await olap.insert('marks_a', [{ id: 'a' }]);
    const afterInsert = marks();
    expect(afterInsert).not.toBe(before);
    await olap.insert('marks_a', [{ id: 'a' }]);
    expect(marks()).not.toBe(afterInsert);
  });

  it('move with any statement that may write', async () => {
    const before = olap.writeMarks!(['marks_a']);
    await olap.exec('ALTER TABLE marks_b DELETE WHERE 1 SETTINGS mutations_sync = 1');
    const afterMutation = olap.writeMarks!(['marks_a']);
    expect(afterMutation).not.toBe(before);
    await olap.exec('SELECT 1');
    expect(olap.writeMarks!(['marks_a'])).toBe(afterMutation);
  });

  it('are shared by every handle on the store', async () => {
    const other = await openOlap({ dataDir });
    const before = olap.writeMarks!(['marks_a']);
    expect(other.writeMarks!(['marks_a'])).toBe(before);
    await other.insert('marks_a', [{ id: 'c' }]);
    expect(olap.writeMarks!(['marks_a'])).not.toBe(before);
    await other.close();
  });

  it('per coin move only with inserts of that coin\'s rows', async () => {
    const x = () => olap.writeMarks!(['coin_a', 'coin_b'], 'X');
    const y = () => olap.writeMarks!(['coin_a', 'coin_b'], 'Y');
    const [beforeX, beforeY] = [x(), y()];
    await olap.insert('coin_a', [{ mint: 'Y', id: '1' }, { mint: 'Z', id: '2' }]);
    expect(x()).toBe(beforeX);
    expect(y()).not.toBe(beforeY);
    await olap.insert('coin_b', [{ mint: 'X', id: '3' }]);
    expect(x()).not.toBe(beforeX);
  });

  it('per coin fall back to every write for a table written with rows without a coin', async () => {
    const before = olap.writeMarks!(['marks_a'], 'X');
    await olap.insert('marks_a', [{ id: 'd' }]);
    expect(olap.writeMarks!(['marks_a'], 'X')).not.toBe(before);
    expect(olap.writtenCoins!('marks_a')).toBeNull();
  });

  it('tell the inserts of each coin into a table, as a copy', async () => {
    const before = olap.writtenCoins!('coin_c');
    expect(before).toEqual(new Map());
    await olap.insert('coin_c', [{ mint: 'X', id: '1' }, { mint: 'X', id: '2' }, { mint: 'Y', id: '3' }]);
    await olap.insert('coin_c', [{ mint: 'X', id: '4' }]);
    expect(olap.writtenCoins!('coin_c')).toEqual(new Map([['X', 2], ['Y', 1]]));
    expect(before).toEqual(new Map());
  });
});
