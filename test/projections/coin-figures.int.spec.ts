// The coin-figures read model on chDB: its projector's rows (every trade as a tick; per coin and UTC day the last
// trade by chain order, whatever the batches), and every coin's 24-hour figures against those the market's events
// give (test/fixtures/expected-coin-rows.ts), read in full and stepped second by second across trades entering
// and leaving the window, across a midnight, after a step back in time and after a write.
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
import { windowFigures } from '../../projections/coin-figures/queries.js';
import { COIN_DAY_CLOSES_TABLE, COIN_TRADE_TICKS_TABLE, type DayCloseRow } from '../../projections/coin-figures/table.js';
import type { LoggedEvent } from '../../projections/projector.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { tradesProjector } from '../../projections/trades/projector.js';
import type { Event } from '../../schemas/events/index.js';
import { ExpectedMarket } from '../fixtures/expected-coin-rows.js';
import { loadConfig } from '../../schemas/config.js';
import { addr, sig } from './event-fixtures.js';

const NOW = Date.UTC(2026, 2, 10, 0, 0, 30) / 1000;
const DATASET = { coins: 25, trades: 3_000, days: 3, seed: 11, now: NOW };
let dir: string;
let olap: Olap;
let store: AnnouncedStore;
/** The market's events by id, and what they say the tables hold. */
const loggedById = new Map<string, LoggedEvent>();
let market: ExpectedMarket;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coin-figures-'));
  store = announcedStore(ChdbOlap.open(dir));
  olap = store.olap;
  const config = loadConfig({});
  await loadDataset(
    olap,
    DATASET,
    config,
    () => {},
    (logged) => loggedById.set(logged.event.id, logged),
  );
  await loadDataset(olap, DATASET, config, () => {}); // written twice, as a replay would
  market = new ExpectedMarket([...loggedById.values()]);
}, 120_000);

afterAll(async () => {
  await olap?.close();
  rmSync(dir, { recursive: true, force: true });
});

type TradeEvent = Extract<Event, { type: 'trade' }>;

/** A trade like the market's trade `id`, changed as `change` says, written as the trades and coin-figures projectors
 * write one (`offset`: its log position, the original's unless given), and added to what the market says. */
async function writeTradeLike(
  id: string,
  change: { id: string; blockTime: number; slot?: number; offset?: bigint; mint?: string; quoteAmount?: string; reserves?: { quote: string; coin: string } },
): Promise<void> {
  const original = loggedById.get(id)!;
  const event = original.event as TradeEvent;
  const data = {
    ...event.data,
    mint: change.mint ?? event.data.mint,
    quoteAmount: change.quoteAmount ?? event.data.quoteAmount,
    reserves: change.reserves ?? event.data.reserves,
  };
  const logged = [
    { offset: change.offset ?? original.offset, event: { ...event, id: change.id, slot: change.slot ?? event.slot, blockTime: change.blockTime, data } },
  ] as LoggedEvent[];
  for (const projector of [tradesProjector, coinFiguresProjector]) {
    for (const [table, rows] of Object.entries(projector.handle(logged))) if (rows.length > 0) await olap.insert(table, rows);
  }
  market.add(logged);
}

const at = (iso: string) => Date.parse(`${iso}Z`) / 1000;

async function expectFiguresAt(now: number, on: ReadPath = store.reads, mints?: readonly string[]): Promise<void> {
  const [actual, expected] = [await windowFigures(on, now, mints), market.figures(now)];
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
  it("equal the figures the market's trades give, read in full at scattered moments", async () => {
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
    await writeTradeLike(String(row!.id), { id: `${String(row!.id)}x`, blockTime: at('2026-03-09T10:00:00'), quoteAmount: '123456789' });
    await expectFiguresAt(NOW - 49_998);
    await expectFiguresAt(NOW);
  });

  it('take a trade entering the window with an earlier chain position than the trades in it as the first', async () => {
    const [row] = await olap.query<Record<string, unknown>>(`SELECT * FROM ${TRADES_TABLE} FINAL ORDER BY time DESC LIMIT 1`);
    const fresh = addr(78);
    const now = NOW - 40;
    // A coin's first trade, then one entering the window later with an earlier chain position.
    await writeTradeLike(String(row!.id), {
      id: `${String(row!.id)}f`,
      mint: fresh,
      slot: 900_000,
      blockTime: now - 10,
      reserves: { quote: '11', coin: '22' },
    });
    await writeTradeLike(String(row!.id), {
      id: `${String(row!.id)}e`,
      mint: fresh,
      slot: 1,
      offset: 0n,
      blockTime: now + 3,
      reserves: { quote: '4242', coin: '2424' },
    });
    await expectFiguresAt(now - 5);
    expect((await windowFigures(store.reads, now - 5)).get(fresh)!.first).toEqual({ quote: '11', coin: '22' });
    await expectFiguresAt(now + 5);
    expect((await windowFigures(store.reads, now + 5)).get(fresh)!.first).toEqual({ quote: '4242', coin: '2424' });
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
    const now = NOW - 3_000;
    await expectFiguresAt(now, counted, every);
    const [busy] = mints!;
    const [row] = await olap.query<Record<string, unknown>>(`SELECT * FROM ${TRADES_TABLE} FINAL WHERE mint = {mint:String} ORDER BY time DESC LIMIT 1`, {
      mint: busy,
    });
    await writeTradeLike(String(row!.id), { id: `${String(row!.id)}w`, slot: Number(row!.slot) + 5, blockTime: at('2026-03-09T23:00:00'), quoteAmount: '777' });
    await writeTradeLike(String(row!.id), {
      id: `${String(row!.id)}n`,
      mint: newcomer,
      slot: Number(row!.slot) + 6,
      blockTime: at('2026-03-09T23:10:00'),
      quoteAmount: '555',
      reserves: { quote: '9', coin: '3' },
    });
    statements.length = 0;
    await expectFiguresAt(now + 1, counted, every);
    const perCoin = statements.filter((statement) => Array.isArray(statement.params?.mints));
    expect(perCoin.map((statement) => [...(statement.params!.mints as string[])].sort())).toEqual([[busy, newcomer].sort()]);
    expect((await windowFigures(counted, now + 1, every)).get(newcomer)).toEqual({ volume: '555', first: { quote: '9', coin: '3' }, before: null });
    // Later seconds step on from there.
    for (let later = now + 2; later <= now + 4; later++) await expectFiguresAt(later, counted, every);
  });
});
