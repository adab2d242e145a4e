// What a write to the read-model tables changed, published by its writer once the rows are in (the projection runner
// after each committed batch, the health scorer after each check): the one source of freshness for every kept answer
// and resident index of the reads (read-path.ts), and what the live streams are made of.
import type { Event } from '../schemas/events/index.js';

/** The coins whose rows a write touched in one table (its rows' `mint`); null where it touched rows of no one coin,
 * or the table was emptied. */
export type TouchedCoins = ReadonlySet<string> | null;

export interface Change {
  /** The events the write projected, in log order; none for a write that projects no events. */
  events: readonly Event[];
  /** Highest slot among the events; null when none. */
  lastSlot: number | null;
  /** Each table written, with the coins touched. */
  tables: ReadonlyMap<string, TouchedCoins>;
}

export type ChangeListener = (change: Change) => void;

/** Where changes come from: subscribe, and get the call that unsubscribes. */
export type ChangeFeed = (listener: ChangeListener) => () => void;

/** The coins that rows of one table belong to; null when a row has no `mint`. */
export function touchedCoins(rows: readonly Record<string, unknown>[]): TouchedCoins {
  const coins = new Set<string>();
  for (const row of rows) {
    if (typeof row.mint !== 'string') return null;
    coins.add(row.mint);
  }
  return coins;
}

/** Each of `tables` emptied (a rebuild). */
export function emptied(tables: readonly string[]): Change {
  return { events: [], lastSlot: null, tables: new Map(tables.map((table) => [table, null])) };
}

/** Changes handed to every listener; a listener that throws is reported to `onError` and never stops the others. */
export class ChangePublisher {
  private readonly listeners = new Set<ChangeListener>();

  constructor(private readonly onError: (error: unknown) => void = () => {}) {}

  readonly feed: ChangeFeed = (listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  publish(change: Change): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
