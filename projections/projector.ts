// What a projection is: ClickHouse tables plus a pure function from a batch of logged events to rows per table, and, for
// a read model computed from what is stored, a second step that reads the store. runner.ts feeds them from the event log.
// Below it, the column values the projectors share.
import type { Olap } from '../infra/olap/olap.js';
import type { Event, EventType } from '../schemas/events/index.js';

/** An event with its position in the log. Events of one mint share a key, so they sit in one partition in
 * append (chain) order; `offset` orders them within a slot while the envelope carries no transaction index. */
export type LoggedEvent = { event: Event; offset: bigint };

export interface TableDef {
  name: string;
  /** `CREATE TABLE IF NOT EXISTS <name> ...`, runnable on chDB and a ClickHouse server alike. */
  ddl: string;
}

/** Rows to insert, by table name; every value is JSON-serialisable (bigint allowed). */
export type ProjectedRows = Readonly<Record<string, readonly Record<string, unknown>[]>>;

export interface Projector {
  /** Stable name, part of the consumer group and of the stored projector versions. */
  readonly name: string;
  /** Bump when the tables or the rows change shape or meaning: the runner then rebuilds from the log. */
  readonly version: number;
  /** What the rows depend on besides the events (configuration); a change rebuilds as a version bump does. */
  readonly settings?: string;
  readonly tables: readonly TableDef[];
  /** Event types handle() wants; the runner passes it only these. */
  readonly canHandle: readonly EventType[];
  /** Pure: the same events always give the same rows, whatever came before (rows are keyed so that
   * writing them again changes nothing). */
  handle(events: readonly LoggedEvent[]): ProjectedRows;
  /** Rows computed from the store after every projector's rows of the batch are written (before its offsets are
   * committed). Writing a batch again, also after later ones, must leave the rows as they were: they are keyed as
   * handle()'s are, and each is computed from all the stored rows it stands for (a candle from every trade of its
   * interval) or from what lies before its event in chain order (a round's owed shares from the round before). */
  derive?(events: readonly LoggedEvent[], olap: Olap): Promise<ProjectedRows>;
}

/** Unix seconds as 'YYYY-MM-DD HH:MM:SS.mmm' (UTC), the text both engines read into DateTime64(3, 'UTC'). */
export function dateTime64(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace('T', ' ').replace('Z', '');
}

/** A UInt128 that grows with chain order: slot in the high 64 bits, log offset in the low 64 bits. Versions of
 * ReplacingMergeTree tables holding the latest state of something. */
export function chainVersion(slot: number, offset: bigint): bigint {
  return (BigInt(slot) << 64n) | BigInt.asUintN(64, offset);
}

/** An event's id, slot and block time, as the tables that keep a row per event name them. */
export function eventAt(event: Event) {
  return { eventId: event.id, slot: event.slot, time: dateTime64(event.blockTime) };
}

/** Where an event sits, as the tables that keep a row per event name it: eventAt, its transaction and log offset. */
export function eventPosition({ event, offset }: LoggedEvent) {
  return { ...eventAt(event), signature: event.signature, logOffset: offset };
}
