// `npm run bench:ingest`: the whole pipeline (Yellowstone subscriber → raw-tx log → decoders → coin-events →
// projections → chDB → API) against the devnet, in separate processes as a deployment would run them:
// chain (devnet + gRPC server) | ingest (subscriber + decoding pipeline) | project (projections + API).
// 1. sustained transactions per second end to end over a pre-generated ledger replayed at full speed;
// 2. lag from chain confirmation to the trade listed by the API, at a fixed background rate, and for the same
//    trades to their `trade` message at a client of the coin's live stream (SSE; the figure bench:stream leaves out).
// Figures go to stdout with the targets beside them; progress goes to stderr.
// Options:
//   --transactions N       ledger size (devnet: 60000, 20-30 s of replay at the rates measured here; replay: the
//                          capture's, 150000, enough for the lag phase's window at 5,000 tx/s)
//   --generate-seconds S   devnet: cap on generating the ledger (75); a capture is made to its full size
//   --lag-seconds S        lag measuring window (30)
//   --trades-per-slot N    devnet: simulator trades per 400 ms slot, ~1,000 tx/s all told (380)
//   --rates R,R            replay: the lag phase's rates in chain tx/s, one run each (1000,5000)
//   --only throughput|lag|streams   one phase; streams is a diagnostic run only on request: the official
//                          client's rate in three subscription shapes (streams-phase.ts)
//   --pipeline-in ingest|projections|own   the process that decodes: ingest (as `npm run ingest` runs it), project,
//                          or a process of its own between them
//   --log sqlite|kafka     the event log: SQLite (the default) or a local Kafka broker per phase (infra/kafka-local)
//   --profile DIR          each process writes V8 CPU profiles under DIR/<phase>/<process>/
//   --chain replay|devnet  replay: a captured chain served as captured (replay/), the default; devnet: the devnet
//                          executes the ledger and serves it itself
//   --charts DIR           where the lag distributions are drawn (docs/benchmarks: ingest-lag.svg)
//   --capture FILE         the captured chain (made first when missing; artifacts/replay/market-<seed>-<tx>.bin)
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runLag } from './lag-phase.js';
import { lagFigures } from './lag-report.js';
import { targetLines } from './report-format.js';
import { runStreams, streamLines } from './streams-phase.js';
import { distributionChart, writeChart, type Series } from './svg-chart.js';
import { throughputFigures, type ThroughputFigures } from './throughput-report.js';
import { runThroughput } from './throughput-phase.js';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string' },
    'generate-seconds': { type: 'string', default: '75' },
    'lag-seconds': { type: 'string', default: '30' },
    rates: { type: 'string', default: '1000,5000' },
    'trades-per-slot': { type: 'string', default: '380' },
    only: { type: 'string' },
    'pipeline-in': { type: 'string', default: 'ingest' },
    log: { type: 'string', default: 'sqlite' },
    profile: { type: 'string' },
    chain: { type: 'string', default: 'replay' },
    capture: { type: 'string' },
    charts: { type: 'string', default: join('docs', 'benchmarks') },
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
  const pipelineIn = values['pipeline-in'];
  if (pipelineIn !== 'ingest' && pipelineIn !== 'projections' && pipelineIn !== 'own') {
    throw new Error(`--pipeline-in must be ingest, projections or own, got ${pipelineIn}`);
  }
  const only = values.only;
  if (only !== undefined && only !== 'throughput' && only !== 'lag' && only !== 'streams') {
    throw new Error(`--only must be throughput, lag or streams, got ${only}`);
  }
  const eventLog = values.log;
  if (eventLog !== 'sqlite' && eventLog !== 'kafka') throw new Error(`--log must be sqlite or kafka, got ${eventLog}`);
  const chainKind = values.chain;
  if (chainKind !== 'replay' && chainKind !== 'devnet') throw new Error(`--chain must be replay or devnet, got ${chainKind}`);
  const transactions = positive('transactions', values.transactions ?? (chainKind === 'devnet' ? '60000' : '150000'));
  const rates = values.rates.split(',').map((rate) => positive('rates', rate));
  const maxGenerateSeconds = positive('generate-seconds', values['generate-seconds']);
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
        (pipelineIn === 'own' ? 'decode (decoding pipeline) | ' : '') +
        `project (${pipelineIn === 'projections' ? 'decoding pipeline + ' : ''}projections + API); ` +
        (eventLog === 'kafka'
          ? 'Kafka event log (a local single-node broker per phase, acks=all) and chDB'
          : `SQLite event log (synchronous FULL) and chDB, the service's defaults`),
    );
  }
  let throughput: ThroughputFigures | null = null;
  const lags: { rate: number; streamP99: number }[] = [];
  const lagSeries: Series[] = [];
  try {
    if (only === 'streams') {
      progress('streams: generating a ledger, then reading it in three subscription shapes...');
      const result = await runStreams({ transactions: transactions, log: progress });
      const heading = `official client replaying ${result.ledger.transactions.toLocaleString('en')} transactions, nothing behind the readers`;
      report.push('', heading, ...streamLines(result.shapes));
    }
    if (only === undefined || only === 'throughput') {
      progress(
        capture === null ? '1. throughput: generating a ledger at max speed...' : '1. throughput: replaying the captured chain as fast as it is taken...',
      );
      const result = await runThroughput({
        workDir,
        seed: 7,
        transactions,
        capture,
        maxGenerateSeconds,
        pipelineIn,
        eventLog,
        profileDir: values.profile === undefined ? undefined : join(values.profile, 'throughput'),
        log: progress,
      });
      const figures = throughputFigures(result, cpus().length);
      throughput = figures;
      report.push('', '1. sustained throughput end to end', ...figures.lines);
    }
    if (only === undefined || only === 'lag') {
      const pollMs = 50;
      const slotMs = 400;
      const runs = capture === null ? [null] : rates.map((rate) => ({ capture, rate, transactions }));
      for (const replay of runs) {
        progress(replay === null ? '2. lag: starting a live chain at a fixed rate...' : `2. lag: replaying the captured chain at ${replay.rate} tx/s...`);
        const result = await runLag({
          workDir: join(workDir, `lag-${replay?.rate ?? 'devnet'}`),
          seed: 11,
          slotMs,
          tradesPerSlot: positive('trades-per-slot', values['trades-per-slot']),
          replay,
          samplesPerSlot: 3,
          warmupSeconds: 6,
          seconds: positive('lag-seconds', values['lag-seconds']),
          pollMs,
          pipelineIn,
          eventLog,
          profileDir: values.profile === undefined ? undefined : join(values.profile, `lag-${replay?.rate ?? 'devnet'}`),
          log: progress,
        });
        const figures = lagFigures(result, pollMs, slotMs);
        const rate = replay?.rate ?? Math.round(result.chainRate);
        lags.push({ rate, streamP99: figures.streamP99 });
        lagSeries.push({ label: `stream client, ${rate} tx/s`, values: result.stream.lags }, { label: `trades route, ${rate} tx/s`, values: result.lags });
        const heading = replay === null ? 'lag at a fixed background rate' : `lag, the captured chain replayed at ${replay.rate} tx/s in ${slotMs} ms ticks`;
        report.push('', `2. ${heading}`, ...figures.lines);
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  if (lagSeries.length > 0) {
    const path = join(values.charts, 'ingest-lag.svg');
    writeChart(path, distributionChart(`Slot confirmed → trade seen, by percentile (${eventLog} event log)`, lagSeries));
    report.push('', `lag distributions drawn in ${path}`);
  }
  if (throughput !== null || lags.length > 0) report.push('', 'targets', ...targetLines(eventLog, throughput, lags));
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
