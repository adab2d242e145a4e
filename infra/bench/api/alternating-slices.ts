// Two ways of serving the same requests measured in alternating slices of about 2 s (A then B, then B then A, ...),
// so drift in the machine's load (the bench shares it with the server) falls on both alike; each side gets the same
// seconds in total at the same concurrency, and the server's CPU over each side's slices is charged to that side.
// Used by the "Free allowance" section (plain app against the app as served) and the "MCP tools" section (a route
// against its tool).
import type { RouteRun, RunBudget } from './load-client.js';
import { summarise, type LatencySummary } from './load-client.js';

/** Short enough to alternate often, long enough for the loops to fill. */
const SLICE_SECONDS = 2;

export interface Slicing {
  rounds: number;
  /** One slice's budget: the seconds and request cap of the whole run, shared out over the rounds. */
  slice: RunBudget;
}

export function slicing(budget: RunBudget): Slicing {
  const rounds = Math.max(1, Math.round(budget.seconds / SLICE_SECONDS));
  return { rounds, slice: { ...budget, seconds: budget.seconds / rounds, maxRequests: Math.ceil(budget.maxRequests / rounds) } };
}

export interface SideFigures extends LatencySummary {
  failures: Map<string, number>;
  /** The server's CPU over this side's slices, ms. */
  cpuMs: number;
  /** Requests a second in this side's fastest slice. */
  peakPerSecond: number;
}

/** Runs `rounds` of one slice per side, the sides taking turns at going first; `serverCpuMs` is asked after each
 * slice (so it should be asked once just before, to start from zero). */
export async function alternate<K extends string>(
  sides: readonly [K, K],
  { rounds, slice }: Slicing,
  run: (side: K, slice: RunBudget) => Promise<RouteRun>,
  serverCpuMs: () => Promise<number>,
): Promise<Record<K, SideFigures>> {
  const totals = new Map<K, { latencies: number[]; seconds: number; failures: Map<string, number>; cpuMs: number; peakPerSecond: number }>(
    sides.map((side) => [side, { latencies: [], seconds: 0, failures: new Map(), cpuMs: 0, peakPerSecond: 0 }]),
  );
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? sides : ([sides[1], sides[0]] as const)) {
      const result = await run(side, slice);
      const total = totals.get(side)!;
      total.latencies.push(...result.latencies);
      total.seconds += result.seconds;
      total.cpuMs += await serverCpuMs();
      total.peakPerSecond = Math.max(total.peakPerSecond, result.latencies.length / result.seconds);
      for (const [kind, count] of result.failures) total.failures.set(kind, (total.failures.get(kind) ?? 0) + count);
    }
  }
  const figures = (side: K) => {
    const total = totals.get(side)!;
    return { ...summarise(total), failures: total.failures, cpuMs: total.cpuMs, peakPerSecond: total.peakPerSecond };
  };
  return { [sides[0]]: figures(sides[0]), [sides[1]]: figures(sides[1]) } as Record<K, SideFigures>;
}

/** Server CPU per request in µs, as the tables show it. */
export const cpuMicros = (side: Pick<SideFigures, 'cpuMs' | 'count'>) => (side.count === 0 ? '-' : ((side.cpuMs * 1000) / side.count).toFixed(0));
