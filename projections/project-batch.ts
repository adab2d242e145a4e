// One batch of log records through the projectors: decode each record, hand each projector the events it
// handles, collect rows by table. Records are trusted on the fast path (the decoders validated each event
// before appending it; a full zod parse costs ~65 µs an event); when a projector throws, the batch is
// validated in full, records that fail are set aside as skipped, and the rest projected again.
import type { LogRecord } from '../infra/event-log/event-log.js';
import { isEventType, safeParseEvent, type Event } from '../schemas/events/index.js';
import type { LoggedEvent, Projector } from './projector.js';

export interface SkippedRecord {
  offset: bigint;
  partition: number;
  reason: string;
}

export interface ProjectedBatch {
  rows: Map<string, Record<string, unknown>[]>;
  /** Events handed to at least one projector. */
  projected: number;
  skipped: SkippedRecord[];
  /** Highest slot among the batch's events; null when it held none. */
  lastSlot: number | null;
  /** The batch's events in log order (records set aside as skipped left out). */
  events: Event[];
}

function looksLikeEvent(value: unknown): value is Event {
  if (typeof value !== 'object' || value === null) return false;
  const { type, id, slot, blockTime, data } = value as Record<string, unknown>;
  return (
    typeof type === 'string' &&
    isEventType(type) &&
    typeof id === 'string' &&
    Number.isSafeInteger(slot) &&
    Number.isSafeInteger(blockTime) &&
    typeof data === 'object' &&
    data !== null
  );
}

function decode(records: readonly LogRecord[], strict: boolean, skipped: SkippedRecord[]): LoggedEvent[] {
  const events: LoggedEvent[] = [];
  for (const record of records) {
    const skip = (reason: string) => skipped.push({ offset: record.offset, partition: record.partition, reason });
    let value: unknown;
    try {
      value = JSON.parse(record.value);
    } catch {
      skip('not JSON');
      continue;
    }
    if (strict) {
      const parsed = safeParseEvent(value);
      if (parsed.success) events.push({ event: parsed.data, offset: record.offset });
      else skip(parsed.error.message);
    } else if (looksLikeEvent(value)) {
      events.push({ event: value, offset: record.offset });
    } else {
      skip('not an event of a known type');
    }
  }
  return events;
}

function project(events: readonly LoggedEvent[], projectors: readonly Projector[]): Omit<ProjectedBatch, 'skipped'> {
  const rows = new Map<string, Record<string, unknown>[]>();
  const handled = new Set<LoggedEvent>();
  let lastSlot: number | null = null;
  for (const logged of events) lastSlot = lastSlot === null || logged.event.slot > lastSlot ? logged.event.slot : lastSlot;
  for (const projector of projectors) {
    const types = new Set<string>(projector.canHandle);
    const mine = events.filter((logged) => types.has(logged.event.type));
    if (mine.length === 0) continue;
    for (const logged of mine) handled.add(logged);
    for (const [table, tableRows] of Object.entries(projector.handle(mine))) {
      if (tableRows.length === 0) continue;
      const into = rows.get(table);
      if (into === undefined) rows.set(table, [...tableRows]);
      else for (const row of tableRows) into.push(row);
    }
  }
  return { rows, projected: handled.size, lastSlot, events: events.map((logged) => logged.event) };
}

export function projectBatch(records: readonly LogRecord[], projectors: readonly Projector[]): ProjectedBatch {
  const skipped: SkippedRecord[] = [];
  try {
    return { ...project(decode(records, false, skipped), projectors), skipped };
  } catch {
    const strictSkipped: SkippedRecord[] = [];
    return { ...project(decode(records, true, strictSkipped), projectors), skipped: strictSkipped };
  }
}
