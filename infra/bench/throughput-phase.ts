// Phase 1 of the ingest bench: sustained throughput end to end. The chain process pre-generates a ledger at
// max speed (not timed); then the subscriber replays it from its first slot through the whole pipeline while
// the orchestrator watches milestone trades appear through the API's trades route. The figure is the chain
// transactions between the first and the last milestone over the time between their appearance; each
// stage's rate and each process's CPU show where the limit is.
import { cpus } from 'node:os';
import { join } from 'node:path';
import { openBenchEventLog, type BenchLogKind } from './bench-event-log.js';
import { BenchChild, wallMs } from './bench-ipc.js';
import type { ChainReport, LedgerInfo, ReplayRequest } from './bench-types.js';
import { decodingProcess, type PipelineIn, startPipelineProcesses } from './pipeline-processes.js';
import { coresBetween, cpuTimes } from './machine-load.js';
import { ProgressLog } from './progress-log.js';
import { progressLine, recordProgress } from './progress-record.js';
import { readCaptureDescription } from './replay/capture-file.js';
import { checkTruth, type TradeTotals, type TruthCheck } from './replay/market-truth.js';
import type { StatementTimes } from './timed-olap.js';
import { visibleTrades } from './trade-probe.js';

export interface ThroughputOptions {
  workDir: string;
  seed: number;
  transactions: number;
  maxGenerateSeconds: number;
  /** A captured chain replayed from this file (made first when missing), or null for the devnet itself. */
  capture: string | null;
  pipelineIn: PipelineIn;
  /** The event log the pipeline runs on (SQLite by default). */
  eventLog?: BenchLogKind;
  /** Write each process's CPU profile here (see bench-ipc.ts). */
  profileDir?: string;
  log: (line: string) => void;
}

export interface MilestoneSeen {
  cumulative: number;
  seenAt: number;
}

export interface ThroughputResult {
  ledger: LedgerInfo;
  startedAt: number;
  seen: MilestoneSeen[];
  progress: ProgressLog;
  pipelineProcess: string;
  /** chDB statements during the run. */
  olap: Record<string, StatementTimes>;
  /** The whole machine during the run: cores busy and stolen (null where unknown). */
  machine: { busy: number; steal: number } | null;
  /** A replayed run's final state against the captured market's truth. */
  truth: TruthCheck | null;
}

const CHAIN_SCRIPT = new URL('./chain-child.ts', import.meta.url);
const POLL_MS = 100;
const STALL_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runThroughput(options: ThroughputOptions): Promise<ThroughputResult> {
  const { log } = options;
  const progress = new ProgressLog();
  const chain = BenchChild.start<ChainReport>('chain', CHAIN_SCRIPT, {}, options.profileDir);
  const dataDir = join(options.workDir, 'throughput');
  const eventLog = await openBenchEventLog(options.eventLog ?? 'sqlite');
  const { kafkaBrokers } = eventLog;
  const {
    ingest,
    project,
    decode,
    roles,
    all: pipelines,
  } = startPipelineProcesses(options.pipelineIn, { dataDir, kafkaBrokers, profileDir: options.profileDir });
  const children = [chain, ...pipelines];
  try {
    chain.onReport((report) => {
      if (report.kind === 'generating') log(`  generating: ${report.transactions.toLocaleString('en')} transactions in ${report.seconds.toFixed(0)} s`);
      if (report.kind === 'progress') progress.add('chain', { at: report.at, cpuMicros: report.cpuMicros, counts: { slot: report.slot } });
    });
    for (const child of pipelines) child.onReport((report) => recordProgress(progress, report));
    const ledgerRequest = { seed: options.seed, transactions: options.transactions, maxSeconds: options.maxGenerateSeconds, milestones: 20 };
    const replay: ReplayRequest | null =
      options.capture === null ? null : { path: options.capture, seed: options.seed, transactions: options.transactions, milestones: 20, pace: null };
    const [ledger] = await Promise.all([
      replay === null ? chain.command<LedgerInfo>('ledger', ledgerRequest) : chain.command<LedgerInfo>('replay', replay),
      ...pipelines.map((child) => child.command('open')),
    ]);
    const rate = Math.round(ledger.transactions / ledger.seconds);
    const count = ledger.transactions.toLocaleString('en');
    log(
      replay === null
        ? `  ledger: ${count} transactions in slots ${ledger.firstSlot}..${ledger.lastSlot}, generated in ${ledger.seconds.toFixed(1)} s (${rate} tx/s, not timed)`
        : `  captured chain: ${count} transactions in slots ${ledger.firstSlot}..${ledger.lastSlot}, served as captured`,
    );

    const { apiUrl } = await project.command<{ apiUrl: string | null }>('start', {
      roles: roles.project,
      grpcUrl: ledger.grpcUrl,
      startSlot: ledger.firstSlot,
    });
    if (decode !== null) await decode.command('start', { roles: roles.decode, grpcUrl: ledger.grpcUrl, startSlot: ledger.firstSlot });
    await project.command('olapTimes');
    const machineAtStart = cpuTimes();
    const startedAt = wallMs();
    await ingest.command('start', { roles: roles.ingest, grpcUrl: ledger.grpcUrl, startSlot: ledger.firstSlot });
    log(`  replaying from slot ${ledger.firstSlot} through the pipeline...`);

    const seen = await watchMilestones(apiUrl!, ledger, startedAt, progress, log);
    const machine = coresBetween(machineAtStart, cpuTimes(), cpus().length);
    await waitForStages(progress, ledger, decodingProcess(options.pipelineIn));
    const olap = await project.command<Record<string, StatementTimes>>('olapTimes');
    let truth: TruthCheck | null = null;
    if (replay !== null) {
      log('  checking the final state against the captured market...');
      const rows = await project.command<(TradeTotals & { mint: string })[]>('tradeTotals');
      truth = await checkTruth(apiUrl!, readCaptureDescription(replay.path).truth, new Map(rows.map(({ mint, ...totals }) => [mint, totals])));
    }
    return { ledger, startedAt, seen, progress, pipelineProcess: decodingProcess(options.pipelineIn), olap, machine, truth };
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    await eventLog.stop();
  }
}

/** Poll the next unseen milestone until the last one is visible. */
async function watchMilestones(
  apiUrl: string,
  ledger: LedgerInfo,
  startedAt: number,
  progress: ProgressLog,
  log: (line: string) => void,
): Promise<MilestoneSeen[]> {
  const seen: MilestoneSeen[] = [];
  let lastChange = wallMs();
  let nextLog = wallMs() + 2_000;
  while (seen.length < ledger.milestones.length) {
    const milestone = ledger.milestones[seen.length]!;
    const visible = await visibleTrades(apiUrl, [milestone.trade]);
    const now = wallMs();
    if (visible.size > 0) {
      seen.push({ cumulative: milestone.cumulative, seenAt: now });
      lastChange = now;
      continue;
    }
    if (now - lastChange > STALL_MS)
      throw new Error(`no milestone trade became visible for ${STALL_MS / 1000} s (${seen.length}/${ledger.milestones.length} seen)`);
    if (now >= nextLog) {
      nextLog += 2_000;
      const visibleTx = seen[seen.length - 1]?.cumulative ?? 0;
      log(`  ${((now - startedAt) / 1000).toFixed(0).padStart(3)} s: ${progressLine(progress)}; visible in API ≥ ${visibleTx.toLocaleString('en')} tx`);
    }
    await sleep(POLL_MS);
  }
  return seen;
}

/** After the last trade is visible, let every stage report its final count (a few report periods at most). */
async function waitForStages(progress: ProgressLog, ledger: LedgerInfo, decoder: string): Promise<void> {
  const deadline = wallMs() + 5_000;
  while (wallMs() < deadline) {
    const decoded = progress.last(decoder, 'decodedSlot') >= ledger.lastSlot;
    const projected = progress.last('project', 'projectedEvents') >= progress.last(decoder, 'decodedEvents');
    if (progress.last('ingest', 'durableSlot') >= ledger.lastSlot && decoded && projected) return;
    await sleep(100);
  }
}
