// Where a subscriber resumes: read from the raw-tx log's last record. A slot marker makes its slot the
// durable point; a transaction as the last record means its slot was being written when the writer
// stopped (an append that was not atomic), so the slot before it is durable and that slot's
// transactions up to the last one's index are already written. Also: reading the first available
// slot out of a server's OUT_OF_RANGE answer to a replay request.
import { TOPICS, type EventLog } from '../../infra/event-log/event-log.js';
import { parseRawRecord } from '../raw/raw-transaction.js';

export interface ResumePoint {
  /** Last slot fully written (or closed by a gap record); null when nothing was written yet. */
  durableSlot: number | null;
  /** A slot written in part: its transactions with index <= `index` are in the log. */
  partial: { slot: number; index: number } | null;
}

export async function readResumePoint(log: EventLog): Promise<ResumePoint> {
  const last = await log.last(TOPICS.rawTransactions);
  if (!last) return { durableSlot: null, partial: null };
  const record = parseRawRecord(last.value);
  if (record.kind === 'slot') return { durableSlot: record.marker.slot, partial: null };
  return { durableSlot: record.tx.slot - 1, partial: { slot: record.tx.slot, index: record.tx.index } };
}

/** The text of a stream error (the official client puts the gRPC status in `cause`). */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { message?: unknown } }).cause;
  return typeof cause?.message === 'string' ? `${error.message}: ${cause.message}` : error.message;
}

/** The first slot a server can replay, from its OUT_OF_RANGE answer (`... is not available, last
 * available: M`), or null when the error is something else. */
export function firstAvailableSlot(error: unknown): number | null {
  const match = /is not available, last available:\s*(\d+)/.exec(errorText(error));
  return match ? Number(match[1]) : null;
}
