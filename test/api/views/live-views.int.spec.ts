// The live views started in the middle of a burst: the projections have committed part of the log and written a
// batch past their committed position without committing it (a crash between the write and the commit), and more
// events arrive while the views load and while the projections go on. Once everything is in, the views hold what the
// market's events give (every coin's board row, its trade pages, its candles at every interval) and what views
// loaded afresh from the final store hold: nothing lost and nothing counted twice. Answers read from the store are
// announced once the projections have committed what they read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradesPage } from '../../../api/handlers/market.js';
import { createViews, type Views } from '../../../api/views/views.js';
import { TOPICS } from '../../../infra/event-log/event-log.js';
import { SqliteEventLog } from '../../../infra/event-log/sqlite-event-log.js';
import { ChdbOlap } from '../../../infra/olap/chdb-olap.js';
import type { LiveChange } from '../../../api/views/live-views.js';
import { ProjectionRunner } from '../../../projections/runner.js';
import { readModelProjectors } from '../../../projections/read-models.js';
import { TRADES_TABLE } from '../../../projections/trades/table.js';
import { INTERVALS } from '../../../schemas/api/ohlcv.js';
import { parseCursor } from '../../../schemas/api/trades.js';
import { loadConfig, serviceWalletList } from '../../../schemas/config.js';
import type { Event } from '../../../schemas/events/index.js';
import { coveredColumns, ExpectedMarket } from '../../fixtures/expected-coin-rows.js';
import { appendEvents, CrashingLog, expectedCandles, runUntilCaughtUp } from '../../projections/runner-harness.js';
import { expectedTradePage } from '../fixtures/expected-trade-page.js';
import { buildFixture, NOW, type Fixture } from '../fixtures/market.js';

const config = loadConfig({});
const projectors = readModelProjectors(serviceWalletList(config.wallets));
const clock = () => new Date(NOW * 1000);
let dir: string;
let log: SqliteEventLog;
let olap: ChdbOlap;
let fixture: Fixture;
let events: Event[];
let views: Views;
let runner: ProjectionRunner;
const changes: LiveChange[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const storedTrades = async () => Number((await olap.query<{ n: string }>(`SELECT toString(count()) AS n FROM ${TRADES_TABLE} FINAL`))[0]!.n);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'live-views-'));
  log = SqliteEventLog.open(join(dir, 'log'), { synchronous: 'NORMAL', pollIntervalMs: 5 });
  olap = ChdbOlap.open(join(dir, 'olap'));
  fixture = buildFixture();
  events = fixture.logged.map(({ event }) => event);
  const [committed, uncommitted, rest] = [events.slice(0, 300), events.slice(300, 420), events.slice(420)];

  // The projections commit the first part, then write the next batch and die before committing it.
  await appendEvents(log, committed);
  const first = await ProjectionRunner.open({ log, olap, projectors, batchSize: 100, idleWaitMs: 0, maxBatchWaitMs: 0, quietMs: 0 });
  await runUntilCaughtUp(first);
  await appendEvents(log, uncommitted);
  const crashing = await ProjectionRunner.open({
    log: new CrashingLog(log, 1),
    olap,
    projectors,
    batchSize: 200,
    idleWaitMs: 0,
    maxBatchWaitMs: 0,
    quietMs: 0,
  });
  await expect(crashing.runOnce()).rejects.toThrow(/before committing/);

  // The views start while the rest arrives in small appends and the projections, started again, go on.
  views = createViews({ log, olap, config, clock });
  views.feed.subscribe((change) => changes.push(change));
  runner = await ProjectionRunner.open({ log, olap, projectors, batchSize: 50, idleWaitMs: 5, maxBatchWaitMs: 5 });
  runner.start();
  const starting = views.feed.start();
  for (let i = 0; i < rest.length; i += 25) {
    await appendEvents(log, rest.slice(i, i + 25));
    await sleep(3);
  }
  await starting;
  for (let tries = 0; (await runner.progress()).lastOffset !== (await log.last(TOPICS.coinEvents))!.offset.toString(); tries++) {
    if (tries > 400) throw new Error('the projections never caught up');
    await sleep(25);
  }
  await views.feed.settled();
}, 120_000);

afterAll(async () => {
  await views?.feed.stop();
  await runner?.stop();
  await log?.close();
  await olap?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('live views started in the middle of a burst', () => {
  it("hold every coin's row as the market's events give it, as views loaded from the final store do", async () => {
    const expected = new ExpectedMarket(fixture.logged).rows(NOW);
    const board = views.board.at(NOW);
    expect(board.rows.size).toBe(expected.size);
    for (const [mint, row] of expected) expect(coveredColumns(board.rows.get(mint)), mint).toEqual(row);
    const fresh = createViews({ log, olap, config, clock });
    await fresh.feed.start();
    try {
      expect(Object.fromEntries(fresh.board.at(NOW).rows)).toEqual(Object.fromEntries(board.rows));
      for (const mint of Object.values(fixture.coins).map((coin) => coin.mint)) {
        // The windows may hold different stretches (whole seconds either way); their pages are the same.
        let before: string | null = null;
        for (let page = 0; page < 4; page++) {
          const query = before === null ? { limit: 70 } : { limit: 70, before: parseCursor(before) };
          const answer = await tradesPage(olap, views.trades, mint, query);
          expect(answer, `${mint} page ${page}`).toEqual(await tradesPage(olap, fresh.trades, mint, query));
          before = answer.next.before;
          if (before === null) break;
        }
        const units = { decimals: board.rows.get(mint)!.decimals, quoteDecimals: board.rows.get(mint)!.quoteDecimals };
        for (const interval of INTERVALS)
          expect(views.candles.candles(mint, interval, units), `${mint} ${interval}`).toEqual(fresh.candles.candles(mint, interval, units));
      }
    } finally {
      await fresh.feed.stop();
    }
  });

  it("hold each coin's trade pages and candles as the events give them", async () => {
    for (const { mint } of Object.values(fixture.coins)) {
      for (const limit of [1, 50, 100])
        expect(await tradesPage(olap, views.trades, mint, { limit }), mint).toEqual(await expectedTradePage(olap, mint, null, limit));
      const row = views.board.at(NOW).rows.get(mint)!;
      for (const interval of INTERVALS) {
        expect(views.candles.candles(mint, interval, { decimals: row.decimals, quoteDecimals: row.quoteDecimals }), `${mint} ${interval}`).toEqual(
          expectedCandles(events, mint, interval),
        );
      }
    }
    expect(await storedTrades()).toBe(events.filter((event) => event.type === 'trade').length);
  });

  it('announced the views at once and the tables as the projections committed them', () => {
    const folded = changes.filter((change) => ['coin-board', 'trade-window', 'candle-window'].some((view) => change.has(view)));
    const committed = changes.filter((change) => !folded.includes(change));
    expect(folded.length).toBeGreaterThan(0);
    expect(folded.some((change) => change.has(TRADES_TABLE))).toBe(false);
    expect(committed.some((change) => change.has(TRADES_TABLE))).toBe(true);
  });
});
