// The coin summary figures on chDB, given events then figures: market cap, 24h volume and change, holders
// (curve, pools and service wallets left out), bonding progress, for curve, graduated and pool-venue coins.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import { queryCoinFigures } from '../../projections/coins/figures.js';
import { dateTime64 } from '../../projections/column-values.js';
import { READ_MODEL_PROJECTORS } from '../../projections/read-models.js';
import type { Event } from '../../schemas/events/index.js';
import { addr, balanceChanged, CURVE_ALLOTMENT, graduated, launched, logged, SOL_INITIAL, trade } from './event-fixtures.js';

const NOW = 1_760_000_000;
const HOUR = 3_600;
const [CURVE_COIN, GRADUATED_COIN, POOL_COIN, BARE_COIN] = [addr(1), addr(2), addr(3), addr(4)];
const [ALICE, BOB, CAROL, SERVICE] = [addr(11), addr(12), addr(13), addr(14)];
const [CURVE_A, CURVE_B, POOL_B, POOL_C] = [addr(21), addr(22), addr(23), addr(24)];
const SUPPLY = 1_000_000_000_000_000n;
const curveFacts = { curveAllotment: CURVE_ALLOTMENT, initialReserves: SOL_INITIAL };
const at = (secondsAgo: number, tx: number) => ({ slot: 1_000 + tx, tx, blockTime: NOW - secondsAgo });
const holding = (tx: number, mint: string, owner: string, account: number, pre: bigint, post: bigint) =>
  balanceChanged({ ...at(60, tx), account: 1 }, { mint: mint as never, owner: owner as never, tokenAccount: addr(account), pre, post });

const EVENTS: Event[] = [
  launched(at(3 * 24 * HOUR, 1), CURVE_COIN, { curve: CURVE_A }, curveFacts),
  launched(at(3 * 24 * HOUR, 2), GRADUATED_COIN, { curve: CURVE_B }, curveFacts),
  launched(at(2 * HOUR, 3), POOL_COIN, { route: 'pool-venue', curve: null, pool: POOL_C, hooks: [], antiSniper: null }),
  launched(at(HOUR, 4), BARE_COIN, { curve: addr(25) }),
  trade(at(2 * 24 * HOUR, 10), { mint: CURVE_COIN, market: CURVE_A, quoteAmount: '1000', reserves: { coin: '1000000000000000', quote: '32000000000' } }),
  trade(at(HOUR, 11), { mint: CURVE_COIN, market: CURVE_A, quoteAmount: '2000', reserves: { coin: '900000000000000', quote: '36000000000' } }),
  trade(at(600, 12), { mint: CURVE_COIN, market: CURVE_A, side: 'sell', quoteAmount: '500', reserves: { coin: '950000000000000', quote: '34000000000' } }),
  trade(at(5 * HOUR, 13), { mint: GRADUATED_COIN, market: CURVE_B, quoteAmount: '7000', reserves: { coin: '279900000000000', quote: '115000000000' } }),
  graduated(at(4 * HOUR, 14), GRADUATED_COIN, CURVE_B, POOL_B),
  trade(at(HOUR, 15), { mint: GRADUATED_COIN, venue: 'pool', market: POOL_B, quoteAmount: '300', reserves: { coin: '200000000000000', quote: '90000000000' } }),
  holding(20, CURVE_COIN, ALICE, 31, 0n, 100n),
  holding(21, CURVE_COIN, BOB, 32, 0n, 50n),
  holding(22, CURVE_COIN, BOB, 32, 50n, 0n),
  holding(23, CURVE_COIN, CAROL, 33, 0n, 1n),
  holding(24, CURVE_COIN, CAROL, 34, 0n, 2n),
  holding(25, CURVE_COIN, SERVICE, 35, 0n, 9n),
  holding(26, CURVE_COIN, CURVE_A, 36, 0n, 793_000_000_000_000n),
  holding(27, GRADUATED_COIN, POOL_B, 37, 0n, 200_000_000_000_000n),
  holding(28, GRADUATED_COIN, ALICE, 38, 0n, 5n),
];

let dir: string;
let olap: Olap;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coin-figures-'));
  olap = await openOlap({ dataDir: dir });
  for (const projector of READ_MODEL_PROJECTORS) {
    for (const table of projector.tables) await olap.exec(table.ddl);
    const rows = projector.handle(logged(EVENTS.filter((event) => projector.canHandle.includes(event.type))));
    for (const [table, tableRows] of Object.entries(rows)) await olap.insert(table, tableRows);
  }
});

afterAll(async () => {
  await olap.close();
  rmSync(dir, { recursive: true, force: true });
});

const spot = (quote: bigint, coin: bigint) => (quote * 1_000_000n) / coin;
const change = (now: bigint, before: bigint) => (((now - before) * 10_000n) / before).toString();

describe('coin figures', () => {
  it('given curve, graduated, pool-venue and bare coins, then each figure from the tables', async () => {
    const figures = await queryCoinFigures(olap, { mints: [], now: dateTime64(NOW), excludedOwners: [SERVICE] });
    const byMint = new Map(figures.map((row) => [row.mint, row]));
    expect(figures).toHaveLength(4);
    expect(byMint.get(CURVE_COIN)).toEqual({
      mint: CURVE_COIN,
      launchTime: dateTime64(NOW - 3 * 24 * HOUR),
      graduated: false,
      marketCap: ((34_000_000_000n * SUPPLY) / 950_000_000_000_000n).toString(),
      volume24h: '2500',
      change24hBps: change(spot(34_000_000_000n, 950_000_000_000_000n), spot(32_000_000_000n, 1_000_000_000_000_000n)),
      holders: '2',
      bondingProgressBps: (((1_073_000_000_000_000n - 950_000_000_000_000n) * 10_000n) / 793_100_000_000_000n).toString(),
    });
    expect(byMint.get(GRADUATED_COIN)).toMatchObject({
      graduated: true,
      marketCap: ((90_000_000_000n * SUPPLY) / 200_000_000_000_000n).toString(),
      volume24h: '7300',
      change24hBps: change(spot(90_000_000_000n, 200_000_000_000_000n), spot(30_000_000_000n, 1_073_000_000_000_000n)),
      holders: '1',
      bondingProgressBps: '10000',
    });
    expect(byMint.get(POOL_COIN)).toMatchObject({ graduated: false, marketCap: null, volume24h: '0', change24hBps: null, holders: '0', bondingProgressBps: null });
    expect(byMint.get(BARE_COIN)).toMatchObject({ marketCap: null, volume24h: '0', change24hBps: null, holders: '0', bondingProgressBps: null });
  });

  it('given a list of mints, then only those, and service wallets count when not excluded', async () => {
    const figures = await queryCoinFigures(olap, { mints: [CURVE_COIN], now: dateTime64(NOW), excludedOwners: [] });
    expect(figures.map((row) => [row.mint, row.holders])).toEqual([[CURVE_COIN, '3']]);
  });

  it('measures the 24h window from `now`; market cap stays the latest', async () => {
    const [row] = await queryCoinFigures(olap, { mints: [CURVE_COIN], now: dateTime64(NOW - 2 * HOUR), excludedOwners: [] });
    expect(row).toMatchObject({ volume24h: '0', marketCap: ((34_000_000_000n * SUPPLY) / 950_000_000_000_000n).toString() });
    const [dayLater] = await queryCoinFigures(olap, { mints: [CURVE_COIN], now: dateTime64(NOW + 24 * HOUR), excludedOwners: [] });
    expect(dayLater).toMatchObject({ volume24h: '0', change24hBps: '0' });
  });
});
