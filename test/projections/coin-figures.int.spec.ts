// The coin-figures read model on chDB: its projector's rows (every trade as a tick; per coin and UTC day the last
// trade by chain order, whatever the batches), and every coin's 24-hour figures against the same figures read
// straight from the trades table, read in full and stepped second by second across trades entering and leaving
// the window, across a midnight, after a step back in time and after a write.
import { ReadPath } from '../../projections/read-path.js';
import { announcedStore, type AnnouncedStore } from '../fixtures/announced-store.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChdbOlap } from '../../infra/olap/chdb-olap.js';
import type { Olap } from '../../infra/olap/olap.js';
import { loadDataset } from '../../infra/bench/api/load-dataset.js';
import { coinFiguresProjector } from '../../projections/coin-figures/projector.js';
import { windowFigures, type WindowFigures } from '../../projections/coin-figures/queries.js';
import { COIN_DAY_CLOSES_TABLE, COIN_TRADE_TICKS_TABLE, type DayCloseRow } from '../../projections/coin-figures/table.js';
import type { LoggedEvent } from '../../projections/projector.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { loadConfig } from '../../schemas/config.js';
import { addr, sig } from './event-fixtures.js';

const NOW = Date.UTC(2026, 2, 10, 0, 0, 30) / 1000;
const DATASET = { coins: 25, trades: 3_000, days: 3, seed: 11, now: NOW };
let dir: string;
let olap: Olap;
let store: AnnouncedStore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coin-figures-'));
  store = announcedStore(ChdbOlap.open(dir));
  olap = store.olap;
  const config = loadConfig({});
  await loadDataset(olap, DATASET, config, () => {});
  await loadDataset(olap, DATASET, config, () => {}); // written twice, as a replay would
}, 120_000);

afterAll(async () => {
  await olap?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The figures as one statement reads them from every trade. */
async function reference(now: number): Promise<Map<string, WindowFigures>> {
  const rows = await olap.query<{
    mint: string;
    volume: string;
    inWindow: string;
    firstQuote: string;
    firstCoin: string;
    earlier: string;
    beforeQuote: string;
    beforeCoin: string;
  }>(
    `WITH toDateTime64({now:UInt32}, 3, 'UTC') AS now_time, now_time - INTERVAL 1 DAY AS day_ago
     SELECT mint, toString(sumIf(quoteAmount, w)) AS volume, toString(countIf(w)) AS inWindow,
       toString(argMinIf(reserveQuote, k, w)) AS firstQuote, toString(argMinIf(reserveCoin, k, w)) AS firstCoin,
       toString(countIf(time <= day_ago)) AS earlier,
       toString(argMaxIf(reserveQuote, k, time <= day_ago)) AS beforeQuote, toString(argMaxIf(reserveCoin, k, time <= day_ago)) AS beforeCoin
     FROM (SELECT *, (slot, logOffset, id) AS k, time > day_ago AND time <= now_time AS w FROM ${TRADES_TABLE} FINAL WHERE time <= now_time)
     GROUP BY mint`,
    { now },
  );
  return new Map(
    rows.map((row) => [
      row.mint,
      {
        volume: row.volume,
        first: row.inWindow === '0' ? null : { quote: row.firstQuote, coin: row.firstCoin },
        before: row.earlier === '0' ? null : { quote: row.beforeQuote, coin: row.beforeCoin },
      },
    ]),
  );
}

async function expectFiguresAt(now: number, on: ReadPath = store.reads, mints?: readonly string[]): Promise<void> {
  const [actual, expected] = [await windowFigures(on, now, mints), await reference(now)];
  for (const [mint, figures] of expected) expect(actual.get(mint), `${mint} at ${now}`).toEqual(figures);
  for (const [mint, figures] of actual) if (!expected.has(mint)) expect(figures, `${mint} at ${now}`).toEqual({ volume: '0', first: null, before: null });
}

/** Distinct trade times, in a fixed scattered order. */
async function tradeTimes(count: number): Promise<number[]> {
  const rows = await olap.query<{ t: string }>(
    `SELECT DISTINCT toString(toUnixTimestamp(time)) AS t FROM ${TRADES_TABLE} WHERE time < toDateTime64({latest:UInt32}, 3, 'UTC') ORDER BY cityHash64(t) LIMIT {count:UInt32}`,
    { latest: NOW - 86_400, count },
  );
  return rows.map((row) => Number(row.t));
}

describe('coin-figures projector', () => {
  it('writes every trade as a tick and, per coin and day, the latest trade by chain order', async () => {
    const mint = addr(1);
    const trade = (n: number, slot: number, offset: bigint, blockTime: number, quote: string): LoggedEvent =>
      ({
        offset,
        event: {
          id: `${sig(n)}:0`,
          type: 'trade',
          network: 'mainnet',
          slot,
          blockTime,
          signature: sig(n),
          v: 1,
          data: {
            mint,
            venue: 'curve',
            market: addr(2),
            trader: addr(3),
            side: 'buy',
            coinAmount: '10',
            quoteAmount: '5',
            feeAmount: '0',
            referralFee: '0',
            referrer: null,
            quoteMint: addr(4),
            reserves: { coin: '100', quote },
          },
        },
      }) as LoggedEvent;
    const day = Date.UTC(2026, 0, 5) / 1000;
    const rows = coinFiguresProjector.handle([
      trade(1, 50, 7n, day + 10, '1'),
      trade(2, 40, 9n, day + 20, '2'),
      trade(3, 90, 1n, day + 86_400, '3'),
      trade(4, 50, 8n, day + 30, '4'),
    ]);
    expect(rows[COIN_TRADE_TICKS_TABLE]).toHaveLength(4);
    const closes = rows[COIN_DAY_CLOSES_TABLE] as DayCloseRow[];
    expect(closes.map((row) => [row.day, row.reserveQuote])).toEqual([
      ['2026-01-05', '4'],
      ['2026-01-06', '3'],
    ]);
  });
});

describe('24-hour figures of every coin', () => {
  it('equal the figures read from all trades, read in full at scattered moments', async () => {
    for (const now of [NOW, NOW - 7_777, NOW - 86_400 + 3, NOW - 2 * 86_400 - 11]) await expectFiguresAt(now);
  });

  it('equal them second by second across trades leaving and entering the window', async () => {
    for (const t of await tradeTimes(3)) {
      for (const start of [t + 86_400 - 3, t - 3]) {
        for (let now = start; now <= start + 6; now++) await expectFiguresAt(now);
      }
    }
  });

  it('equal them over longer steps, across a midnight, after a step back and after a write', async () => {
    const midnight = NOW - 30;
    for (let now = midnight - 86_400 - 900; now <= midnight - 86_400 + 900; now += 97) await expectFiguresAt(now);
    for (let now = midnight - 1_200; now <= midnight + 1_200; now += 451) await expectFiguresAt(now);
    await expectFiguresAt(NOW - 50_000);
    const [row] = await olap.query<Record<string, unknown>>(`SELECT * FROM ${COIN_TRADE_TICKS_TABLE} FINAL ORDER BY time DESC LIMIT 1`);
    await expectFiguresAt(NOW - 49_999);
    await olap.insert(COIN_TRADE_TICKS_TABLE, [{ ...row, id: `${String(row!.id)}x`, time: '2026-03-09 10:00:00.000', quoteAmount: '123456789' }]);
    await olap.insert(TRADES_TABLE, [
      {
        ...(await olap.query<Record<string, unknown>>(`SELECT * FROM ${TRADES_TABLE} FINAL WHERE id = {id:String}`, { id: String(row!.id) }))[0],
        id: `${String(row!.id)}x`,
        time: '2026-03-09 10:00:00.000',
        quoteAmount: '123456789',
      },
    ]);
    await expectFiguresAt(NOW - 49_998);
    await expectFiguresAt(NOW);
  });

  it('take a trade entering the window with an earlier chain position than the trades in it as the first', async () => {
    const [busy] = await olap.query<{ mint: string }>(
      `SELECT mint FROM ${TRADES_TABLE} WHERE time > toDateTime64({from:UInt32}, 3, 'UTC') GROUP BY mint ORDER BY count() DESC LIMIT 1`,
      { from: NOW - 86_400 },
    );
    const [row] = await olap.query<Record<string, unknown>>(`SELECT * FROM ${TRADES_TABLE} FINAL WHERE mint = {mint:String} ORDER BY time DESC LIMIT 1`, {
      mint: busy!.mint,
    });
    const at = NOW - 40;
    const early = { ...row, id: `${String(row!.id)}e`, slot: 1, logOffset: 0, time: '2026-03-09 23:59:50.000', reserveQuote: '4242', reserveCoin: '2424' };
    await olap.insert(TRADES_TABLE, [early]);
    await olap.insert(COIN_TRADE_TICKS_TABLE, [early]);
    await expectFiguresAt(at - 5);
    await expectFiguresAt(at + 5);
    expect((await windowFigures(store.reads, at + 5)).get(busy!.mint)!.first).toEqual({ quote: '4242', coin: '2424' });
  });

  it('read again only the written coins when told every coin, a coin with its first trade included', async () => {
    // The same store through a handle that records its statements (and keeps its own stepped state).
    const statements: { sql: string; params?: Record<string, unknown> }[] = [];
    const counted = new ReadPath(
      {
        exec: (sql, params) => olap.exec(sql, params),
        insert: (table, rows) => olap.insert(table, rows),
        query: (sql, params) => {
          statements.push({ sql, params });
          return olap.query(sql, params);
        },
        close: async () => {},
      },
      store.changes,
    );
    const [{ mints }] = await olap.query<{ mints: string[] }>(`SELECT groupArray(DISTINCT mint) AS mints FROM ${TRADES_TABLE}`);
    const newcomer = addr(77);
    const every = [...mints!, newcomer];
    const at = NOW - 3_000;
    await expectFiguresAt(at, counted, every);
    const [busy] = mints!;
    const [row] = await olap.query<Record<string, unknown>>(`SELECT * FROM ${TRADES_TABLE} FINAL WHERE mint = {mint:String} ORDER BY time DESC LIMIT 1`, {
      mint: busy,
    });
    const written = [
      { ...row, id: `${String(row!.id)}w`, slot: Number(row!.slot) + 5, time: '2026-03-09 23:00:00.000', quoteAmount: '777' },
      {
        ...row,
        id: `${String(row!.id)}n`,
        mint: newcomer,
        slot: Number(row!.slot) + 6,
        time: '2026-03-09 23:10:00.000',
        quoteAmount: '555',
        reserveQuote: '9',
        reserveCoin: '3',
      },
    ];
    await olap.insert(TRADES_TABLE, written);
    await olap.insert(COIN_TRADE_TICKS_TABLE, written);
    statements.length = 0;
    await expectFiguresAt(at + 1, counted, every);
    const perCoin = statements.filter((statement) => Array.isArray(statement.params?.mints));
    expect(perCoin.map((statement) => [...(statement.params!.mints as string[])].sort())).toEqual([[busy, newcomer].sort()]);
    expect((await windowFigures(counted, at + 1, every)).get(newcomer)).toEqual({ volume: '555', first: { quote: '9', coin: '3' }, before: null });
    // Later seconds step on from there.
    for (let now = at + 2; now <= at + 4; now++) await expectFiguresAt(now, counted, every);
  });
});
