// The lag phase's sampling: slots confirmed in the window wait in order with a few of their trades; each poll
// asks the API about the oldest waiting slot only (trades become visible in log order), one trade until it is
// listed and then the rest, and moves on while slots are all listed. Afterwards each listed slot's lag is split
// at the times the pipeline's stages reached it.
import { wallMs } from './bench-ipc.js';
import type { TradeRef } from './bench-types.js';
import type { StageTimes } from './stage-watch.js';
import { probeGroups, visibleTrades } from './trade-probe.js';

/** Parts of a slot's lag: until its first transaction reached the subscriber, then until in coin-events (all
 * streamed, written to the raw-tx log, decoded), then projected into chDB, then listed by the API. */
export type LagPart = 'seen' | 'decoded' | 'projected' | 'listed';

/** One of the slowest sampled slots, with its lag split into parts (ms). */
export interface SlowSlot {
  slot: number;
  transactions: number;
  lag: number;
  parts: Partial<Record<LagPart, number>>;
}

interface WatchedSlot {
  slot: number;
  transactions: number;
  confirmedAt: number;
  pending: TradeRef[];
}

export interface SlotListed {
  slot: number;
  transactions: number;
  confirmedAt: number;
  listedAt: number;
}

/** A slot waiting longer than this is given up: its trades count as not seen. Long enough for a rate above the sustained
 * one, where the backlog grows over the window, to be measured rather than cut off. */
export const GRACE_MS = 60_000;

export class LagSampler {
  /** Lag of each sampled trade, ms. */
  readonly lags: number[] = [];
  /** When each sampled trade was found listed (wall ms), by signature. */
  readonly listedAt = new Map<string, number>();
  /** The sampled trades given up after GRACE_MS. */
  readonly givenUp: TradeRef[] = [];
  private readonly queue: WatchedSlot[] = [];
  private readonly listed: SlotListed[] = [];

  constructor(private readonly apiUrl: string) {}

  /** How many sampled trades were given up. */
  get missing(): number {
    return this.givenUp.length;
  }

  get waiting(): number {
    return this.queue.length;
  }

  watch(slot: number, transactions: number, confirmedAt: number, samples: readonly TradeRef[]): void {
    if (samples.length > 0) this.queue.push({ slot, transactions, confirmedAt, pending: [...samples] });
  }

  /** One poll: the oldest waiting slot, and the next ones while each is listed in full. */
  async poll(): Promise<void> {
    while (this.queue.length > 0) {
      const head = this.queue[0]!;
      const first = await visibleTrades(this.apiUrl, [head.pending[0]!]);
      const rest = first.size === 0 ? [] : await Promise.all(probeGroups(head.pending.slice(1)).map((group) => visibleTrades(this.apiUrl, group)));
      const at = wallMs();
      if (first.size > 0) this.listed.push({ slot: head.slot, transactions: head.transactions, confirmedAt: head.confirmedAt, listedAt: at });
      const now = new Set([...first, ...rest.flatMap((set) => [...set])]);
      for (const trade of head.pending) {
        if (!now.has(trade.signature)) continue;
        this.lags.push(at - head.confirmedAt);
        this.listedAt.set(trade.signature, at);
      }
      head.pending = head.pending.filter((trade) => !now.has(trade.signature));
      if (head.pending.length > 0 && at - head.confirmedAt <= GRACE_MS) return;
      this.givenUp.push(...head.pending);
      this.queue.shift();
    }
  }

  /** Each listed slot's lag split at the times the stages reached it. */
  parts(times: StageTimes): Record<LagPart, number[]> {
    const parts: Record<LagPart, number[]> = { seen: [], decoded: [], projected: [], listed: [] };
    for (const listed of this.listed) {
      const split = splitLag(listed, times);
      if (split.seen === undefined || split.decoded === undefined || split.projected === undefined || split.listed === undefined) continue;
      parts.seen.push(split.seen);
      parts.decoded.push(split.decoded);
      parts.projected.push(split.projected);
      parts.listed.push(split.listed);
    }
    return parts;
  }

  /** Each listed slot: when it was confirmed and when its first sampled trade was listed. */
  listedSlots(): readonly SlotListed[] {
    return this.listed;
  }

  /** The `count` slots whose first sampled trade took longest to be listed. */
  slowest(times: StageTimes, count: number): SlowSlot[] {
    return [...this.listed]
      .sort((a, b) => b.listedAt - b.confirmedAt - (a.listedAt - a.confirmedAt))
      .slice(0, count)
      .map((listed) => ({ slot: listed.slot, transactions: listed.transactions, lag: listed.listedAt - listed.confirmedAt, parts: splitLag(listed, times) }));
  }
}

function splitLag({ slot, confirmedAt, listedAt }: SlotListed, times: StageTimes): Partial<Record<LagPart, number>> {
  const seen = times.reachedAt('seen', slot);
  const decoded = times.reachedAt('decoded', slot);
  const projected = times.reachedAt('projected', slot);
  const parts: Partial<Record<LagPart, number>> = {};
  if (seen !== null) parts.seen = seen - confirmedAt;
  if (seen !== null && decoded !== null) parts.decoded = decoded - seen;
  if (decoded !== null && projected !== null) parts.projected = projected - decoded;
  if (projected !== null) parts.listed = listedAt - projected;
  return parts;
}
