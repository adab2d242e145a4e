// The webhook bench's figures: which expected deliveries arrived exactly once, the latency of each first try, and
// the table with both phases side by side, the target beside the figure it is about, and a line for the README.
import { ms, textTable } from './api/text-table.js';
import { percentile } from './progress-log.js';
import { HOOKS } from './webhook-burst-plan.js';
import type { FinishResult } from './webhooks-bench-types.js';
import type { TransactKind } from './timed-op-store.js';
import type { Arrival } from './webhook-receivers.js';

export const TARGET_P99_MS = 200;

export interface Tally {
  expected: number;
  /** Expected deliveries that arrived exactly once. */
  once: number;
  lost: number;
  /** Expected deliveries that arrived more than once (counted once each). */
  duplicated: number;
  /** Arrivals no webhook was owed. */
  unexpected: number;
  /** The first arrival of each expected delivery. */
  first: Map<string, Arrival>;
}

/** Arrivals against the expected keys (`keyOf` names what each arrival delivered). */
export function tally(arrivals: readonly Arrival[], expected: ReadonlySet<string>, keyOf: (arrival: Arrival) => string): Tally {
  const counts = new Map<string, number>();
  const first = new Map<string, Arrival>();
  let unexpected = 0;
  for (const arrival of arrivals) {
    const key = keyOf(arrival);
    if (!expected.has(key)) {
      unexpected++;
      continue;
    }
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (!first.has(key)) first.set(key, arrival);
  }
  let once = 0;
  let duplicated = 0;
  for (const count of counts.values()) {
    if (count === 1) once++;
    else duplicated++;
  }
  return { expected: expected.size, once, lost: expected.size - counts.size, duplicated, unexpected, first };
}

/** The check `Receivers.until` waits on: every expected key arrived at least once (read incrementally). */
export function allArrived(arrivals: readonly Arrival[], expected: ReadonlySet<string>, keyOf: (arrival: Arrival) => string): () => boolean {
  const seen = new Set<string>();
  let read = 0;
  return () => {
    for (; read < arrivals.length; read++) {
      const key = keyOf(arrivals[read]!);
      if (expected.has(key)) seen.add(key);
    }
    return seen.size >= expected.size;
  };
}

export interface Latencies {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export function latencies(values: readonly number[]): Latencies {
  return { p50: percentile(values, 50), p90: percentile(values, 90), p99: percentile(values, 99), max: values.length === 0 ? Number.NaN : Math.max(...values) };
}

export interface HangingFigures {
  owed: number;
  tries: number;
  cut: number;
  meanCutMs: number;
  seconds: number;
}

export interface PhaseFigures {
  tally: Tally;
  latency: Latencies;
  perSecond: number;
  finish: FinishResult;
  hanging: HangingFigures | null;
}

const int = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en') : '-');
const verdict = (p99: number) => (p99 < TARGET_P99_MS ? 'MET' : 'NOT MET');

function storeText(kind: TransactKind): string {
  if (kind.count === 0) return '-';
  return `${int(kind.count)} × ${(kind.rows / kind.count).toFixed(0)} rows, ${ms(kind.totalMs / kind.count)} ms (max ${ms(kind.maxMs)})`;
}

function cpuText(phase: PhaseFigures): string {
  const { cpuMicros, wallMs } = phase.finish;
  const delivered = phase.tally.once + phase.tally.duplicated;
  return `${(cpuMicros / 1000 / Math.max(1, delivered)).toFixed(2)} (${(cpuMicros / 1000 / wallMs).toFixed(2)} cores busy)`;
}

function storedText(stored: Record<string, number>): string {
  return (
    Object.entries(stored)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([state, count]) => `${int(count)} ${state}`)
      .join(', ') || 'none'
  );
}

export function figuresTable(a: PhaseFigures, b: PhaseFigures | null): string[] {
  const both = (row: (phase: PhaseFigures) => string) => [row(a), b === null ? 'skipped' : row(b)];
  const rows: string[][] = [
    ['healthy deliveries expected', ...both((p) => int(p.tally.expected)), ''],
    ['arrived exactly once', ...both((p) => int(p.tally.once)), 'all'],
    ['lost / duplicated / unexpected (A: warm-up too)', ...both((p) => `${p.tally.lost} / ${p.tally.duplicated} / ${p.tally.unexpected}`), '0 / 0 / 0'],
    ['latency p50 ms', ...both((p) => ms(p.latency.p50)), ''],
    ['latency p90 ms', ...both((p) => ms(p.latency.p90)), ''],
    ['latency p99 ms', ...both((p) => ms(p.latency.p99)), `< ${TARGET_P99_MS} (A): ${verdict(a.latency.p99)}`],
    ['latency max ms', ...both((p) => ms(p.latency.max)), ''],
    ['deliveries per second', ...both((p) => int(p.perSecond)), ''],
    ['process CPU ms per delivery', ...both(cpuText), ''],
    [
      'hanging receiver: tries, cut by the timeout after',
      ...both((p) =>
        p.hanging === null
          ? '-'
          : `${p.hanging.tries} of ${p.hanging.owed} owed in ${p.hanging.seconds.toFixed(1)} s; ${p.hanging.cut} cut at ${(p.hanging.meanCutMs / 1000).toFixed(2)} s`,
      ),
      '',
    ],
    ['store: transactions queueing deliveries', ...both((p) => storeText(p.finish.store.inserts)), ''],
    ['store: transactions recording outcomes', ...both((p) => storeText(p.finish.store.updates)), ''],
    [
      'event log writes',
      ...both((p) =>
        p.finish.log.count === 0 ? '-' : `${int(p.finish.log.count)}, ${ms(p.finish.log.totalMs / p.finish.log.count)} ms (max ${ms(p.finish.log.maxMs)})`,
      ),
      '',
    ],
    ['deliveries in the store at the end', ...both((p) => storedText(p.finish.stored)), ''],
  ];
  return textTable(['figure', 'A. from the event log', 'B. from slot confirmation', 'target'], rows);
}

/** One line for the README. */
export function readmeLine(a: PhaseFigures, b: PhaseFigures | null, events: number, slots: number, receivers: number): string {
  const cpu = a.finish.cpuMicros / 1000 / Math.max(1, a.tally.once);
  const chain =
    b === null ? '' : `; from slot confirmation on the devnet (subscriber, decoding, dispatcher) p50 ${ms(b.latency.p50)} ms, p99 ${ms(b.latency.p99)} ms`;
  return (
    `Webhooks (\`npm run bench:webhooks\`): ${int(events)} launches in ${slots} appends → ${int(a.tally.expected)} deliveries to ${HOOKS - 1} webhooks on ${receivers} local HTTPS receivers, ` +
    `p50 ${ms(a.latency.p50)} ms / p99 ${ms(a.latency.p99)} ms from the event log to the first try (target < ${TARGET_P99_MS} ms), ${int(a.perSecond)} deliveries/s, ` +
    `${cpu.toFixed(2)} ms CPU each, ${a.tally.lost === 0 && a.tally.duplicated === 0 ? 'none lost or repeated' : `${a.tally.lost} lost, ${a.tally.duplicated} repeated`} beside a receiver that never answers${chain}.`
  );
}
