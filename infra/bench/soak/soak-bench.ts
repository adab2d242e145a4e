// `npm run bench:soak`: the service as `npm start` runs it, following a captured chain replayed at a steady rate for
// an hour, with its resident memory sampled as it runs. Prints the series (each minute's lowest and highest sample),
// the trend of its floor after the warm-up as MiB an hour (memory-trend.ts), and exits 1 when that trend is over
// `--max-growth` or the service fell behind the chain.
// The test suite runs the same soak for a few minutes (test/e2e/soak.e2e.spec.ts).
//
//   npm run bench:soak -- [--rate 100] [--minutes 60] [--warmup-minutes 10] [--sample-seconds 5]
//                         [--max-growth 200]  (MiB an hour: the captured market grows all through the run, new
//                                             coins and holders, and the views grow with it; a leak the size the
//                                             fault probe found is 1,800)
//                         [--capture FILE]    (made first when missing: artifacts/replay/market-7-<tx>.bin, sized
//                                             for the run)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { memoryTrend } from './memory-trend.js';
import { runSoak } from './soak-run.js';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '100' },
    minutes: { type: 'string', default: '60' },
    'warmup-minutes': { type: 'string', default: '10' },
    'sample-seconds': { type: 'string', default: '5' },
    'max-growth': { type: 'string', default: '200' },
    capture: { type: 'string' },
  },
  strict: true,
});

function positive(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, got ${text}`);
  return value;
}

/** Each trend point is the lowest sample of this long a window. */
const FLOOR_WINDOW_SECONDS = 120;

const progress = (line: string) => process.stderr.write(`${line}\n`);
const out = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const rate = positive('rate', values.rate);
  const seconds = positive('minutes', values.minutes) * 60;
  const warmupSeconds = positive('warmup-minutes', values['warmup-minutes']) * 60;
  const sampleSeconds = positive('sample-seconds', values['sample-seconds']);
  const maxGrowth = positive('max-growth', values['max-growth']);
  if (warmupSeconds >= seconds) throw new Error('--warmup-minutes must be shorter than --minutes');
  const transactions = Math.ceil((rate * (seconds + 60)) / 10_000) * 10_000;
  const capture = resolve(values.capture ?? join('artifacts', 'replay', `market-7-${transactions}.bin`));
  const dataDir = mkdtempSync(join(tmpdir(), 'launchtape-soak-'));
  try {
    progress(`soak: ${rate} tx/s for ${seconds / 60} min, memory sampled every ${sampleSeconds} s (capture ${capture})`);
    const result = await runSoak({ capture, transactions, rate, seconds, sampleSeconds, checkSeconds: 60, dataDir, log: progress });
    out(`Soak: npm start on a replayed chain at ${rate} tx/s for ${seconds / 60} min (${new Date().toISOString().slice(0, 10)})`);
    out('minute  lowest MiB  highest MiB');
    const minutes = new Map<number, number[]>();
    for (const { atSeconds, rssMiB } of result.series) minutes.set(Math.floor(atSeconds / 60), [...(minutes.get(Math.floor(atSeconds / 60)) ?? []), rssMiB]);
    for (const [minute, rss] of minutes) {
      out(
        `${String(minute + 1).padStart(6)}  ${Math.min(...rss)
          .toFixed(0)
          .padStart(10)}  ${Math.max(...rss)
          .toFixed(0)
          .padStart(11)}`,
      );
    }
    const trend = memoryTrend(result.series, warmupSeconds, FLOOR_WINDOW_SECONDS);
    if (trend === null) throw new Error('too few samples after the warm-up for a trend');
    const growing = trend.mibPerHour > maxGrowth;
    out(
      `after the ${warmupSeconds / 60}-minute warm-up, the floor by ${FLOOR_WINDOW_SECONDS / 60}-minute windows: ${trend.startMiB.toFixed(0)} → ${trend.endMiB.toFixed(0)} MiB fitted ` +
        `(max ${trend.maxMiB.toFixed(0)}), ${trend.mibPerHour.toFixed(0)} MiB an hour (limit ${maxGrowth}) ${growing ? 'GROWING' : 'flat'}`,
    );
    out(`service behind the chain at ${result.behind} of ${result.checks} checks; kept up at the end: ${result.keptUp ? 'yes' : 'NO'}`);
    if (growing || !result.keptUp) process.exitCode = 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
