// Progress of a projection runner, for /readyz: the runner feeds the tracker; snapshot() turns it into plain JSON-friendly figures.
import type { LogRecord } from '../infra/event-log/event-log.js';
import type { Checkpoint } from './runner-state.js';

function slotOf(record: LogRecord): number | null {
  try {
    const slot = (JSON.parse(record.value) as { slot?: unknown }).slot;
    return typeof slot === 'number' ? slot : null;
  } catch {
    return null;
  }
}

export class ProgressTracker {
  state: 'stopped' | 'running' | 'rebuilding' = 'stopped';
  caughtUp = false;
  private checkpoint: Checkpoint | null = null;
  private totals = { recordsHandled: 0, eventsProjected: 0, recordsSkipped: 0 };
  private lastError: string | null = null;

  restore(checkpoint: Checkpoint | null): void {
    this.checkpoint = checkpoint;
    this.caughtUp = false;
  }

  /** The checkpoint a batch ending at `offset` will write: slots only move forward. */
  nextCheckpoint(batchSlot: number | null, offset: bigint): Checkpoint {
    const previous = this.checkpoint;
    return { lastSlot: Math.max(previous?.lastSlot ?? 0, batchSlot ?? 0), lastOffset: offset, seq: (previous?.seq ?? 0) + 1 };
  }

  written(checkpoint: Checkpoint, records: number, projected: number, skipped: number): void {
    this.checkpoint = checkpoint;
    this.totals.recordsHandled += records;
    this.totals.eventsProjected += projected;
    this.totals.recordsSkipped += skipped;
    this.lastError = null;
    this.caughtUp = false;
  }

  failed(error: unknown): void {
    this.lastError = error instanceof Error ? error.message : String(error);
  }

  snapshot(head: LogRecord | null) {
    const checkpoint = this.checkpoint;
    const headSlot = head === null ? null : slotOf(head);
    return {
      state: this.state,
      /** Highest slot whose events are written and committed; null before the first batch of this generation. */
      lastSlot: checkpoint?.lastSlot ?? null,
      /** Offset of the last committed record (single-partition logs: the position in the log). */
      lastOffset: checkpoint?.lastOffset.toString() ?? null,
      /** Offset and slot of the last record in the log; null when empty or not known (multi-partition topics). */
      headOffset: head?.offset.toString() ?? null,
      headSlot,
      /** Records and slots still to project; null when the head is not known. */
      lagRecords: head === null ? null : Math.max(0, Number(head.offset - (checkpoint?.lastOffset ?? -1n))),
      lagSlots: headSlot === null ? null : Math.max(0, headSlot - (checkpoint?.lastSlot ?? 0)),
      /** The latest poll returned nothing new. */
      caughtUp: this.caughtUp,
      ...this.totals,
      /** Message of the last failed batch; cleared by the next successful one. */
      lastError: this.lastError,
    };
  }
}
