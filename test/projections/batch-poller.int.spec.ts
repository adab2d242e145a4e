// The runner's batch polling on a real SQLite log: records arriving within `maxBatchWaitMs` of the first join
// its batch and no later; with `quietMs` a pause that long ends it; a backlog fills whole batches at once; an
// empty log answers after `idleWaitMs`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventLog } from '../../infra/event-log/sqlite-event-log.js';
import { pollBatch, type BatchPolling } from '../../projections/batch-poller.js';

const TOPIC = 'coin-events';
let dir: string;
let log: SqliteEventLog;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'launchtape-poller-'));
  log = SqliteEventLog.open(dir, { synchronous: 'NORMAL', pollIntervalMs: 5 });
});

afterEach(async () => {
  await log.close();
  rmSync(dir, { recursive: true, force: true });
});

const record = (n: number) => ({ key: 'mint', value: `event ${n}` });

function polling(overrides: Partial<BatchPolling>): BatchPolling {
  return {
    log,
    topic: TOPIC,
    group: 'g',
    batchSize: 100,
    maxBatchWaitMs: 1_000,
    quietMs: Number.POSITIVE_INFINITY,
    idleWaitMs: 50,
    stopping: () => false,
    ...overrides,
  };
}

describe('pollBatch', () => {
  it('takes what is there once maxBatchWaitMs has passed, without waiting for a full batch', async () => {
    await log.append(TOPIC, [record(1), record(2)]);
    const started = Date.now();
    const batch = await pollBatch(polling({ maxBatchWaitMs: 30 }));
    expect(batch.map((r) => r.value)).toEqual(['event 1', 'event 2']);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('gathers records arriving until maxBatchWaitMs after the first', async () => {
    await log.append(TOPIC, [record(1)]);
    const later = setTimeout(() => void log.append(TOPIC, [record(2)]), 50);
    const started = Date.now();
    const batch = await pollBatch(polling({ maxBatchWaitMs: 400 }));
    clearTimeout(later);
    expect(batch.map((r) => r.value)).toEqual(['event 1', 'event 2']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
  });

  it('with quietMs, writes a burst once it is over instead of waiting out maxBatchWaitMs', async () => {
    await log.append(TOPIC, [record(1)]);
    const burst = setTimeout(() => void log.append(TOPIC, [record(2)]), 5);
    const late = setTimeout(() => void log.append(TOPIC, [record(3)]), 400);
    const started = Date.now();
    const batch = await pollBatch(polling({ maxBatchWaitMs: 1_000, quietMs: 60 }));
    clearTimeout(burst);
    clearTimeout(late);
    expect(batch.map((r) => r.value)).toEqual(['event 1', 'event 2']);
    expect(Date.now() - started).toBeLessThan(350);
  });

  it('fills a whole batch from a backlog without waiting', async () => {
    await log.append(
      TOPIC,
      Array.from({ length: 250 }, (_, i) => record(i)),
    );
    const started = Date.now();
    const batch = await pollBatch(polling({}));
    expect(batch).toHaveLength(100);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('returns nothing after idleWaitMs when the log is empty', async () => {
    expect(await pollBatch(polling({ idleWaitMs: 20 }))).toEqual([]);
  });
});
