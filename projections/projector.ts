// What a projection is: ClickHouse tables plus a pure function from a batch of logged events to rows per table, and, for
// a read model computed from what is stored, a second step that reads the store. runner.ts feeds them from the event log.
import type { Olap } from '../infra/olap/olap.js';
import type { Event, EventType } from '../schemas/events/index.js';

/** An event with its position in the log. Events of one mint share a key, so they sit in one partition in
 * append (chain) order; `offset` orders them within a slot while the envelope carries no transaction index. */
export interface LoggedEvent {
  event: Event;
  offset: bigint;
}

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
