// One batch of log records through the projectors: decode each record, hand each projector the events it
// handles, collect rows by table; once those are written, the derived rows of the projectors that read the store.
// Records are trusted on the fast path (the decoders validated each event before appending it; a full zod parse
// costs ~65 µs an event); when a projector throws, the batch is validated in full, records that fail are set aside
// as skipped, and the rest projected again.
import type { LogRecord } from '../infra/event-log/event-log.js';
import type { Olap } from '../infra/olap/olap.js';
import { isEventType, safeParseEvent, type Event } from '../schemas/events/index.js';
import type { LoggedEvent, ProjectedRows, Projector } from './projector.js';

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
  events: LoggedEvent[];
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

/** The events of `records` (trusted, as the runner's fast path takes them), records that are none left out. */
export function decodeRecords(records: readonly LogRecord[]): LoggedEvent[] {
  return decode(records, false, []);
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

const eventsOf = (projector: Projector, events: readonly LoggedEvent[]) => events.filter((logged) => projector.canHandle.includes(logged.event.type));

function collect(rows: Map<string, Record<string, unknown>[]>, projected: ProjectedRows): void {
  for (const [table, tableRows] of Object.entries(projected)) {
    if (tableRows.length === 0) continue;
    const into = rows.get(table);
    if (into === undefined) rows.set(table, [...tableRows]);
    else for (const row of tableRows) into.push(row);
  }
}

/** `events` through `projectors`: their rows by table (the derived rows apart). */
export function projectEvents(events: readonly LoggedEvent[], projectors: readonly Projector[]): Omit<ProjectedBatch, 'skipped'> {
  const rows = new Map<string, Record<string, unknown>[]>();
  const handled = new Set<LoggedEvent>();
  let lastSlot: number | null = null;
  for (const logged of events) lastSlot = lastSlot === null || logged.event.slot > lastSlot ? logged.event.slot : lastSlot;
  for (const projector of projectors) {
    const mine = eventsOf(projector, events);
    if (mine.length === 0) continue;
    for (const logged of mine) handled.add(logged);
    collect(rows, projector.handle(mine));
  }
  return { rows, projected: handled.size, lastSlot, events: [...events] };
}

/** The derived rows of `events` (written already with every projector's rows), by table. */
export async function deriveBatch(
  events: readonly LoggedEvent[],
  projectors: readonly Projector[],
  olap: Olap,
): Promise<Map<string, Record<string, unknown>[]>> {
  const rows = new Map<string, Record<string, unknown>[]>();
  for (const projector of projectors) {
    const mine = projector.derive === undefined ? [] : eventsOf(projector, events);
    if (mine.length > 0) collect(rows, await projector.derive!(mine, olap));
  }
  return rows;
}

/** Writes `events` through `projectors` as the runner does, without a log: every projector's rows, then the derived
 * rows. For loaders and tests that seed a store with events. */
export async function writeEvents(olap: Olap, events: readonly LoggedEvent[], projectors: readonly Projector[]): Promise<void> {
  for (const [table, rows] of projectEvents(events, projectors).rows) await olap.insert(table, rows);
  for (const [table, rows] of await deriveBatch(events, projectors, olap)) await olap.insert(table, rows);
}

export function projectBatch(records: readonly LogRecord[], projectors: readonly Projector[]): ProjectedBatch {
  const skipped: SkippedRecord[] = [];
  try {
    return { ...projectEvents(decode(records, false, skipped), projectors), skipped };
  } catch {
    const strictSkipped: SkippedRecord[] = [];
    return { ...projectEvents(decode(records, true, strictSkipped), projectors), skipped: strictSkipped };
  }
}
