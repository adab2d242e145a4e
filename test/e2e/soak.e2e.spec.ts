// The soak, short: the service as `npm start` runs it follows a captured chain replayed at a steady rate for a few
// minutes. After a warm-up the floor of its resident memory must not climb at a steady rate, and it must keep up with
// the chain (a flat series from a stalled pipeline proves nothing). `npm run bench:soak` runs the same for an hour.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryTrend } from '../../infra/bench/soak/memory-trend.js';
import { runSoak } from '../../infra/bench/soak/soak-run.js';

const RATE = 100;
const SECONDS = 180;
const WARMUP_SECONDS = 60;
const FLOOR_WINDOW_SECONDS = 15;
/** MiB an hour. Two minutes of a young process's floor resolve a rate of about this size, no finer: the leak the fault
 * probe found (30 MiB a minute) is over it; the hour of `npm run bench:soak` resolves slower ones. */
const MAX_GROWTH = 1_200;

const root = mkdtempSync(join(tmpdir(), 'launchtape-soak-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('soak: npm start on a replayed chain', () => {
  it('keeps up with the chain while its resident memory stays flat', { timeout: 420_000 }, async () => {
    const result = await runSoak({
      capture: join(root, 'market.bin'),
      transactions: RATE * (SECONDS + 30),
      rate: RATE,
      seconds: SECONDS,
      sampleSeconds: 1,
      checkSeconds: 15,
      dataDir: join(root, 'data'),
      log: () => undefined,
    });
    expect(result.keptUp).toBe(true);
    const trend = memoryTrend(result.series, WARMUP_SECONDS, FLOOR_WINDOW_SECONDS);
    expect(trend).not.toBeNull();
    expect(trend!.windows).toBeGreaterThanOrEqual(8);
    expect(trend!.mibPerHour, `resident memory after the warm-up: ${JSON.stringify(trend)}`).toBeLessThan(MAX_GROWTH);
  });
});
