// The lag phase's measuring window and what it yields: which confirmed slots fall in it (their trades are
// sampled), the chain's rate and stalls over it, when the bare reader held each slot, and the lag phase's
// result as the report reads it.
import type { SlotConfirmed } from './bench-types.js';
import type { LagPart, SlotListed, SlowSlot } from './lag-samples.js';
import type { StreamLagResult } from './lag-streams.js';
import type { ProgressLog } from './progress-log.js';
import type { AppendTimes } from './timed-log.js';
import type { StatementTimes } from './timed-olap.js';

export interface LagResult {
  /** Lag of each sampled trade, ms. */
  lags: number[];
  /** Sampled trades never seen within the grace period after the window. */
  missing: number;
  /** Of those, listed by the time the window's sampling ended (slow, rather than never listed). */
  missingListedLater: number;
  /** Chain transactions per second over the window. */
  chainRate: number;
  slots: number;
  windowStart: number;
  windowEnd: number;
  progress: ProgressLog;
  /** The probes' own requests to the API and their mean answer time (ms). */
  probes: { requests: number; meanMs: number };
  /** Per sampled slot, ms spent in each part (see LagPart). */
  parts: Record<LagPart, number[]>;
  /** chDB statements during the window (projection writes and API reads share the one session). */
  olap: Record<string, StatementTimes>;
  slowest: SlowSlot[];
  /** The whole machine over the window: cores busy and stolen (null where unknown). */
  machine: { busy: number; steal: number } | null;
  /** Appends to the event log by the ingest process (each one fsync): a slow disk shows here. */
  appends: AppendTimes | null;
  /** Time between consecutive slot confirmations in the window (ms): the chain's own stalls show here. */
  slotGaps: number[];
  /** Per listed slot: confirmed → a bare reader (the subscriber's call and request, nothing behind it) held the whole
   * slot; and from then until the API listed it (the pipeline's own share). */
  bare: { delivered: number[]; pipeline: number[] };
  /** Every slot confirmed in the window, listed or not: how many the bare client held by the end, and when. */
  bareAll: { slots: number; held: number[] };
  /** The same sampled trades at clients of their coins' live streams. */
  stream: StreamLagResult;
}

export class LagWindow {
  start = Number.POSITIVE_INFINITY;
  end = Number.POSITIVE_INFINITY;
  transactions = 0;
  slots = 0;
  readonly gaps: number[] = [];
  private lastConfirmedAt: number | null = null;
  private readonly arrivals = new Map<number, number>();
  private readonly inWindow = new Map<number, number>();

  /** `sample` receives each slot confirmed inside the window. */
  constructor(private readonly sample: (slot: SlotConfirmed) => void) {}

  open(start: number, seconds: number): void {
    this.start = start;
    this.end = start + seconds * 1000;
  }

  confirmed(report: SlotConfirmed): void {
    const previous = this.lastConfirmedAt;
    this.lastConfirmedAt = report.confirmedAt;
    if (report.confirmedAt < this.start || report.confirmedAt >= this.end) return;
    if (previous !== null) this.gaps.push(report.confirmedAt - previous);
    this.transactions += report.transactions;
    this.slots++;
    this.inWindow.set(report.slot, report.confirmedAt);
    this.sample(report);
  }

  /** The bare reader held the whole slot at `at`. */
  arrived(slot: number, at: number): void {
    this.arrivals.set(slot, at);
  }

  /** When the bare reader held `slot` (wall ms), if it did. */
  heldAt(slot: number): number | undefined {
    return this.arrivals.get(slot);
  }

  /** For every slot confirmed in the window: when the bare reader held it (a chain whose delivery stalls shows
   * here even when no trade was listed to split). */
  bareAll(): LagResult['bareAll'] {
    const held: number[] = [];
    for (const [slot, confirmedAt] of this.inWindow) {
      const at = this.arrivals.get(slot);
      if (at !== undefined) held.push(at - confirmedAt);
    }
    return { slots: this.inWindow.size, held };
  }

  /** Split each listed slot's lag at the moment the bare reader held it. */
  bareSplit(listed: readonly SlotListed[]): LagResult['bare'] {
    const out: LagResult['bare'] = { delivered: [], pipeline: [] };
    for (const { slot, confirmedAt, listedAt } of listed) {
      const at = this.arrivals.get(slot);
      if (at === undefined) continue;
      out.delivered.push(at - confirmedAt);
      out.pipeline.push(listedAt - at);
    }
    return out;
  }
}
