// The dispatcher's schedule: deliveries wait until their try is due, then go out with bounded concurrency, overall and
// per receiver (a URL's origin), taking receivers in turn, so a slow or dead receiver holds up only its own
// deliveries. Time comes from an injected clock; `tick()` moves what is due, so tests advance time without waiting.
import type { DeliveryRow } from './records.js';

export interface QueuedDelivery {
  row: DeliveryRow;
  /** Deliveries to one receiver share its concurrency. */
  receiver: string;
}

export interface QueueOptions {
  maxInFlight: number;
  perReceiver: number;
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

export class DeliveryQueue {
  private readonly waiting = new DueHeap();
  /** Due deliveries per receiver, in the order they became due. */
  private readonly ready = new Map<string, QueuedDelivery[]>();
  private readonly inFlight = new Map<string, number>();
  /** The queued delivery of each id: a delivery queued again replaces the one before. */
  private readonly current = new Map<string, QueuedDelivery>();
  private running = 0;
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
    return this.running;
  }

  /** When the next waiting delivery is due, or null. */
  nextDueAt(): number | null {
    this.dropStale();
    const next = this.waiting.peek();
    return next === undefined ? null : due(next);
  }

  /** Move due deliveries to their receivers' lines and start as many as the limits allow. */
  tick(): void {
    const now = this.options.now();
    for (this.dropStale(); this.waiting.size > 0 && due(this.waiting.peek()!) <= now; this.dropStale()) {
      const delivery = this.waiting.pop()!;
      const line = this.ready.get(delivery.receiver);
      if (line) line.push(delivery);
      else this.ready.set(delivery.receiver, [delivery]);
    }
    this.pump();
  }

  /** Resolves once nothing is in flight and nothing due is waiting for a free slot. */
  async settle(): Promise<void> {
    while (this.running > 0 || this.hasReadyWork()) {
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

  private pump(): void {
    const { maxInFlight, perReceiver } = this.options;
    let started = true;
    while (started && this.running < maxInFlight) {
      started = false;
      for (const [receiver, line] of this.ready) {
        if (this.running >= maxInFlight) break;
        if ((this.inFlight.get(receiver) ?? 0) >= perReceiver) continue;
        let delivery = line.shift();
        while (delivery !== undefined && this.current.get(delivery.row.id) !== delivery) delivery = line.shift();
        if (line.length === 0) this.ready.delete(receiver);
        if (delivery === undefined) continue;
        this.current.delete(delivery.row.id);
        this.start(delivery);
        started = true;
      }
    }
    if (this.running === 0) this.wakeSettled();
  }

  private start(delivery: QueuedDelivery): void {
    this.running += 1;
    this.inFlight.set(delivery.receiver, (this.inFlight.get(delivery.receiver) ?? 0) + 1);
    void this.options.send(delivery).finally(() => {
      this.running -= 1;
      const left = (this.inFlight.get(delivery.receiver) ?? 1) - 1;
      if (left === 0) this.inFlight.delete(delivery.receiver);
      else this.inFlight.set(delivery.receiver, left);
      this.pump();
      this.wakeSettled();
    });
  }

  private wakeSettled(): void {
    for (const wake of this.settled) wake();
    this.settled.clear();
  }
}
