// The soak, short: the service as `npm start` runs it follows a captured chain replayed at a steady rate for 45
// seconds. It must keep up with the chain (a flat series from a stalled pipeline proves nothing) and stay under a
// resident ceiling. Minutes of a young process cannot tell a slow leak from the growth of the market it follows (in
// the suite, sharing two cores with the other tests, its floor climbed thousands of MiB an hour with no leak at all),
// so the steady-rate check is the hour of `npm run bench:soak`, whose fit is held to its own test
// (test/infra/bench/memory-trend.unit.spec.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSoak } from '../../infra/bench/soak/soak-run.js';

const RATE = 50;
const SECONDS = 45;
/** MiB. The embedded service on a small market lives well inside it; a read cache or warm-up sized to the machine
 * rather than to the data crosses it. */
const CEILING_MIB = 900;

const root = mkdtempSync(join(tmpdir(), 'launchtape-soak-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('soak: npm start on a replayed chain', () => {
  it('keeps up with the chain and stays under its resident ceiling', { timeout: 300_000 }, async () => {
    const result = await runSoak({
      capture: join(root, 'market.bin'),
      transactions: RATE * (SECONDS + 30),
      rate: RATE,
      seconds: SECONDS,
      sampleSeconds: 1,
      checkSeconds: 10,
      dataDir: join(root, 'data'),
      log: () => undefined,
    });
    expect(result.keptUp).toBe(true);
    expect(result.checks).toBeGreaterThanOrEqual(3);
    expect(result.series.length).toBeGreaterThanOrEqual(SECONDS / 2);
    const highest = Math.max(...result.series.map((sample) => sample.rssMiB));
    expect(highest, 'resident MiB at its highest').toBeLessThan(CEILING_MIB);
  });
});
