// Gap records (topic `ingest-gaps`): slots a reconnect could not recover because the server no longer
// holds them. Written once per hole, keyed by the first slot after it.
import { TOPICS, type EventLog } from '../../infra/event-log/event-log.js';

export interface GapRecord {
  /** Last slot durably written before the hole. */
  lastSlotBefore: number;
  /** First slot the server could replay after it. */
  firstSlotAfter: number;
  /** Slots lost in between. */
  missedSlots: number;
  /** When the subscriber found the hole (ISO time). */
  detectedAt: string;
}

export function gapRecord(lastSlotBefore: number, firstSlotAfter: number, now = new Date()): GapRecord {
  return { lastSlotBefore, firstSlotAfter, missedSlots: firstSlotAfter - lastSlotBefore - 1, detectedAt: now.toISOString() };
}

export async function appendGap(log: EventLog, gap: GapRecord): Promise<void> {
  await log.append(TOPICS.ingestGaps, [{ key: String(gap.firstSlotAfter), value: JSON.stringify(gap) }]);
}
