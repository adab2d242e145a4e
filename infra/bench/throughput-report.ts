// The throughput phase's figures as text: the sustained rate end to end, each stage's rate, the largest
// backlogs (where work piled up), and each process's CPU per transaction with the rate that cost allows.
import type { ProgressLog } from './progress-log.js';
import { cpuByProcess, int, machineText, olapLine, seconds, type MachineLoad } from './report-format.js';
import type { ThroughputResult } from './throughput-phase.js';

export interface ThroughputFigures {
  sustained: number;
  /** Ingest and projections together (the chain left out), CPU µs per chain transaction. */
  productMicros: number;
  lines: string[];
}

export function throughputFigures(result: ThroughputResult, cores: number): ThroughputFigures {
  const { ledger, seen, startedAt, progress } = result;
  const first = seen[0]!;
  const last = seen[seen.length - 1]!;
  const sustained = (last.cumulative - first.cumulative) / ((last.seenAt - first.seenAt) / 1000);
  const overall = ledger.transactions / ((last.seenAt - startedAt) / 1000);
  const decoder = result.pipelineProcess;
  const events = progress.last(decoder, 'decodedEvents');
  const stage = (label: string, process: string, done: [string, number], count: string, unit: string, extra = '') => {
    const doneAt = progress.reached(process, done[0], done[1]);
    const total = progress.last(process, count);
    if (doneAt === null) return `    ${label.padEnd(18)} ${int(total)} ${unit} (did not finish)`;
    const rate = total / ((doneAt - startedAt) / 1000);
    return `    ${label.padEnd(18)} ${int(total).padStart(9)} ${unit.padEnd(6)} ${int(rate).padStart(7)} ${unit}/s${extra}, done at ${seconds(doneAt - startedAt)}`;
  };
  const perTx = events / Math.max(1, progress.last(decoder, 'decodedTx'));
  const projectedAt = progress.reached('project', 'projectedEvents', events);
  const projectedTx = projectedAt === null ? '' : ` (${int(ledger.transactions / ((projectedAt - startedAt) / 1000))} chain tx/s)`;
  const used = cpuByProcess(progress, startedAt, last.seenAt);
  const productMicros = ((['ingest', 'decode', 'project'] as const).reduce((sum, process) => sum + (used.get(process) ?? 0), 0) * 1e6) / overall;
  const lines = [
    `  ledger: ${int(ledger.transactions)} chain transactions (${int(ledger.succeeded)} succeeded; the subscriber asks for failed: false) ` +
      `in slots ${ledger.firstSlot}..${ledger.lastSlot}`,
    `  sustained end to end, API-visible (milestone at ${int(first.cumulative)} tx → last trade): ${int(sustained)} tx/s`,
    `  whole run with start-up (subscribe → last trade listed, ${seconds(last.seenAt - startedAt)}): ${int(overall)} tx/s`,
    `  stages, each from the start of the run to its last item:`,
    stage('subscriber wrote', 'ingest', ['durableSlot', ledger.lastSlot], 'written', 'tx'),
    stage('pipeline decoded', decoder, ['decodedSlot', ledger.lastSlot], 'decodedTx', 'tx', ` (${int(events)} events, ${perTx.toFixed(2)} per tx)`),
    stage('projections wrote', 'project', ['projectedEvents', events], 'projectedEvents', 'events', projectedTx),
    `  largest backlog: before decoding ${int(progress.maxBacklog(['ingest', 'written'], [decoder, 'decodedTx']))} tx; ` +
      `before projections ${int(progress.maxBacklog([decoder, 'decodedEvents'], ['project', 'projectedEvents']))} events`,
    ...cpuPerTransaction(progress, startedAt, last.seenAt, overall, cores, result.machine),
    `  ingest + projections: ${int(productMicros)} µs CPU per chain transaction`,
    olapLine(result.olap),
    ...truthLines(result),
  ];
  return { sustained, productMicros, lines };
}

/** Each process's CPU over the run, in cores and in µs per chain transaction, and the rate that CPU cost per
 * transaction allows on this machine's cores (with and without the chain on them). */
function cpuPerTransaction(progress: ProgressLog, from: number, to: number, rate: number, cores: number, machine: MachineLoad | null): string[] {
  const used = cpuByProcess(progress, from, to);
  const micros = (value: number) => (value * 1e6) / rate;
  const total = [...used.values()].reduce((sum, value) => sum + value, 0);
  const pipeline = total - (used.get('chain') ?? 0);
  const parts = [...used].map(([process, value]) => `${process} ${value.toFixed(2)} (${int(micros(value))} µs)`);
  return [
    `  CPU during the run, cores (µs per chain transaction): ${parts.join(', ')}; ` +
      `total ${total.toFixed(2)} of ${cores} (${int(micros(total))} µs)${machineText(machine, total)}`,
    `  at that cost ${cores} cores allow about ${int((cores * 1e6) / micros(total))} tx/s; ` +
      `the pipeline alone (chain elsewhere) about ${int((cores * 1e6) / micros(pipeline))} tx/s`,
  ];
}

function truthLines({ truth }: ThroughputResult): string[] {
  if (truth === null) return [];
  const head =
    `  final state against the captured market's truth (${int(truth.coins)} coins, ${int(truth.trades)} trades; ` +
    `trades table totals, candles at every interval, holder counts): `;
  if (truth.differences.length === 0) return [`${head}equal`];
  return [`${head}DIFFERENT`, ...truth.differences.map((line) => `    ${line}`)];
}
