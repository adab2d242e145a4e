// Phase 2 of the ingest bench: lag at a fixed background rate. The chain produces a slot every `slotMs` with
// the simulator tuned to the wanted rate, the pipeline follows it live, and for a few trades of every slot
// confirmed inside the measuring window the orchestrator polls the API's trades route until the trade is
// listed (see lag-samples.ts). Lag = the poll answer that first lists it − the slot's confirmation (next slot
// sealed), so each figure is an upper bound, at most one poll period late. A bare reader beside the
// pipeline, on the subscriber's call with its request and nothing behind it, notes when it holds each
// whole slot: the chain's own delivery time, which the pipeline cannot beat. The API serves the live streams too,
// fed by the projection runner beside it as the service feeds them, and a clients process holds a stream open on every
// coin from the start (lag-streams-child.ts): for the same sampled trades it notes when each one's `trade` message
// arrived, so the stream's lag (arrival − confirmation, lag-streams.ts) is measured beside the trades route's.
import { cpus } from 'node:os';
import { join } from 'node:path';
import { subscribeRequest } from '../../ingest/subscriber/request.js';
import { loadConfig } from '../../schemas/config.js';
import { openBenchEventLog, type BenchLogKind } from './bench-event-log.js';
import { BenchChild, wallMs } from './bench-ipc.js';
import type { ChainReport, LedgerInfo, LiveInfo, ReplayRequest } from './bench-types.js';
import { type PipelineIn, startPipelineProcesses } from './pipeline-processes.js';
import { LagSampler } from './lag-samples.js';
import type { StreamArrivals } from './lag-streams-child.js';
import { StreamSamples } from './lag-streams.js';
import { LagWindow, type LagResult } from './lag-window.js';
import { coresBetween, cpuTimes } from './machine-load.js';
import { ProgressLog } from './progress-log.js';
import { progressLine, recordProgress } from './progress-record.js';
import { StageTimes } from './stage-watch.js';
import type { SlotArrival } from './stream-reader-child.js';
import type { AppendTimes } from './timed-log.js';
import type { StatementTimes } from './timed-olap.js';
import { probeStats, resetProbeStats, visibleTrades } from './trade-probe.js';

export type { LagResult } from './lag-window.js';

export interface LagOptions {
  workDir: string;
  seed: number;
  slotMs: number;
  /** The devnet live: its simulator tuned to this many trades a slot. */
  tradesPerSlot: number;
  /** Or a captured chain replayed at `rate` chain transactions a second (made first when missing, of
   * `transactions`). */
  replay: { capture: string; rate: number; transactions: number } | null;
  samplesPerSlot: number;
  warmupSeconds: number;
  seconds: number;
  pollMs: number;
  pipelineIn: PipelineIn;
  /** The event log the pipeline runs on (SQLite by default). */
  eventLog?: BenchLogKind;
  /** Write each process's CPU profile here (see bench-ipc.ts). */
  profileDir?: string;
  log: (line: string) => void;
}

const CHAIN_SCRIPT = new URL('./chain-child.ts', import.meta.url);
const READER_SCRIPT = new URL('./stream-reader-child.ts', import.meta.url);
const STREAMS_SCRIPT = new URL('./lag-streams-child.ts', import.meta.url);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runLag(options: LagOptions): Promise<LagResult> {
  const { log } = options;
  const progress = new ProgressLog();
  const dataDir = join(options.workDir, 'lag');
  const eventLog = await openBenchEventLog(options.eventLog ?? 'sqlite');
  const { kafkaBrokers } = eventLog;
  const {
    ingest,
    project,
    decode,
    roles,
    all: pipelines,
  } = startPipelineProcesses(options.pipelineIn, { dataDir, kafkaBrokers, profileDir: options.profileDir });
  const chain = BenchChild.start<ChainReport>('chain', CHAIN_SCRIPT, {}, options.profileDir);
  const bare = BenchChild.start<SlotArrival>('bare', READER_SCRIPT, {});
  const streams = BenchChild.start<never>('streams', STREAMS_SCRIPT, {});
  const children = [chain, ...pipelines, bare, streams];
  const stageTimes = new StageTimes();
  let sampler: LagSampler | null = null;
  const streamSamples = new StreamSamples();
  const window = new LagWindow((slot) => {
    sampler?.watch(slot.slot, slot.transactions, slot.confirmedAt, slot.samples);
    streamSamples.watch(slot.confirmedAt, slot.samples);
  });
  try {
    for (const child of pipelines) {
      child.onReport((report) => {
        recordProgress(progress, report);
        stageTimes.add(report.stages);
      });
    }
    let exhaustedAt: number | null = null;
    chain.onReport((report) => {
      if (report.kind === 'progress') progress.add('chain', { at: report.at, cpuMicros: report.cpuMicros, counts: { slot: report.slot } });
      if (report.kind === 'slot') window.confirmed(report);
      if (report.kind === 'exhausted') exhaustedAt = wallMs();
    });
    bare.onReport((arrival) => window.arrived(arrival.slot, arrival.at));
    await Promise.all(pipelines.map((child) => child.command('open')));
    const { replay } = options;
    let grpcUrl: string;
    let startSlot = 1;
    if (replay === null) {
      ({ grpcUrl } = await chain.command<LiveInfo>('live', {
        seed: options.seed,
        slotMs: options.slotMs,
        tradesPerSlot: options.tradesPerSlot,
        samplesPerSlot: options.samplesPerSlot,
      }));
    } else {
      const request: ReplayRequest = {
        path: replay.capture,
        seed: options.seed,
        transactions: replay.transactions,
        milestones: 0,
        pace: { rate: replay.rate, slotMs: options.slotMs, samplesPerSlot: options.samplesPerSlot },
      };
      const ledger = await chain.command<LedgerInfo>('replay', request);
      const lasts = ledger.transactions / replay.rate;
      if (lasts < options.warmupSeconds + options.seconds + 2) {
        throw new Error(
          `the captured chain holds ${ledger.transactions} transactions: ${lasts.toFixed(0)} s at ${replay.rate} tx/s, ` +
            `short of the ${options.warmupSeconds + options.seconds} s asked for; capture more with --transactions`,
        );
      }
      ({ grpcUrl } = ledger);
      startSlot = ledger.firstSlot;
    }
    const { apiUrl } = await project.command<{ apiUrl: string | null }>('start', { roles: roles.project, grpcUrl, startSlot });
    await bare.command('watch', { url: grpcUrl, request: subscribeRequest(loadConfig({}), startSlot) });
    // Streams open before anything is ingested: every coin then comes as a launch on the platform stream.
    await streams.command('follow', { apiUrl });
    if (decode !== null) await decode.command('start', { roles: roles.decode, grpcUrl, startSlot });
    await ingest.command('start', { roles: roles.ingest, grpcUrl, startSlot });
    if (replay !== null) await chain.command('go');
    const lag = (sampler = new LagSampler(apiUrl!));
    window.open(wallMs() + options.warmupSeconds * 1000, options.seconds);
    log(`  chain live, pipeline following from slot ${startSlot}; warming up ${options.warmupSeconds} s, then sampling for ${options.seconds} s...`);

    let nextLog = window.start + 5_000;
    let olapReset = false;
    let machineAtStart = null as ReturnType<typeof cpuTimes>;
    let machineAtEnd = null as ReturnType<typeof cpuTimes>;
    while (wallMs() < window.end || lag.waiting > 0) {
      const tick = wallMs();
      if (!olapReset && tick >= window.start) {
        olapReset = true;
        machineAtStart = cpuTimes();
        resetProbeStats();
        await Promise.all([project.command('olapTimes'), ingest.command('appendTimes')]);
      }
      if (exhaustedAt !== null && exhaustedAt < window.end) throw new Error('the captured chain ran out inside the measuring window');
      await lag.poll();
      if (machineAtEnd === null && wallMs() >= window.end) machineAtEnd = cpuTimes();
      if (tick >= nextLog && tick < window.end) {
        nextLog += 5_000;
        const elapsed = (tick - window.start) / 1000;
        log(
          `  ${elapsed.toFixed(0).padStart(3)} s: ${lag.lags.length} lag samples, chain ${Math.round(window.transactions / elapsed)} tx/s; ${progressLine(progress)}`,
        );
      }
      await sleep(Math.max(0, tick + options.pollMs - wallMs()));
    }
    machineAtEnd ??= cpuTimes();
    const probes = { requests: probeStats.requests, meanMs: probeStats.totalMs / Math.max(1, probeStats.requests) };
    // A trade given up may still come: whether it did tells a slow route from one that never lists it.
    let missingListedLater = 0;
    for (const trade of lag.givenUp) if ((await visibleTrades(apiUrl!, [trade])).size > 0) missingListedLater++;
    await sleep(300); // the last stage advances arrive with the next progress report
    const olap = await project.command<Record<string, StatementTimes>>('olapTimes');
    const appends = await ingest.command<AppendTimes | null>('appendTimes');
    const arrivals = await streams.command<StreamArrivals>('collect', { signatures: streamSamples.signatures() });
    return {
      lags: lag.lags,
      missing: lag.missing,
      missingListedLater,
      chainRate: window.transactions / options.seconds,
      slots: window.slots,
      windowStart: window.start,
      windowEnd: window.end,
      progress,
      probes,
      parts: lag.parts(stageTimes),
      olap,
      slowest: lag.slowest(stageTimes, 3),
      machine: coresBetween(machineAtStart, machineAtEnd, cpus().length),
      appends,
      slotGaps: window.gaps,
      bare: window.bareSplit(lag.listedSlots()),
      bareAll: window.bareAll(),
      stream: streamSamples.result(arrivals, lag.listedAt, (slot) => window.heldAt(slot)),
    };
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    await eventLog.stop();
  }
}
