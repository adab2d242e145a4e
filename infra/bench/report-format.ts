// Shared pieces of the ingest bench's report: number formats, the targets said plainly met or not, the CPU
// each process used, and how long the analytics store's statements took.
import type { ProgressLog } from './progress-log.js';
import type { AppendTimes } from './timed-log.js';
import type { StatementTimes } from './timed-olap.js';

/** Sustained chain transactions a second end to end, by event log. */
export const TARGET_TX_PER_SECOND = { sqlite: 5_000, kafka: 3_000 } as const;
/** Ingest and projections together, CPU µs per chain transaction. */
export const TARGET_PRODUCT_MICROS = 300;
/** Slot confirmed → the trade at a live-stream client, p99 at 1,000 tx/s. */
export const TARGET_STREAM_P99_MS = 250;
export const PROCESSES = ['chain', 'ingest', 'decode', 'project'] as const;

export const int = (value: number): string => (Number.isFinite(value) ? Math.round(value).toLocaleString('en') : '?');
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const verdict = (met: boolean) => (met ? 'MET' : 'NOT MET');

export function targetLines(
  log: keyof typeof TARGET_TX_PER_SECOND,
  throughput: { sustained: number; productMicros: number } | null,
  lags: readonly { rate: number; streamP99: number }[],
): string[] {
  const lines: string[] = [];
  if (throughput !== null) {
    const rate = TARGET_TX_PER_SECOND[log];
    lines.push(`  sustained throughput ≥ ${int(rate)} tx/s on ${log}: ${verdict(throughput.sustained >= rate)} (measured ${int(throughput.sustained)} tx/s)`);
    lines.push(
      `  ingest + projections ≤ ${TARGET_PRODUCT_MICROS} µs CPU per chain transaction: ${verdict(throughput.productMicros <= TARGET_PRODUCT_MICROS)} ` +
        `(measured ${int(throughput.productMicros)} µs)`,
    );
  }
  for (const { rate, streamP99 } of lags) {
    const target = rate === 1_000 ? `: ${verdict(streamP99 <= TARGET_STREAM_P99_MS)}` : ' (no target at this rate)';
    lines.push(`  lag p99 to a stream client ≤ ${TARGET_STREAM_P99_MS} ms at ${int(rate)} tx/s${target} (measured ${int(streamP99)} ms)`);
  }
  return lines;
}

/** Cores' worth of CPU each process used in a window. */
export function cpuByProcess(progress: ProgressLog, from: number, to: number): Map<string, number> {
  const used = new Map<string, number>();
  for (const process of PROCESSES) {
    const cores = progress.cpuCores(process, from, to);
    if (cores !== null) used.set(process, cores);
  }
  return used;
}

export interface MachineLoad {
  busy: number;
  steal: number;
}

export function cpuLine(progress: ProgressLog, from: number, to: number, machine: MachineLoad | null): string {
  const used = cpuByProcess(progress, from, to);
  const total = [...used.values()].reduce((sum, cores) => sum + cores, 0);
  return `  CPU in cores: ${[...used].map(([process, cores]) => `${process} ${cores.toFixed(2)}`).join(', ')}; total ${total.toFixed(2)}${machineText(machine, total)}`;
}

const MIB = 1024 * 1024;

/** Each pipeline process's resident memory over [from, to]: at the start, every `everyMs`, and at the end (MiB),
 * with the change over the whole span. */
export function memoryLine(progress: ProgressLog, from: number, to: number, everyMs: number): string {
  const times: number[] = [];
  for (let at = from; at < to; at += everyMs) times.push(at);
  times.push(to);
  const perProcess = progress.processes().flatMap((process) => {
    const values = times.map((at) => progress.valueAt(process, 'rssBytes', at));
    if (values.some((value) => value === null)) return [];
    const mib = (values as number[]).map((value) => value / MIB);
    const change = mib.at(-1)! - mib[0]!;
    return [`${process} ${mib.map((value) => value.toFixed(0)).join(' → ')} (${change >= 0 ? '+' : ''}${change.toFixed(0)})`];
  });
  return `  resident memory, MiB, at the window's start, every ${everyMs / 1000} s and at its end (${((to - from) / 1000).toFixed(0)} s): ${perProcess.join('; ')}`;
}

/** The whole machine beside the bench's processes: what else ran, and what the hypervisor took. */
export function machineText(machine: MachineLoad | null, ours: number): string {
  if (machine === null) return '';
  return `; whole machine ${machine.busy.toFixed(2)} busy (others ~${Math.max(0, machine.busy - ours).toFixed(2)}), ${machine.steal.toFixed(2)} stolen`;
}

/** chDB time by statement kind: inserts (all tables together, and the slowest table), reads (and the three taking most). */
export function olapLine(times: Record<string, StatementTimes>): string {
  const entries = Object.entries(times);
  const inserts = entries.filter(([kind]) => kind.startsWith('insert '));
  const sum = (list: [string, StatementTimes][]) =>
    list.reduce((total, [, t]) => ({ count: total.count + t.count, totalMs: total.totalMs + t.totalMs }), { count: 0, totalMs: 0 });
  const all = sum(inserts);
  const queries = entries.filter(([kind]) => kind.startsWith('query '));
  const reads = sum(queries);
  const costliest = queries.sort((a, b) => b[1].totalMs - a[1].totalMs).slice(0, 3);
  const slowest = inserts.sort((a, b) => b[1].totalMs / b[1].count - a[1].totalMs / a[1].count)[0];
  const mean = (t: { count: number; totalMs: number }) => (t.count === 0 ? 0 : t.totalMs / t.count).toFixed(1);
  const slowestText = slowest ? ` (slowest table ${slowest[0].slice('insert '.length)} ${mean(slowest[1])} ms, max ${int(slowest[1].maxMs)} ms)` : '';
  return (
    `  chDB, one statement at a time (projection writes and API reads queue behind each other): ` +
    `${int(all.count)} inserts, ${mean(all)} ms each${slowestText}, ${int(all.totalMs)} ms in all; ` +
    `${int(reads.count)} reads, ${mean(reads)} ms each, ${int(reads.totalMs)} ms in all` +
    costliest.map(([kind, t]) => `\n    ${int(t.count)} × ${mean(t)} ms: ${kind.slice('query '.length)}…`).join('')
  );
}

/** The ingest process's appends to the event log: each is one durable write. */
export function appendLine(times: AppendTimes | null): string {
  if (times === null || times.count === 0) return '  event log writes by ingest: none';
  const mean = (times.totalMs / times.count).toFixed(1);
  return `  event log writes by ingest (appends, batch writes, commits; one fsync each): ${int(times.count)}, ${mean} ms each, max ${int(times.maxMs)} ms, ${times.slow} over 100 ms`;
}
