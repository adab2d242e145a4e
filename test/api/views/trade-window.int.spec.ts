// Trade pages (the trade window, then the trades table past it: api/handlers/market.ts) against pages recomputed
// from the stored trades (fixtures/expected-trade-page.ts), on coins with bursts of trades in one second over
// several slots, trades in one slot, block times that run back a little, trades without coins and amounts past
// 2^53. Two windows: one loaded from the store, one given the trades' events (twice over, and a stretch of them again,
// as a feed resuming from an earlier position). Every page and cursor kind equal, before and after more trades:
// later slots, the same second, a slot appended again with new log offsets, a coin's first trades, a coin launched
// later.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradesPage } from '../../../api/handlers/market.js';
import { coinSlices } from '../../../api/views/live-views.js';
import { TradeWindow, WINDOW_TRADES } from '../../../api/views/trade-window.js';
import { ChdbOlap } from '../../../infra/olap/chdb-olap.js';
import type { Olap } from '../../../infra/olap/olap.js';
import { coinsProjector } from '../../../projections/coins/projector.js';
import type { LoggedEvent } from '../../../projections/projector.js';
import { tradesProjector } from '../../../projections/trades/projector.js';
import { TRADES_TABLE } from '../../../projections/trades/table.js';
import { parseCursor, type TradeCursor } from '../../../schemas/api/trades.js';
import type { TradeEvent } from '../../../schemas/events/index.js';
import { seededRandom } from '../../infra/seeded-random.js';
import { addr, launched, trade } from '../../projections/event-fixtures.js';
import { expectedTradePage } from '../fixtures/expected-trade-page.js';

const START = 1_760_000_000;
const COINS = [0, 1, 2, 3, 4].map((seed) => addr(70_000 + seed));
const [BUSY, SMALL, ODD, QUIET, LATE] = COINS as unknown as [string, string, string, string, string];
let dir: string;
let olap: Olap;
let tx = 1;
let offset = 1_000n;
let slot = 50_000;
/** Every event the store was given, in log order. */
const history: LoggedEvent[] = [];
let loaded: TradeWindow;
let fed: TradeWindow;

/** `count` trades of `mint`: a burst in one second over three slots now and then, several trades in one slot,
 * times that sometimes run back, a few trades without coins and a few amounts past 2^53. */
function tradeEvents(mint: string, count: number, seed: number, at: { seconds: number }): TradeEvent[] {
  const random = seededRandom(seed);
  const events: TradeEvent[] = [];
  while (events.length < count) {
    at.seconds += random.chance(0.1) ? 3_600 + random.int(20_000) : random.int(90);
    const burst = random.chance(0.15) ? 2 + random.int(6) : 1;
    for (let k = 0; k < burst; k++) {
      slot += random.chance(0.5) ? 0 : 1 + random.int(2);
      const blockTime = random.chance(0.03) ? at.seconds - 1 - random.int(20) : at.seconds;
      const huge = random.chance(0.02);
      const coinAmount = random.chance(0.04) ? '0' : huge ? '12345678901234567890' : String(1 + random.int(5_000_000_000));
      const quoteAmount = huge ? '98765432109876543210' : String(random.int(3_000_000_000));
      events.push(
        trade(
          { slot, tx: tx++, blockTime },
          { mint: mint as never, trader: addr(90_000 + random.int(30)), side: random.chance(0.4) ? 'sell' : 'buy', coinAmount, quoteAmount },
        ),
      );
    }
  }
  return events;
}

const clocks = new Map<string, { seconds: number }>(COINS.map((mint, i) => [mint, { seconds: START + i * 50_000 }]));

/** Appends `events` to the history under new log offsets and writes them to the store as the projections do. */
async function write(events: readonly LoggedEvent['event'][]): Promise<LoggedEvent[]> {
  const batch = events.map((event) => ({ event, offset: (offset += 1n + BigInt(Number(offset % 3n))) }));
  history.push(...batch);
  for (const projector of [coinsProjector, tradesProjector]) {
    for (const [table, rows] of Object.entries(projector.handle(batch))) if (rows.length > 0) await olap.insert(table, rows);
  }
  return batch;
}

const launches = (mints: readonly string[]) => mints.map((mint) => launched({ slot: 10, tx: tx++ }, mint as never));

/** Cursors of every kind for `mint`: none, seconds with trades (plain, within the first ranks, the last
 * millisecond: the latest seconds of bursts and some others), before and after everything, outside the store's time
 * range. Busy seconds' cursors in depth are test/api/trade-cursors.int.spec.ts's. */
async function cursorsOf(mint: string): Promise<(TradeCursor | null)[]> {
  const seconds = await olap.query<{ s: number; n: string }>(
    `SELECT toUnixTimestamp(time) AS s, toString(uniqExact(id)) AS n FROM ${TRADES_TABLE} WHERE mint = {mint:String} GROUP BY s ORDER BY s`,
    { mint },
  );
  const picked = seconds.filter((row, i) => Number(row.n) > 2 || i % 40 === 0).slice(-8);
  const cursors: (TradeCursor | null)[] = [null, { seconds: -62_135_596_800, millis: 0 }, { seconds: 0, millis: 0 }, { seconds: 253_402_300_799, millis: 999 }];
  for (const row of picked) for (const millis of [0, 2, 999]) cursors.push({ seconds: row.s, millis });
  cursors.push({ seconds: (seconds[0]?.s ?? START) - 1, millis: 0 }, { seconds: (seconds.at(-1)?.s ?? START) + 1, millis: 0 });
  return cursors;
}

/** For both windows: pages at every cursor kind (at each of `limits`) and a walk through every trade 37 a page,
 * equal to the recomputed ones. */
async function expectPages(mints: readonly string[], limits: readonly number[] = [100]): Promise<void> {
  for (const [name, window] of [
    ['loaded', loaded],
    ['fed', fed],
  ] as const) {
    for (const mint of mints) {
      const page = (before: TradeCursor | null, limit: number) => tradesPage(olap, window, mint, before === null ? { limit } : { limit, before });
      for (const cursor of await cursorsOf(mint)) {
        for (const limit of limits) {
          expect(await page(cursor, limit), `${name} ${mint} ${JSON.stringify(cursor)} ${limit}`).toEqual(await expectedTradePage(olap, mint, cursor, limit));
        }
      }
      let cursor: TradeCursor | null = null;
      do {
        const got = await page(cursor, 37);
        expect(got, `${name} walk ${mint} ${JSON.stringify(cursor)}`).toEqual(await expectedTradePage(olap, mint, cursor, 37));
        cursor = got.next.before === null ? null : parseCursor(got.next.before);
      } while (cursor !== null);
    }
  }
}

/** Gives the fed window `events` as the feed would: in batches, trades only. */
function feed(events: readonly LoggedEvent[]): void {
  const trades = events.filter(({ event }) => event.type === 'trade');
  for (let i = 0; i < trades.length; i += 64) fed.handle(trades.slice(i, i + 64));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trade-window-'));
  olap = ChdbOlap.open(dir);
  for (const table of [...coinsProjector.tables, ...tradesProjector.tables]) await olap.exec(table.ddl);
  await write(launches([BUSY, SMALL, ODD, QUIET]));
  await write(tradeEvents(BUSY, 400, 1, clocks.get(BUSY)!));
  await write(tradeEvents(SMALL, 12, 2, clocks.get(SMALL)!));
  const odd = await write(tradeEvents(ODD, 150, 3, clocks.get(ODD)!));
  await olap.insert(TRADES_TABLE, tradesProjector.handle(odd.slice(0, 40))[TRADES_TABLE]!); // rows written again
  loaded = new TradeWindow();
  await loaded.load(olap, await coinSlices(olap));
  fed = new TradeWindow();
  feed(history);
  feed(history.slice(history.length / 2));
  feed(history);
});

afterAll(async () => {
  await olap?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('trade pages from the trade window and the trades table', () => {
  it('answers every page and cursor as recomputed, and nothing for a coin without trades', async () => {
    await expectPages([BUSY, SMALL, ODD, QUIET], [1, 50, 100]);
    expect(await tradesPage(olap, loaded, QUIET, { limit: 50 })).toEqual({ trades: [], next: { before: null } });
  });

  it('holds at least its share of a busy coin, whole seconds, and reads past it from the table', () => {
    for (const window of [loaded, fed]) {
      const run = window.run(BUSY);
      expect(run.complete).toBe(false);
      expect(run.trades.length).toBeGreaterThanOrEqual(WINDOW_TRADES);
      expect(window.run(SMALL)).toMatchObject({ complete: true });
      expect(window.run(SMALL).trades).toHaveLength(12);
    }
  });

  it('follows new trades: later slots, the same second, a slot appended again, first trades, a coin launched later', async () => {
    const more: LoggedEvent[] = [];
    const busy = await write(tradeEvents(BUSY, 40, 30, clocks.get(BUSY)!));
    more.push(...busy);
    const last = busy.at(-1)!.event as TradeEvent;
    slot += 1;
    more.push(...(await write([trade({ slot, tx: tx++, blockTime: last.blockTime }, { mint: BUSY as never, coinAmount: '777', quoteAmount: '999' })])));
    const lastSlot = busy.filter(({ event }) => event.slot === last.slot).map(({ event }) => event);
    more.push(...(await write(lastSlot))); // the ingest appending a slot again after a restart: new offsets
    more.push(...(await write(tradeEvents(QUIET, 25, 31, clocks.get(QUIET)!))));
    more.push(...(await write(launches([LATE]))));
    more.push(...(await write(tradeEvents(LATE, 30, 32, clocks.get(LATE)!))));
    for (const { event } of more) if (event.type === 'trade') loaded.handle([{ event, offset: 0n }]);
    feed(more);
    feed(more);
    await expectPages([BUSY, SMALL, QUIET, LATE]);
  });

  it('names the trades a batch brought, once each, at their page rank', async () => {
    const events = await write(tradeEvents(SMALL, 6, 50, clocks.get(SMALL)!));
    const before = await tradesPage(olap, fed, SMALL, { limit: 100 });
    fed.handle(events);
    const page = await tradesPage(olap, fed, SMALL, { limit: 100 });
    expect(fed.newTrades.map(({ item }) => item).reverse()).toEqual(page.trades.slice(0, events.length));
    expect(page.trades.slice(events.length)).toEqual(before.trades);
    fed.handle(events);
    expect(fed.newTrades).toEqual([]);
  });

  it('names none once loaded again, as a rebuild of the projections loads it', async () => {
    fed.handle(await write(tradeEvents(SMALL, 2, 51, clocks.get(SMALL)!)));
    expect(fed.newTrades).not.toEqual([]);
    await fed.load(olap, await coinSlices(olap));
    expect(fed.newTrades).toEqual([]);
  });
});
