// `npm run bench:ingest`: the whole pipeline (Yellowstone subscriber → raw-tx log → decoders → coin-events →
// projections → chDB → API) against the devnet, in separate processes as a deployment would run them:
// chain (devnet + gRPC server) | ingest (subscriber + decoding pipeline) | project (projections + API).
// 1. sustained transactions per second end to end over a pre-generated ledger replayed at full speed;
// 2. lag from chain confirmation to the trade listed by the API, at a fixed background rate, and for the same
//    trades to their `trade` message at a client of the coin's live stream (SSE; the figure bench:stream leaves out).
// Figures go to stdout with the targets beside them; progress goes to stderr.
// Options:
//   --transactions N       ledger size (60000: 20-30 s of replay at the rates measured here)
//   --generate-seconds S   cap on generating the ledger (75)
//   --lag-seconds S        lag measuring window (30)
//   --trades-per-slot N    simulator trades per 400 ms slot, ~1,000 tx/s all told (380)
//   --only throughput|lag|streams   one phase; streams is a diagnostic run only on request: the official
//                          client's rate in three subscription shapes (streams-phase.ts)
//   --pipeline-in ingest|projections   the process that decodes (ingest, as `npm run ingest` runs it)
//   --log sqlite|kafka     the event log: SQLite (the default) or a local Kafka broker per phase (infra/kafka-local)
//   --profile DIR          each process writes V8 CPU profiles under DIR/<phase>/<process>/
//   --chain replay|devnet  replay: a captured chain served as captured (replay/), the default; devnet: the devnet
//                          executes the ledger and serves it itself
//   --capture FILE         the captured chain (made first when missing; artifacts/replay/market-<seed>-<tx>.bin)
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runLag } from './lag-phase.js';
import { lagFigures } from './lag-report.js';
import { targetLines } from './report-format.js';
import { runStreams, streamLines } from './streams-phase.js';
import { throughputFigures } from './throughput-report.js';
import { runThroughput } from './throughput-phase.js';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '60000' },
    'generate-seconds': { type: 'string', default: '75' },
    'lag-seconds': { type: 'string', default: '30' },
    'trades-per-slot': { type: 'string', default: '380' },
    only: { type: 'string' },
    'pipeline-in': { type: 'string', default: 'ingest' },
    log: { type: 'string', default: 'sqlite' },
    profile: { type: 'string' },
    chain: { type: 'string', default: 'replay' },
    capture: { type: 'string' },
  },
  strict: true,
});

function positive(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, got ${text}`);
  return value;
}

const progress = (line: string) => process.stderr.write(`${line}\n`);
const out = (line: string) => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const pipelineIn = values['pipeline-in'] === 'projections' ? 'projections' : 'ingest';
  const only = values.only;
  if (only !== undefined && only !== 'throughput' && only !== 'lag' && only !== 'streams') {
    throw new Error(`--only must be throughput, lag or streams, got ${only}`);
  }
  const eventLog = values.log;
  if (eventLog !== 'sqlite' && eventLog !== 'kafka') throw new Error(`--log must be sqlite or kafka, got ${eventLog}`);
  const chainKind = values.chain;
  if (chainKind !== 'replay' && chainKind !== 'devnet') throw new Error(`--chain must be replay or devnet, got ${chainKind}`);
  const transactions = positive('transactions', values.transactions);
  const capture = chainKind === 'devnet' ? null : resolve(values.capture ?? join('artifacts', 'replay', `market-7-${transactions}.bin`));
  if (capture !== null) mkdirSync(dirname(capture), { recursive: true });
  const workDir = mkdtempSync(join(tmpdir(), 'launchtape-ingest-bench-'));
  const started = Date.now();
  const report: string[] = [
    `launchtape ingest bench: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, load average at start ${load()}`,
  ];
  if (only !== 'streams') {
    report.push(
      `processes: chain (devnet + Yellowstone gRPC) | ingest (subscriber${pipelineIn === 'ingest' ? ' + decoding pipeline' : ''}) | ` +
        `project (${pipelineIn === 'projections' ? 'decoding pipeline + ' : ''}projections + API); ` +
        (eventLog === 'kafka'
          ? 'Kafka event log (a local single-node broker per phase, acks=all) and chDB'
          : `SQLite event log (synchronous FULL) and chDB, the service's defaults`),
    );
  }
  let throughput: number | null = null;
  let p99: number | null = null;
  try {
    if (only === 'streams') {
      progress('streams: generating a ledger, then reading it in three subscription shapes...');
      const result = await runStreams({ transactions: positive('transactions', values.transactions), log: progress });
      const heading = `official client replaying ${result.ledger.transactions.toLocaleString('en')} transactions, nothing behind the readers`;
      report.push('', heading, ...streamLines(result.shapes));
    }
    if (only === undefined || only === 'throughput') {
      progress('1. throughput: generating a ledger at max speed...');
      const result = await runThroughput({
        workDir,
        seed: 7,
        transactions,
        capture,
        maxGenerateSeconds: positive('generate-seconds', values['generate-seconds']),
        pipelineIn,
        eventLog,
        profileDir: values.profile === undefined ? undefined : join(values.profile, 'throughput'),
        log: progress,
      });
      const figures = throughputFigures(result, cpus().length);
      throughput = figures.sustained;
      report.push('', '1. sustained throughput end to end', ...figures.lines);
    }
    if (only === undefined || only === 'lag') {
      progress('2. lag: starting a live chain at a fixed rate...');
      const pollMs = 50;
      const slotMs = 400;
      const result = await runLag({
        workDir,
        seed: 11,
        slotMs,
        tradesPerSlot: positive('trades-per-slot', values['trades-per-slot']),
        samplesPerSlot: 3,
        warmupSeconds: 6,
        seconds: positive('lag-seconds', values['lag-seconds']),
        pollMs,
        pipelineIn,
        eventLog,
        profileDir: values.profile === undefined ? undefined : join(values.profile, 'lag'),
        log: progress,
      });
      const figures = lagFigures(result, pollMs, slotMs);
      p99 = figures.p99;
      report.push('', '2. lag at a fixed background rate', ...figures.lines);
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  if (throughput !== null || p99 !== null) report.push('', 'targets', ...targetLines(throughput, p99));
  report.push('', `bench took ${((Date.now() - started) / 1000).toFixed(0)} s; load average at end ${load()}`);
  out(report.join('\n'));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
