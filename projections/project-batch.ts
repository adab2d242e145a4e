// One batch of log records through the projectors: decode each record, hand each projector the events it
// handles, collect rows by table; once those are written, the derived rows of the projectors that read the store.
// Records are trusted on the fast path (the decoders validated each event before appending it, and a full zod parse
// of every event would dominate the batch); when a projector throws, the batch is validated in full, records that
// fail are set aside as skipped, and the rest projected again.
import type { LogRecord } from '../infra/event-log/event-log.js';
import type { Olap } from '../infra/olap/olap.js';
import { isEventType, safeParseEvent, type Event } from '../schemas/events/index.js';
import type { LoggedEvent, ProjectedRows, Projector } from './projector.js';

type RowsByTable = ReadonlyMap<string, readonly Record<string, unknown>[]>;

/** A log record that holds no event, and why. */
export type SkippedRecord = Pick<LogRecord, 'offset' | 'partition'> & { reason: string };

export interface ProjectedBatch {
  rows: RowsByTable;
  /** Events handed to at least one projector. */
  projected: number;
  skipped: SkippedRecord[];
  /** Highest slot among the batch's events; null when it held none. */
  lastSlot: number | null;
  /** The batch's events in log order (records set aside as skipped left out). */
  events: readonly LoggedEvent[];
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

/** The event `text` holds, or why it holds none: trusted as the runner's fast path takes it, or validated in full. */
function decodeValue(text: string, strict: boolean): Event | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  if (!strict) return looksLikeEvent(value) ? value : 'not an event of a known type';
  const parsed = safeParseEvent(value);
  return parsed.success ? parsed.data : parsed.error.message;
}

/** The events of `records`, records that are none left out (and set aside in `skipped` with the reason). */
export function decodeRecords(records: readonly LogRecord[], strict = false, skipped: SkippedRecord[] = []): LoggedEvent[] {
  const events: LoggedEvent[] = [];
  for (const { value, offset, partition } of records) {
    const event = decodeValue(value, strict);
    if (typeof event === 'string') skipped.push({ offset, partition, reason: event });
    else events.push({ event, offset });
  }
  return events;
}

/** Each projector with the events of `events` it handles, those handling none left out. */
const handedOut = (projectors: readonly Projector[], events: readonly LoggedEvent[]) =>
  projectors
    .map((projector) => [projector, events.filter((logged) => projector.canHandle.includes(logged.event.type))] as const)
    .filter(([, mine]) => mine.length > 0);

/** The projectors' rows merged by table, empty ones left out: a table is one projector's (openSet refuses a set where two share one). */
const byTable = (projected: readonly ProjectedRows[]): RowsByTable =>
  new Map(projected.flatMap((rows) => Object.entries(rows)).filter(([, tableRows]) => tableRows.length > 0));

/** `events` through `projectors`: their rows by table (the derived rows apart). */
export function projectEvents(events: readonly LoggedEvent[], projectors: readonly Projector[]): Omit<ProjectedBatch, 'skipped'> {
  const rows = byTable(handedOut(projectors, events).map(([projector, mine]) => projector.handle(mine)));
  const projected = events.filter((logged) => projectors.some((projector) => projector.canHandle.includes(logged.event.type))).length;
  const lastSlot = events.reduce<number | null>((last, { event }) => (last === null || event.slot > last ? event.slot : last), null);
  return { rows, projected, lastSlot, events };
}

/** The derived rows of `events` (written already with every projector's rows), by table. */
export async function deriveBatch(events: readonly LoggedEvent[], projectors: readonly Projector[], olap: Olap): Promise<RowsByTable> {
  const derived: ProjectedRows[] = [];
  for (const [projector, mine] of handedOut(projectors, events)) if (projector.derive) derived.push(await projector.derive(mine, olap));
  return byTable(derived);
}

const insertAll = (olap: Olap, rows: RowsByTable) => Promise.all([...rows].map(([table, tableRows]) => olap.insert(table, tableRows)));

/** Writes a batch's rows, then the derived rows of its events (computed from the store those rows are in). */
export async function writeBatch(olap: Olap, batch: Pick<ProjectedBatch, 'rows' | 'events'>, projectors: readonly Projector[]): Promise<void> {
  await insertAll(olap, batch.rows);
  await insertAll(olap, await deriveBatch(batch.events, projectors, olap));
}

export function projectBatch(records: readonly LogRecord[], projectors: readonly Projector[]): ProjectedBatch {
  const project = (strict: boolean, skipped: SkippedRecord[] = []) => ({ ...projectEvents(decodeRecords(records, strict, skipped), projectors), skipped });
  try {
    return project(false);
  } catch {
    return project(true);
  }
}
