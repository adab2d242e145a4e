// The projection runner end to end on real stores (SQLite event log, chDB): events in, tables out; a crash
// between the write and the commit, then a restart, leaves the same rows as a clean run; replaying the log
// never double-counts; candles equal a recomputation from the trades for every interval; rebuilds; batches that grow
// behind a slow store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EventLog, TOPICS } from '../../infra/event-log/event-log.js';
import { SqliteEventLog } from '../../infra/event-log/sqlite-event-log.js';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import { INTERVALS } from '../../schemas/api/ohlcv.js';
import { READ_MODEL_PROJECTORS } from '../../projections/read-models.js';
import { ProjectionRunner, type RunnerOptions } from '../../projections/runner.js';
import { PROJECTION_CHECKPOINTS_TABLE } from '../../projections/runner-state.js';
import { tradesProjector } from '../../projections/trades/projector.js';
import type { Event, TradeEvent } from '../../schemas/events/index.js';
import { simulateMarket } from './market-simulation.js';
import { appendEvents, CrashingLog, CrashingOlap, dropAllTables, expectedCandles, snapshotTables, storedCandles, runUntilCaughtUp } from './runner-harness.js';

const root = mkdtempSync(join(tmpdir(), 'runner-int-'));
const EVENTS = simulateMarket({ seed: 7, coins: 6, trades: 4_000 });
const TRADES = EVENTS.filter((event): event is TradeEvent => event.type === 'trade');
const MINTS = [...new Set(EVENTS.filter((event) => event.type === 'coin.launched').map((event) => event.data.mint))];
const MAX_SLOT = Math.max(...EVENTS.map((event) => event.slot));
const FAST = { batchSize: 1_000, maxBatchWaitMs: 20, idleWaitMs: 10 } satisfies Partial<RunnerOptions>;

let olap: Olap;
let logDir: string;
let logs: EventLog[] = [];
let testNumber = 0;

function openLog(): EventLog {
  const log = SqliteEventLog.open(logDir, { synchronous: 'NORMAL', pollIntervalMs: 5 });
  logs.push(log);
  return log;
}

/** The read models with the trades projector's version bumped: opening a runner on them rebuilds every table of the set. */
const bumped = () => READ_MODEL_PROJECTORS.map((projector) => (projector === tradesProjector ? { ...projector, version: projector.version + 1 } : projector));

/** A fresh process: a new log handle (read positions are per process) and a new runner on the same stores. */
function restart(options: Partial<RunnerOptions> = {}): Promise<ProjectionRunner> {
  return ProjectionRunner.open({ log: openLog(), olap, ...FAST, ...options });
}

beforeAll(async () => {
  olap = await openOlap({ dataDir: root });
});

afterAll(async () => {
  for (const log of logs) await log.close();
  await olap.close();
  rmSync(root, { recursive: true, force: true });
});

beforeEach(async () => {
  for (const log of logs) await log.close();
  logs = [];
  await dropAllTables(olap);
  logDir = join(root, `log-${(testNumber += 1)}`);
  await appendEvents(openLog(), EVENTS);
});

describe('projection runner on SQLite and chDB', () => {
  it('given the log, then every read model holds exactly its events, and progress reaches the head', async () => {
    const runner = await restart();
    expect(await runUntilCaughtUp(runner)).toBe(EVENTS.length);

    const count = async (table: string) => (await olap.query<{ n: string }>(`SELECT count() AS n FROM ${table} FINAL`))[0]?.n;
    expect(await count('coins')).toBe(String(MINTS.length));
    expect(await count('trades')).toBe(String(TRADES.length));
    expect(await count('coin_graduations')).toBe(String(EVENTS.filter((event) => event.type === 'coin.graduated').length));
    expect(await count('balance_changes')).toBe(String(EVENTS.filter((event) => event.type === 'token.balance_changed').length));

    const latest = new Map<string, { owner: string; balance: string }>();
    for (const event of EVENTS) {
      if (event.type === 'token.balance_changed')
        latest.set(`${event.data.mint}/${event.data.tokenAccount}`, { owner: event.data.owner, balance: event.data.post });
    }
    const balances = await olap.query<{ mint: string; tokenAccount: string; owner: string; balance: string }>(
      'SELECT mint, tokenAccount, owner, balance FROM balances FINAL',
    );
    expect(new Map(balances.map((row) => [`${row.mint}/${row.tokenAccount}`, { owner: row.owner, balance: row.balance }]))).toEqual(latest);

    const lastTrade = new Map(TRADES.map((event) => [event.data.mint, event.data.reserves]));
    const markets = await olap.query<{ mint: string; reserveCoin: string; reserveQuote: string }>(
      'SELECT mint, toString(argMax(reserveCoin, (slot, logOffset, id))) AS reserveCoin, toString(argMax(reserveQuote, (slot, logOffset, id))) AS reserveQuote FROM trades FINAL GROUP BY mint',
    );
    expect(new Map(markets.map((row) => [row.mint, { coin: row.reserveCoin, quote: row.reserveQuote }]))).toEqual(lastTrade);

    const [volume] = await olap.query<{ total: string }>('SELECT toString(sum(quoteAmount)) AS total FROM trades FINAL');
    expect(volume?.total).toBe(TRADES.reduce((sum, event) => sum + BigInt(event.data.quoteAmount), 0n).toString());

    expect(await runner.progress()).toMatchObject({
      lastSlot: MAX_SLOT,
      lastOffset: String(EVENTS.length - 1),
      lagRecords: 0,
      lagSlots: 0,
      caughtUp: true,
      lastError: null,
      generation: 1,
    });
  });

  it('given a crash after the rows are written and before the commit, then a restart leaves the same rows as a clean run', async () => {
    const crashing = await ProjectionRunner.open({ log: new CrashingLog(openLog(), 3), olap, ...FAST });
    await crashing.runOnce();
    await crashing.runOnce();
    await expect(crashing.runOnce()).rejects.toThrow(/crash/);
    const runner = await restart();
    await runUntilCaughtUp(runner);
    const afterCrash = await snapshotTables(olap, READ_MODEL_PROJECTORS);
    await runUntilCaughtUp(await restart({ projectors: bumped() }));
    expect(await snapshotTables(olap, READ_MODEL_PROJECTORS)).toEqual(afterCrash);
    expect(afterCrash.trades).toHaveLength(TRADES.length);
  });

  it('given a crash after some tables are written and before the checkpoint, then a restart repeats the batch without double-counting', async () => {
    const crashing = await ProjectionRunner.open({ log: openLog(), olap: new CrashingOlap(olap, PROJECTION_CHECKPOINTS_TABLE, 4), ...FAST });
    // Progress on the way: lag against the log's head, then the failed batch's error.
    const headSlot = EVENTS.at(-1)!.slot;
    expect(await crashing.progress()).toMatchObject({ lastSlot: null, lagRecords: EVENTS.length, lagSlots: headSlot, caughtUp: false });
    for (let i = 0; i < 3; i += 1) await crashing.runOnce();
    const written = Math.max(...EVENTS.slice(0, 3_000).map((event) => event.slot));
    expect(await crashing.progress()).toMatchObject({
      lastSlot: written,
      lastOffset: '2999',
      headOffset: String(EVENTS.length - 1),
      headSlot,
      lagRecords: EVENTS.length - 3_000,
      lagSlots: headSlot - written,
      recordsHandled: 3_000,
      lastError: null,
    });
    await expect(crashing.runOnce()).rejects.toThrow(/crash/);
    expect((await crashing.progress()).lastError).toMatch(/^crash: process died/);
    const runner = await restart();
    await runUntilCaughtUp(runner);
    const afterCrash = await snapshotTables(olap, READ_MODEL_PROJECTORS);
    await runUntilCaughtUp(await restart({ projectors: bumped() }));
    expect(await snapshotTables(olap, READ_MODEL_PROJECTORS)).toEqual(afterCrash);
  });

  it('given a batch of records that are no events, then they are counted as skipped and the checkpoint keeps its slot', async () => {
    const runner = await restart();
    await runUntilCaughtUp(runner);
    await logs[0]!.append(TOPICS.coinEvents, [{ key: 'platform', value: '{not json' }]);
    expect(await runner.runOnce()).toBe(1);
    expect(await runner.progress()).toMatchObject({ lastSlot: MAX_SLOT, lastOffset: String(EVENTS.length), lagRecords: 0, recordsSkipped: 1 });
  });

  it('given the whole log replayed a second time into the same tables, then nothing changes', async () => {
    const first = await restart();
    await runUntilCaughtUp(first);
    const once = await snapshotTables(olap, READ_MODEL_PROJECTORS);
    // The group forgets its position: the log is read from the start again.
    await logs[0]!.dropGroup(TOPICS.coinEvents, first.group);
    await runUntilCaughtUp(await restart());
    expect(await snapshotTables(olap, READ_MODEL_PROJECTORS)).toEqual(once);
  });

  it('given every event appended to the log twice, then counts, volumes, balances and candles are those of one copy', async () => {
    await runUntilCaughtUp(await restart());
    const figures = () =>
      olap.query(`SELECT
        (SELECT count() FROM trades FINAL) AS trades, (SELECT toString(sum(quoteAmount)) FROM trades FINAL) AS volume,
        (SELECT count() FROM balance_changes FINAL) AS changes, (SELECT count() FROM coins FINAL) AS coins,
        (SELECT groupArray(tuple(mint, tokenAccount, owner, toString(balance))) FROM (SELECT * FROM balances FINAL ORDER BY mint, tokenAccount)) AS balances`);
    const once = await figures();
    const candlesOnce = await storedCandles(olap, EVENTS, MINTS[0]!, '1h');
    await appendEvents(logs[0]!, EVENTS);
    await runUntilCaughtUp(await restart());
    expect(await figures()).toEqual(once);
    expect(await storedCandles(olap, EVENTS, MINTS[0]!, '1h')).toEqual(candlesOnce);
  });

  it('given the trades, then candles of every interval equal a recomputation from the trade events', async () => {
    await runUntilCaughtUp(await restart());
    for (const mint of MINTS) {
      for (const interval of INTERVALS) {
        const expected = expectedCandles(EVENTS, mint, interval);
        expect(expected.length).toBeGreaterThan(interval === '1d' ? 0 : 1);
        expect(await storedCandles(olap, EVENTS, mint, interval)).toEqual(expected);
      }
    }
  });

  it('rebuilds when a projector version changes, replaying into fresh tables under a new group', async () => {
    const runner = await restart();
    await runUntilCaughtUp(runner);
    const before = await snapshotTables(olap, READ_MODEL_PROJECTORS);
    const upgraded = await restart({ projectors: bumped() });
    expect(upgraded.group).toBe('projections.read-models.2');
    expect((await upgraded.progress()).lastSlot).toBeNull();
    expect(await olap.query('SELECT count() AS n FROM trades')).toEqual([{ n: '0' }]);
    await runUntilCaughtUp(upgraded);
    expect(await snapshotTables(olap, READ_MODEL_PROJECTORS)).toEqual(before);
    expect((await restart({ projectors: bumped() })).group).toBe('projections.read-models.2');
  });

  it('runs in the background, batching by time, until stopped', async () => {
    const runner = await restart({ batchSize: 50_000, maxBatchWaitMs: 50 });
    runner.start();
    const more: Event[] = simulateMarket({ seed: 8, coins: 2, trades: 300, firstTx: 1_000_000 });
    await appendEvents(logs[0]!, more, 100);
    const deadline = Date.now() + 20_000;
    let progress = await runner.progress();
    while (progress.lastOffset !== String(EVENTS.length + more.length - 1) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      progress = await runner.progress();
    }
    await runner.stop();
    expect(progress).toMatchObject({ lagRecords: 0, state: 'running', lastError: null });
    expect((await runner.progress()).state).toBe('stopped');
    expect(await olap.query('SELECT count() AS n FROM coins FINAL')).toEqual([{ n: String(MINTS.length + 2) }]);
  });

  it('given a batch that took long to write, then the next one gathers for longer: a slow store takes fewer, larger batches', async () => {
    // A store whose every write takes 300 ms more.
    const slow: Olap = {
      exec: (sql, params) => olap.exec(sql, params),
      query: (sql, params) => olap.query(sql, params),
      insert: async (table, rows) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await olap.insert(table, rows);
      },
      close: async () => undefined,
    };
    const runner = await ProjectionRunner.open({ log: openLog(), olap: slow, ...FAST, batchSize: 50_000 });
    expect(await runner.runOnce()).toBe(EVENTS.length);

    // Two appends 150 ms apart: the quiet log's 20 ms window would have closed the batch on the first.
    const more: Event[] = simulateMarket({ seed: 8, coins: 2, trades: 300, firstTx: 1_000_000 });
    const half = Math.floor(more.length / 2);
    await appendEvents(logs[0]!, more.slice(0, half));
    const second = new Promise((resolve) => setTimeout(resolve, 150)).then(() => appendEvents(logs[0]!, more.slice(half)));
    expect(await runner.runOnce()).toBe(more.length);
    await second;
  });
});
