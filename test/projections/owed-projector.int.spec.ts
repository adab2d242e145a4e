// The `reward-owed` projector on a chDB store, given the reward story (reward-story.ts, its numbers worked out by
// hand): what each holder is owed after each round of each holder-mode coin, nothing for a creator-mode coin; the
// same rows when the story is written again (a replayed batch), and when it runs through the runner in batches of
// a few records (each round derived from the round before it, read back from the store) with a crash before the
// commit of the batch holding the first round, so that round is derived again after the restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventLog } from '../../infra/event-log/sqlite-event-log.js';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import { projectEvents, writeBatch } from '../../projections/project-batch.js';
import { readModelProjectors } from '../../projections/read-models.js';
import { REWARD_OWED_TABLE } from '../../projections/rewards/table.js';
import { ProjectionRunner } from '../../projections/runner.js';
import { loadConfig, serviceWalletList } from '../../schemas/config.js';
import { BASKET, OWED_C, rewardStory, STABLE, W } from './reward-story.js';
import { appendEvents, CrashingLog, runUntilCaughtUp } from './runner-harness.js';

const projectors = readModelProjectors(serviceWalletList(loadConfig({}).wallets));
const story = rewardStory();
/** Every row of reward_owed, by coin, round and wallet (the round's own row has wallet ''). */
const EXPECTED = [
  [BASKET.mint, 1, '', '0'],
  [BASKET.mint, 1, W.C, '700000'],
  [BASKET.mint, 2, '', '0'],
  [BASKET.mint, 2, W.C, OWED_C.toString()],
  [STABLE.mint, 1, '', '0'],
  [STABLE.mint, 1, W.X, '500'],
].sort((a, b) => (a.join() < b.join() ? -1 : 1));

let dir: string;
let olap: Olap;

const owedRows = async () =>
  (
    await olap.query<{ mint: string; round: number; wallet: string; amount: string }>(
      `SELECT mint, round, wallet, toString(amount) AS amount FROM ${REWARD_OWED_TABLE} FINAL ORDER BY mint, round, wallet`,
    )
  ).map((row) => [row.mint, Number(row.round), row.wallet, row.amount]);

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'launchtape-owed-'));
  olap = await openOlap({ dataDir: join(dir, 'olap') });
});

afterEach(async () => {
  await olap.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the reward-owed projector', () => {
  it('given the story in one batch, then each round leaves the hand-worked owed shares; written again, the same rows', async () => {
    for (const projector of projectors) for (const table of projector.tables) await olap.exec(table.ddl);
    await writeBatch(olap, projectEvents(story, projectors), projectors);
    expect(await owedRows()).toEqual(EXPECTED);
    await writeBatch(olap, projectEvents(story, projectors), projectors);
    expect(await owedRows()).toEqual(EXPECTED);
  });

  it('given the story through the runner three records a batch with a crash before a commit, then the same rows', async () => {
    const log = SqliteEventLog.open(join(dir, 'log'), { pollIntervalMs: 5 });
    await appendEvents(
      log,
      story.map(({ event }) => event),
    );
    const rounds = story.findIndex(({ event }) => event.type === 'payout.round');
    const options = { olap, projectors, batchSize: 3, maxBatchWaitMs: 10, idleWaitMs: 10 };
    const crashing = await ProjectionRunner.open({ ...options, log: new CrashingLog(log, Math.ceil((rounds + 1) / 3)) });
    await expect(runUntilCaughtUp(crashing)).rejects.toThrow(/crash/);
    expect((await owedRows()).length).toBeGreaterThan(0);
    await runUntilCaughtUp(await ProjectionRunner.open({ ...options, log }));
    expect(await owedRows()).toEqual(EXPECTED);
    await log.close();
  });
});
