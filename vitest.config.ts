// Test tiers: unit (pure code), int (one component with real stores/servers), e2e (the whole chain of parts).
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Local HTTPS receivers in tests use a certificate of the test CA (test/fixtures/webhooks), trusted the standard
// way through NODE_EXTRA_CA_CERTS rather than a test-only CA option in the code under test. Node reads the variable
// only when a process starts; the test workers are forked from this process and inherit it. It names a single
// file, so when the environment already sets one, the workers get a bundle of that file's CAs and the test CA.
const testCa = fileURLToPath(new URL('./test/fixtures/webhooks/ca.pem', import.meta.url));
process.env.NODE_EXTRA_CA_CERTS ??= testCa;
if (process.env.NODE_EXTRA_CA_CERTS !== testCa) {
  let bundle = readFileSync(testCa, 'utf8');
  try {
    bundle = `${readFileSync(process.env.NODE_EXTRA_CA_CERTS, 'utf8').trimEnd()}\n${bundle}`;
  } catch {
    // An unreadable file adds nothing in Node either; the test CA alone is then what the variable adds.
  }
  const path = join(tmpdir(), `launchtape-test-ca-${createHash('sha256').update(bundle).digest('hex').slice(0, 16)}.pem`);
  writeFileSync(`${path}.${process.pid}`, bundle);
  renameSync(`${path}.${process.pid}`, path);
  process.env.NODE_EXTRA_CA_CERTS = path;
}

/** End-to-end specs that kill processes and brokers mid-run and judge what survives: they start several processes
 * each and wait on recovery deadlines, so they run after the rest, one at a time, with the machine to themselves. */
const FAULTS = ['test/e2e/scale-out.e2e.spec.ts', 'test/e2e/pipeline-crash.e2e.spec.ts', 'test/e2e/webhooks-crash.e2e.spec.ts'];

/** Files by tier, the longest first (end-to-end, then integration, then unit), each tier in vitest's own order: a fresh
 * clone has no timings, and vitest then starts larger files first, so a short end-to-end file that runs for a minute
 * (the soak) could start last and hold one worker alone at the end while the other sat idle. */
const TIERS = ['e2e-faults', 'e2e', 'int', 'unit'];
class TiersLongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => TIERS.indexOf(file.project.name);
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

const tier = (name: string, timeout: number) => ({
  test: { name, include: [`test/**/*.${name}.spec.ts`], exclude: FAULTS, testTimeout: timeout, hookTimeout: timeout },
});

export default defineConfig({
  test: {
    pool: 'forks',
    sequence: { sequencer: TiersLongestFirst },
    reporters: ['default'],
    // One local Kafka broker for the run when a selected spec uses Kafka (test/infra/event-log/kafka-test-brokers.ts).
    globalSetup: ['test/infra/event-log/kafka-global-setup.ts'],
    // Two files at a time (the default leaves one core of two idle), the fault specs alone after them.
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      tier('unit', 20_000),
      tier('int', 60_000),
      tier('e2e', 180_000),
      {
        test: {
          name: 'e2e-faults',
          include: FAULTS,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          sequence: { groupOrder: 1 },
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
