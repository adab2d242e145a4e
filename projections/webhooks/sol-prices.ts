// The SOL prices the dispatcher has read from the log, for valuing a payout round's pot in lamports at the price in
// force at the round (the last one posted at or before its slot). The latest few are kept, in the operational store
// too, so a round read again after a restart, or read late from another partition, still finds the price before it.
import { z } from 'zod';

const KEPT = 16;

const pricePoints = z.array(z.object({ slot: z.int().min(0), microUsd: z.string().regex(/^\d+$/) }));
type PricePoint = z.infer<typeof pricePoints>[number];

export class SolPrices {
  private points: PricePoint[] = [];
  private changed = false;

  /** The prices as `stored` (JSON text, see takeChanged) had them; none when it is null or not such text. */
  constructor(stored: string | null = null) {
    let parsed: PricePoint[] = [];
    try {
      parsed = stored === null ? [] : pricePoints.parse(JSON.parse(stored));
    } catch {
      parsed = [];
    }
    for (const point of parsed) this.note(point.slot, BigInt(point.microUsd));
    this.changed = false;
  }

  /** A price posted at `slot`. */
  note(slot: number, microUsd: bigint): void {
    const point = { slot, microUsd: microUsd.toString() };
    const at = this.points.findIndex((kept) => kept.slot >= slot);
    if (at === -1) this.points.push(point);
    else if (this.points[at]!.slot === slot) this.points[at] = point;
    else this.points.splice(at, 0, point);
    if (this.points.length > KEPT) this.points.shift();
    this.changed = true;
  }

  /** The price in force at `slot`, or null when none is known at or before it. */
  at(slot: number): bigint | null {
    for (let i = this.points.length - 1; i >= 0; i -= 1) if (this.points[i]!.slot <= slot) return BigInt(this.points[i]!.microUsd);
    return null;
  }

  /** The prices as JSON text to store, when one was noted since the last call; null when none was. */
  takeChanged(): string | null {
    if (!this.changed) return null;
    this.changed = false;
    return JSON.stringify(this.points);
  }
}
