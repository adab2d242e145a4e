// Prices on chDB, given price.updated events then the queries: the latest price, the price in force at a time
// (none before the first), replays counted once, and each UTC day's average rounded down.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import { pricesProjector } from '../../projections/prices/projector.js';
import { solPricesByDay } from '../../projections/platform/queries.js';
import { priceAt } from '../../projections/prices/queries.js';
import { PRICES_TABLE, pricesTable } from '../../projections/prices/table.js';
import { logged, priceUpdated } from './event-fixtures.js';

const DAY = 86_400;
const MIDNIGHT = 1_750_032_000; // 2025-06-16 00:00:00 UTC
let dir: string;
let olap: Olap;

const events = logged([
  priceUpdated({ slot: 10, tx: 1, blockTime: MIDNIGHT - 60 }, 150_000_000n),
  priceUpdated({ slot: 20, tx: 2, blockTime: MIDNIGHT + 60 }, 160_000_001n),
  priceUpdated({ slot: 30, tx: 3, blockTime: MIDNIGHT + 120 }, 170_000_000n),
  priceUpdated({ slot: 40, tx: 4, blockTime: MIDNIGHT + 2 * DAY }, 180_000_000n),
]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'prices-'));
  olap = await openOlap({ dataDir: dir });
  await olap.exec(pricesTable.ddl);
  const rows = pricesProjector.handle(events)[PRICES_TABLE]!;
  await olap.insert(PRICES_TABLE, rows);
  await olap.insert(PRICES_TABLE, rows); // a replayed batch
});

afterAll(async () => {
  await olap.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('prices', () => {
  it('given prices, the latest one and the one in force at a time', async () => {
    expect(await priceAt(olap, 'SOL')).toBe(180_000_000n);
    expect(await priceAt(olap, 'SOL', new Date((MIDNIGHT + 90) * 1000))).toBe(160_000_001n);
    expect(await priceAt(olap, 'SOL', new Date((MIDNIGHT + 120) * 1000))).toBe(170_000_000n);
    expect(await priceAt(olap, 'SOL', new Date((MIDNIGHT - 61) * 1000))).toBeNull();
  });

  it('given prices over three days, each priced day averaged once, rounded down', async () => {
    const days = await solPricesByDay(olap, '2025-06-15', '2025-06-18');
    expect([...days.entries()].map(([day, prices]) => [day, prices.average])).toEqual([
      ['2025-06-15', 150_000_000n],
      ['2025-06-16', 165_000_000n],
      ['2025-06-18', 180_000_000n],
    ]);
  });
});
