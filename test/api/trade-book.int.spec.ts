// The resident trades (api/market) on a chDB store against recomputations from the stored trades
// (fixtures/expected-trade-page.ts): generated coins with bursts of trades in one second over several slots, trades
// in one slot, block times running backwards, trades without coins and amounts past 2^53; every page and cursor kind
// equal, before and after new rows (later slots, the same
// second, rows written again, a row written again with a new log offset, a coin's first trades, a coin launched
// later), with and without a change feed, loaded in small runs of coins and under a trade cap. Unchanged coins answer with
// the very same objects.
import { ReadPath } from '../../projections/read-path.js';
import { announcedStore } from '../fixtures/announced-store.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TradeBook } from '../../api/market/trade-book.js';
import { pageOf, tradePage } from '../../api/market/trade-pages.js';
import { ChdbOlap } from '../../infra/olap/chdb-olap.js';
import type { Olap } from '../../infra/olap/olap.js';
import { coinsProjector } from '../../projections/coins/projector.js';
import { tradeRow, tradesProjector } from '../../projections/trades/projector.js';
import { TRADES_TABLE, type TradeRow } from '../../projections/trades/table.js';
import { expectedTradePage } from './fixtures/expected-trade-page.js';
import { parseCursor, type TradeCursor, type TradesResponse } from '../../schemas/api/trades.js';
import { seededRandom } from '../infra/seeded-random.js';
import { addr, launched, logged, trade } from '../projections/event-fixtures.js';

const START = 1_760_000_000;
/** The coins' decimals and their quote's (the launch fixture's: 6, and SOL's 9). */
const COINS = [0, 1, 2, 3, 4].map((seed) => addr(70_000 + seed));
const [BUSY, SMALL, ODD, QUIET, LATE] = COINS as unknown as [string, string, string, string, string];
let dir: string;
let olap: Olap;
let reads: ReadPath;
let tx = 1;
let offset = 1_000n;
let slot = 50_000;

/** Rows of `count` trades of `mint`: a burst in one second over three slots now and then, several trades in one
 * slot, times that sometimes run backwards, a few trades without coins and a few amounts past 2^53. */
function tradeRows(mint: string, count: number, seed: number, at: { seconds: number }): TradeRow[] {
  const random = seededRandom(seed);
  const rows: TradeRow[] = [];
  while (rows.length < count) {
    at.seconds += random.chance(0.1) ? 3_600 + random.int(20_000) : random.int(90);
    const burst = random.chance(0.15) ? 2 + random.int(6) : 1;
    for (let k = 0; k < burst; k++) {
      slot += random.chance(0.5) ? 0 : 1 + random.int(2);
      const blockTime = random.chance(0.03) ? at.seconds - 1 - random.int(120) : at.seconds;
      const huge = random.chance(0.02);
      const coinAmount = random.chance(0.04) ? '0' : huge ? '12345678901234567890' : String(1 + random.int(5_000_000_000));
      const quoteAmount = huge ? '98765432109876543210' : String(random.int(3_000_000_000));
      const event = trade(
        { slot, tx: tx++, blockTime },
        { mint: mint as never, trader: addr(90_000 + random.int(30)), side: random.chance(0.4) ? 'sell' : 'buy', coinAmount, quoteAmount },
      );
      rows.push(tradeRow(event, (offset += BigInt(1 + random.int(3)))));
    }
  }
  return rows;
}

/** Cursors of every kind for `mint`: none, seconds with trades (plain, within the first ranks, the last
 * millisecond: the latest seconds of bursts and some others), before and after everything, outside the store's time
 * range. Busy seconds' cursors in depth are test/api/trade-cursors.int.spec.ts's. */
async function cursorsOf(store: Olap, mint: string): Promise<(TradeCursor | null)[]> {
  const seconds = await store.query<{ s: number; n: string }>(
    `SELECT toUnixTimestamp(time) AS s, toString(uniqExact(id)) AS n FROM ${TRADES_TABLE} WHERE mint = {mint:String} GROUP BY s ORDER BY s`,
    { mint },
  );
  const picked = seconds.filter((row, i) => Number(row.n) > 2 || i % 40 === 0).slice(-8);
  const cursors: (TradeCursor | null)[] = [null, { seconds: -62_135_596_800, millis: 0 }, { seconds: 0, millis: 0 }, { seconds: 253_402_300_799, millis: 999 }];
  for (const row of picked) for (const millis of [0, 2, 999]) cursors.push({ seconds: row.s, millis });
  cursors.push({ seconds: (seconds[0]?.s ?? START) - 1, millis: 0 }, { seconds: (seconds.at(-1)?.s ?? START) + 1, millis: 0 });
  return cursors;
}

/** Pages at every cursor kind (at each of `limits`) and a walk through every trade 37 a page of `mint`, from memory
 * and from SQL, equal; each page's JSON as its schema encodes it. */
async function expectSameAnswers(
  path: ReadPath,
  mint: string,
  pages: (cursor: TradeCursor | null, limit: number) => Promise<TradesResponse>,
  limits: readonly number[] = [1, 50, 100],
): Promise<void> {
  const store = path.olap;
  for (const cursor of await cursorsOf(store, mint)) {
    for (const limit of limits) {
      const page = await pages(cursor, limit);
      expect(page, `page ${JSON.stringify(cursor)} ${limit}`).toEqual(await expectedTradePage(store, mint, cursor, limit));
    }
  }
  let cursor: TradeCursor | null = null;
  do {
    const page = await pages(cursor, 37);
    expect(page, `walk ${JSON.stringify(cursor)}`).toEqual(await expectedTradePage(store, mint, cursor, 37));
    cursor = page.next.before === null ? null : parseCursor(page.next.before);
  } while (cursor !== null);
}

const fromBook = (path: ReadPath, mint: string) => (cursor: TradeCursor | null, limit: number) => tradePage(path, mint, cursor, limit);

/** The answers of `mints` equal; pages at one limit past the first test (the limits' edges are that test's). */
async function expectAllSame(path: ReadPath, mints: readonly string[], limits: readonly number[] = [100]): Promise<void> {
  for (const mint of mints) {
    await expectSameAnswers(path, mint, fromBook(path, mint), limits);
  }
}

const clocks = new Map<string, { seconds: number }>(COINS.map((mint, i) => [mint, { seconds: START + i * 50_000 }]));

async function insertTrades(mint: string, count: number, seed: number): Promise<TradeRow[]> {
  const rows = tradeRows(mint, count, seed, clocks.get(mint)!);
  await olap.insert(TRADES_TABLE, rows);
  return rows;
}

async function launch(mints: readonly string[]): Promise<void> {
  const rows = coinsProjector.handle(logged(mints.map((mint) => launched({ slot: 10, tx: tx++ }, mint as never))));
  for (const [table, list] of Object.entries(rows)) await olap.insert(table, list);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trade-book-'));
  ({ olap, reads } = announcedStore(ChdbOlap.open(dir)));
  for (const table of [...coinsProjector.tables, ...tradesProjector.tables]) await olap.exec(table.ddl);
  await launch([BUSY, SMALL, ODD, QUIET]);
  await insertTrades(BUSY, 400, 1);
  await insertTrades(SMALL, 12, 2);
  const odd = await insertTrades(ODD, 150, 3);
  await olap.insert(TRADES_TABLE, odd.slice(0, 40));
});

afterAll(async () => {
  await olap?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('resident trades', () => {
  it('answers every page and cursor as recomputed, and nothing for a coin without trades', async () => {
    await expectAllSame(reads, [BUSY, SMALL, ODD, QUIET], [1, 50, 100]);
    expect(await tradePage(reads, QUIET, null, 50)).toEqual({ trades: [], next: { before: null } });
  });

  it("answers a repeated ask with the same object while the coin's rows are unchanged", async () => {
    const page = await tradePage(reads, BUSY, null, 50);
    expect(await tradePage(reads, BUSY, null, 50)).toBe(page);
    await insertTrades(SMALL, 3, 20);
    expect(await tradePage(reads, BUSY, null, 50)).toBe(page);
    const cursor = parseCursor(page.next.before!);
    const second = await tradePage(reads, BUSY, cursor, 50);
    expect(await tradePage(reads, BUSY, { seconds: cursor.seconds, millis: cursor.millis }, 50)).toBe(second);
    await insertTrades(BUSY, 5, 21);
    expect(await tradePage(reads, BUSY, null, 50)).not.toBe(page);
  });

  it('follows new rows: later slots, the same second, a row written again with a new log offset, first trades, a coin launched later', async () => {
    const busy = await insertTrades(BUSY, 40, 30);
    const last = busy.at(-1)!;
    slot += 1;
    const sameSecond = trade(
      { slot, tx: tx++, blockTime: Date.parse(`${last.time.replace(' ', 'T')}Z`) / 1000 },
      { mint: BUSY as never, coinAmount: '777', quoteAmount: '999' },
    );
    await olap.insert(TRADES_TABLE, [tradeRow(sameSecond, (offset += 1n))]);
    await olap.insert(TRADES_TABLE, [{ ...last, logOffset: (offset += 5n) }]);
    await insertTrades(QUIET, 25, 31);
    await launch([LATE]);
    await insertTrades(LATE, 30, 32);
    await expectAllSame(reads, [BUSY, SMALL, QUIET, LATE]);
  });

  it('reads a coin in full when rows it holds are gone: the table emptied and being filled again', async () => {
    await expectAllSame(reads, [BUSY, SMALL]);
    const refill = await olap.query<TradeRow>(`SELECT * FROM ${TRADES_TABLE} FINAL WHERE mint = {mint:String} ORDER BY slot LIMIT 150`, { mint: BUSY });
    const all = await olap.query<TradeRow>(`SELECT * FROM ${TRADES_TABLE} FINAL`);
    await olap.exec(`TRUNCATE TABLE ${TRADES_TABLE}`);
    await olap.insert(TRADES_TABLE, refill);
    await expectAllSame(reads, [BUSY, SMALL]);
    await olap.insert(TRADES_TABLE, all);
    await expectAllSame(reads, [BUSY, SMALL]);
  });

  it('answers the same on a read path without a change feed', async () => {
    const unmarked = new ReadPath(olap);
    await expectAllSame(unmarked, [SMALL, ODD]);
    await insertTrades(SMALL, 9, 40);
    await insertTrades(ODD, 9, 41);
    await expectAllSame(unmarked, [SMALL, ODD]);
  });

  it('loads in small runs of coins and under a trade cap, with the same answers', async () => {
    for (const options of [{ chunkRows: 50 }, { chunkRows: 20, maxTrades: 300 }]) {
      const book = new TradeBook(reads, options);
      await book.warm();
      for (const mint of [BUSY, ODD, SMALL, QUIET, LATE, BUSY]) {
        const pages = async (cursor: TradeCursor | null, limit: number) => pageOf(await book.trades(mint), cursor, limit);
        await expectSameAnswers(reads, mint, pages, [100]);
      }
      if (options.maxTrades !== undefined) expect(book.size).toMatchObject({ coins: 1, trades: (await book.trades(BUSY)).length });
    }
  });

  it('warms: every coin loaded ahead of any ask, so asking reads nothing more', async () => {
    const book = new TradeBook(reads, { chunkRows: 50 });
    await book.warm();
    const warmed = book.size;
    let held = 0;
    for (const mint of COINS) held += (await book.trades(mint)).length;
    expect(warmed.trades).toBeGreaterThan(500);
    expect(book.size).toEqual(warmed);
    expect(held).toBe(warmed.trades);
  });
});
