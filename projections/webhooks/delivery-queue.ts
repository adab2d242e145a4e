// The dispatcher's schedule: deliveries wait until their try is due, then go out with bounded concurrency, overall and
// per receiver (a URL's origin), taking receivers in turn. A slow or dead receiver holds up only its own deliveries:
// a try still unanswered after `SLOW_AFTER_MS` moves its receiver to the slow lane, which has slots of its own,
// until one of its tries is answered quickly again; so however many receivers stall,
// the fast lane stays free for those that answer; receivers that answered quickly go first in it. Time comes from an
// injected clock; `tick()` moves what is due and what has become slow, so tests advance time without waiting.
import type { DeliveryRow } from './records.js';

export interface QueuedDelivery {
  row: DeliveryRow;
  /** Deliveries to one receiver share its concurrency. */
  receiver: string;
}

/** A try unanswered this long marks its receiver slow (well within the 5-second reply timeout). */
export const SLOW_AFTER_MS = 1_000;

export interface QueueOptions {
  /** Tries in flight at once in the fast lane. */
  maxInFlight: number;
  /** Tries in flight at once to one receiver, in either lane. */
  perReceiver: number;
  /** Tries in flight at once to receivers that are slow. */
  slowInFlight: number;
  now: () => number;
  /** Makes one try; resolves when its outcome is recorded (never rejects). */
  send: (delivery: QueuedDelivery) => Promise<void>;
}

interface Waiting {
  delivery: QueuedDelivery;
  /** Order of queueing: deliveries due at the same moment go out in the order they were queued (log order). */
  seq: number;
}

function before(a: Waiting, b: Waiting): boolean {
  const dueA = a.delivery.row.nextAttemptAt ?? 0;
  const dueB = b.delivery.row.nextAttemptAt ?? 0;
  return dueA < dueB || (dueA === dueB && a.seq < b.seq);
}

/** A min-heap of deliveries by their next try. */
class DueHeap {
  private readonly items: Waiting[] = [];
  private seq = 0;

  get size(): number {
    return this.items.length;
  }

  peek(): QueuedDelivery | undefined {
    return this.items[0]?.delivery;
  }

  push(delivery: QueuedDelivery): void {
    const items = this.items;
    items.push({ delivery, seq: this.seq++ });
    for (let i = items.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!before(items[i]!, items[parent]!)) break;
      [items[parent], items[i]] = [items[i]!, items[parent]!];
      i = parent;
    }
  }

  pop(): QueuedDelivery | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < items.length && before(items[left]!, items[least]!)) least = left;
        if (right < items.length && before(items[right]!, items[least]!)) least = right;
        if (least === i) break;
        [items[least], items[i]] = [items[i]!, items[least]!];
        i = least;
      }
    }
    return top?.delivery;
  }
}

function due(item: QueuedDelivery): number {
  return item.row.nextAttemptAt ?? 0;
}

/** How a receiver last answered: quickly (first in the fast lane), or not within SLOW_AFTER_MS (slow lane). Receivers
 * not heard from yet take the fast lane after those that answered quickly. */
type Standing = 'quick' | 'slow';

interface Flight {
  receiver: string;
  startedAt: number;
  lane: 'fast' | 'slow';
}

export class DeliveryQueue {
  private readonly waiting = new DueHeap();
  /** Due deliveries per receiver, in the order they became due; a receiver served goes to the back. */
  private readonly ready = new Map<string, QueuedDelivery[]>();
  private readonly flights = new Set<Flight>();
  private readonly inFlight = new Map<string, number>();
  private readonly running = { fast: 0, slow: 0 };
  private readonly standing = new Map<string, Standing>();
  /** The queued delivery of each id: a delivery queued again replaces the one before. */
  private readonly current = new Map<string, QueuedDelivery>();
  private readonly settled = new Set<() => void>();

  constructor(private readonly options: QueueOptions) {}

  /** Queue a pending delivery for its `nextAttemptAt` (now when null). */
  add(delivery: QueuedDelivery): void {
    this.current.set(delivery.row.id, delivery);
    this.waiting.push(delivery);
  }

  /** Forget the queued deliveries `drop` picks; returns them. One in flight finishes. */
  remove(drop: (row: DeliveryRow) => boolean): DeliveryRow[] {
    const removed: DeliveryRow[] = [];
    for (const [id, delivery] of this.current) {
      if (!drop(delivery.row)) continue;
      this.current.delete(id);
      removed.push(delivery.row);
    }
    return removed;
  }

  /** Deliveries queued and not in flight. */
  get queued(): number {
    return this.current.size;
  }

  get inFlightCount(): number {
    return this.flights.size;
  }

  /** When the next waiting delivery is due, or null. */
  nextDueAt(): number | null {
    this.dropStale();
    const next = this.waiting.peek();
    return next === undefined ? null : due(next);
  }

  /** Move due deliveries to their receivers' lines, tries unanswered too long to the slow lane, and start as many as
   * the limits allow. */
  tick(): void {
    const now = this.options.now();
    for (this.dropStale(); this.waiting.size > 0 && due(this.waiting.peek()!) <= now; this.dropStale()) {
      const delivery = this.waiting.pop()!;
      const line = this.ready.get(delivery.receiver);
      if (line) line.push(delivery);
      else this.ready.set(delivery.receiver, [delivery]);
    }
    for (const flight of this.flights) {
      if (flight.lane === 'slow' || now - flight.startedAt < SLOW_AFTER_MS) continue;
      flight.lane = 'slow';
      this.running.fast -= 1;
      this.running.slow += 1;
      this.standing.set(flight.receiver, 'slow');
    }
    this.pump();
  }

  /** Resolves once nothing is in flight and nothing due is waiting for a free slot. */
  async settle(): Promise<void> {
    while (this.flights.size > 0 || this.hasReadyWork()) {
      await new Promise<void>((resolve) => this.settled.add(resolve));
    }
  }

  private hasReadyWork(): boolean {
    for (const line of this.ready.values()) if (line.some((d) => this.current.get(d.row.id) === d)) return true;
    return false;
  }

  private dropStale(): void {
    for (let top = this.waiting.peek(); top !== undefined && this.current.get(top.row.id) !== top; top = this.waiting.peek()) this.waiting.pop();
  }

  /** The lane a receiver's next try would take, or null when that lane (or the receiver's share of it) is full. */
  private laneFor(receiver: string): Flight['lane'] | null {
    if ((this.inFlight.get(receiver) ?? 0) >= this.options.perReceiver) return null;
    if (this.standing.get(receiver) === 'slow') return this.running.slow < this.options.slowInFlight ? 'slow' : null;
    return this.running.fast < this.options.maxInFlight ? 'fast' : null;
  }

  /** Starts what the lanes allow, receivers in turn: those that answered quickly first, then the rest. */
  private pump(): void {
    for (const quickOnly of [true, false]) {
      for (const [receiver, line] of this.ready) {
        if (quickOnly && this.standing.get(receiver) !== 'quick') continue;
        const lane = this.laneFor(receiver);
        if (lane === null) continue;
        let delivery = line.shift();
        while (delivery !== undefined && this.current.get(delivery.row.id) !== delivery) delivery = line.shift();
        // To the back of the turn (a Map visits a key set again after the others).
        this.ready.delete(receiver);
        if (line.length > 0) this.ready.set(receiver, line);
        if (delivery === undefined) continue;
        this.current.delete(delivery.row.id);
        this.start(delivery, lane);
      }
    }
    if (this.flights.size === 0) this.wakeSettled();
  }

  private start(delivery: QueuedDelivery, lane: Flight['lane']): void {
    const flight: Flight = { receiver: delivery.receiver, startedAt: this.options.now(), lane };
    this.flights.add(flight);
    this.running[lane] += 1;
    this.inFlight.set(flight.receiver, (this.inFlight.get(flight.receiver) ?? 0) + 1);
    void this.options.send(delivery).finally(() => {
      this.flights.delete(flight);
      this.running[flight.lane] -= 1;
      const left = (this.inFlight.get(flight.receiver) ?? 1) - 1;
      if (left === 0) this.inFlight.delete(flight.receiver);
      else this.inFlight.set(flight.receiver, left);
      if (this.options.now() - flight.startedAt < SLOW_AFTER_MS) this.standing.set(flight.receiver, 'quick');
      this.pump();
      this.wakeSettled();
    });
  }

  private wakeSettled(): void {
    for (const wake of this.settled) wake();
    this.settled.clear();
  }
}
