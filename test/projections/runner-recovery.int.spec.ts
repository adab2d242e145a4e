// The projection runner recovering on real stores (SQLite log, chDB): progress survives a restart through the
// checkpoint, a rebuild interrupted by a crash is finished at the next start, and a failing store is retried
// in the background until the batch goes through.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventLog } from '../../infra/event-log/event-log.js';
import { SqliteEventLog } from '../../infra/event-log/sqlite-event-log.js';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import { READ_MODEL_PROJECTORS, READ_MODEL_SET } from '../../projections/read-models.js';
import { ProjectionRunner } from '../../projections/runner.js';
import { saveSetState } from '../../projections/runner-state.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { simulateMarket } from './market-simulation.js';
import { appendEvents, CrashingOlap, dropAllTables, snapshotTables, runUntilCaughtUp } from './runner-harness.js';

const root = mkdtempSync(join(tmpdir(), 'runner-recovery-'));
const EVENTS = simulateMarket({ seed: 21, coins: 3, trades: 800 });
const MAX_SLOT = Math.max(...EVENTS.map((event) => event.slot));
const FAST = { batchSize: 500, maxBatchWaitMs: 10, idleWaitMs: 10, retryDelayMs: 20 };
let olap: Olap;
let log: EventLog;
let n = 0;

beforeAll(async () => {
  olap = await openOlap({ dataDir: root });
});

afterAll(async () => {
  await log.close();
  await olap.close();
  rmSync(root, { recursive: true, force: true });
});

beforeEach(async () => {
  if (log !== undefined) await log.close();
  await dropAllTables(olap);
  log = SqliteEventLog.open(join(root, `log-${(n += 1)}`), { synchronous: 'NORMAL', pollIntervalMs: 5 });
  await appendEvents(log, EVENTS);
});

describe('projection runner recovery', () => {
  it('knows its last slot after a restart, before projecting anything', async () => {
    await runUntilCaughtUp(await ProjectionRunner.open({ log, olap, ...FAST }));
    const restarted = await ProjectionRunner.open({ log, olap, ...FAST });
    const progress = await restarted.progress();
    expect(progress).toMatchObject({ lastSlot: MAX_SLOT, lastOffset: String(EVENTS.length - 1), lagRecords: 0, lagSlots: 0 });
    expect(progress).toMatchObject({ lastError: null, state: 'stopped' });
  });

  it('finishes a rebuild that a crash interrupted, then replays into fresh tables', async () => {
    await runUntilCaughtUp(await ProjectionRunner.open({ log, olap, ...FAST }));
    const complete = await snapshotTables(olap, READ_MODEL_PROJECTORS);
    const versions = READ_MODEL_PROJECTORS.map((projector) => `${projector.name}@${projector.version}`)
      .sort()
      .join(',');
    await saveSetState(olap, READ_MODEL_SET, { generation: 2, status: 'rebuilding', versions });
    const resumed = await ProjectionRunner.open({ log, olap, ...FAST });
    expect(resumed.group).toBe('projections.read-models.2');
    expect(await olap.query(`SELECT count() AS n FROM ${TRADES_TABLE}`)).toEqual([{ n: '0' }]);
    await runUntilCaughtUp(resumed);
    expect(await snapshotTables(olap, READ_MODEL_PROJECTORS)).toEqual(complete);
  });

  it('retries a failing batch in the background and reports the error meanwhile', async () => {
    const flaky = new CrashingOlap(olap, TRADES_TABLE, 2);
    const failures: object[] = [];
    const logger = { info: () => {}, warn: () => {}, error: (details: object) => void failures.push(details) };
    const runner = await ProjectionRunner.open({ log, olap: flaky, logger, ...FAST });
    runner.start();
    const deadline = Date.now() + 20_000;
    let sawError = false;
    let progress = await runner.progress();
    while (progress.lastOffset !== String(EVENTS.length - 1) && Date.now() < deadline) {
      sawError ||= progress.lastError !== null;
      await new Promise((resolve) => setTimeout(resolve, 2));
      progress = await runner.progress();
    }
    await runner.stop();
    expect(progress).toMatchObject({ lastError: null, lastSlot: MAX_SLOT });
    expect(failures).toHaveLength(1);
    expect(sawError).toBe(true);
    const [trades] = await olap.query<{ n: string }>(`SELECT count() AS n FROM ${TRADES_TABLE} FINAL`);
    expect(trades?.n).toBe(String(EVENTS.filter((event) => event.type === 'trade').length));
  });
});
