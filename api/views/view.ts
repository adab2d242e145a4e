// What a live view is: a projection of the event log held in memory, in the projector's shape. It folds events in
// log order, exactly and idempotently (an event seen twice, or a replay from an earlier position, changes nothing:
// chain-guard.ts), keeps a bounded window, and is the only implementation of what it answers. `load` fills it from
// the analytics store as the store stands when it is called; the feed (live-views.ts) then hands it every event
// from the projections' committed position on, which the store may partly hold already.
import type { Olap } from '../../infra/olap/olap.js';
import type { LoggedEvent } from '../../projections/projector.js';
import type { EventType } from '../../schemas/events/index.js';

/** The coins whose answers an update changed; null when it changed answers of no one coin (or of every coin). */
export type TouchedCoins = ReadonlySet<string> | null;

export interface View {
  /** Stable name: what answers made from the view depend on (answer-cache.ts). */
  readonly name: string;
  /** Event types `handle` wants; the feed passes it only these. */
  readonly canHandle: readonly EventType[];
  /** Replaces the view's state with its window as the store holds it now; `nowSeconds` bounds the window. */
  load(olap: Olap, nowSeconds: number): Promise<void>;
  /** Folds `events` (log order) in; returns the coins whose answers changed. */
  handle(events: readonly LoggedEvent[]): TouchedCoins;
}
