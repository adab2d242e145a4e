// The Olap contract against the embedded store (chDB), which every environment can run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OlapError } from '../../../infra/olap/olap-error.js';
import { openOlap } from '../../../infra/olap/open-olap.js';
import { describeOlapContract } from './olap.contract.js';

const dataDir = mkdtempSync(join(tmpdir(), 'olap-contract-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describeOlapContract('chDB', { open: () => openOlap({ dataDir }) });

describe('chDB store in one process', () => {
  it('shares one session per data path: a handle closing leaves the others working', async () => {
    const first = await openOlap({ dataDir });
    const second = await openOlap({ dataDir });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).query<{ v: number }>('SELECT {v:UInt8} AS v', { v: i })));
    expect(answers.map((rows) => rows[0]?.v)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await first.close();
    await expect(first.query('SELECT 1')).rejects.toThrow(OlapError);
    expect(await second.query('SELECT 2 AS two')).toEqual([{ two: 2 }]);
    await second.close();
  });
});
