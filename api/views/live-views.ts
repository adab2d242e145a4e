// The feed of the live views, the same in every deployment: at start it loads each view from the analytics store,
// then follows `coin-events` from the projections' committed position with a consumer group of its own (every
// partition, never committed), handing each batch to the views that handle its events. Everything after that
// position comes again, some of it already loaded from the store: the views take each event once (ChainGuard).
//
// It announces, to its listeners, which answers may have changed: a view's coins as soon as a batch is folded in
// (fresh from the log, before any store write), and a table's coins once the projections have committed the events
// that write them (their group's position passed them), so answers read from the store follow its committed
// batches. A rebuild of the projections (a new generation of their group) loads the views again.
//
// A view is a projection of the log held in memory, in the projector's shape: it folds events in log order,
// exactly and idempotently (an event seen twice, or a replay from an earlier position, changes nothing), keeps a
// bounded window, and is the only implementation of what it answers.
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { isBefore, TOPICS, type EventLog, type LogPosition } from '../../infra/event-log/event-log.js';
import type { Olap } from '../../infra/olap/olap.js';
import { decodeRecords } from '../../projections/project-batch.js';
import { COINS_TABLE } from '../../projections/coins/table.js';
import type { LoggedEvent, Projector } from '../../projections/projector.js';
import { READ_MODEL_SET } from '../../projections/read-models.js';
import { groupName, loadSetState } from '../../projections/runner-state.js';
import type { EventType } from '../../schemas/events/index.js';

const TOPIC = TOPICS.coinEvents;
const BATCH = 5_000;
/** How long a poll waits when caught up: also how soon a committed batch of the projections is announced. */
const IDLE_WAIT_MS = 50;
/** How often the projections' generation is looked at (a rebuild reloads the views). */
const GENERATION_MS = 2_000;
const MAX_RETRY_MS = 10_000;
const CATCH_UP_FIRST_WAIT_MS = 2_000;
const CATCH_UP_WAIT_MS = 200;
/** Batches waiting for the projections to commit them, past which a batch joins the last (a stalled writer). */
const MAX_PENDING = 1_000;

/** The coins whose answers an update changed; null when it changed answers of no one coin (or of every coin). */
export type TouchedCoins = ReadonlySet<string> | null;

export interface View {
  /** Stable name: what answers made from the view depend on (answer-cache.ts). */
  readonly name: string;
  /** Event types `handle` wants; the feed passes it only these. */
  readonly canHandle: readonly EventType[];
  /** Replaces the view's state with its window as the store holds it now, read a slice of coins at a time; `nowSeconds` bounds the window. */
  load(olap: Olap, slices: readonly string[][], nowSeconds: number): Promise<void>;
  /** Folds `events` (log order) in; returns the coins whose answers changed. */
  handle(events: readonly LoggedEvent[]): TouchedCoins;
}

/** Coins a view's load reads at a time: a statement over every coin's rows would hold them all at once, in the
 * engine's working memory and as rows here. */
const LOAD_SLICE = 25;

/** The store's coins in slices of LOAD_SLICE (mint order), for load statements that read `mint IN {mints:Array(String)}`. */
export async function coinSlices(olap: Olap): Promise<string[][]> {
  const mints = (await olap.query<{ mint: string }>(`SELECT mint FROM ${COINS_TABLE} FINAL ORDER BY mint`)).map((row) => row.mint);
  return Array.from({ length: Math.ceil(mints.length / LOAD_SLICE) }, (_, i) => mints.slice(i * LOAD_SLICE, (i + 1) * LOAD_SLICE));
}

/** Which trades a view has folded in, per coin, so that none is folded twice: the feed brings again what the store
 * holds, and the ingest may append a slot's events a second time after a restart. A coin's events sit in one log
 * partition in chain order and the projections write them in that order, so what a view loaded is a prefix of the
 * coin's trades in slot order, possibly ending partway through a slot: a trade is new exactly when its slot is past
 * the coin's last one, or is that slot and its id is not among those already taken from it. */
export class ChainGuard {
  private readonly coins = new Map<string, { slot: number; ids: Set<string> }>();

  /** Whether the trade is new; if so it counts as taken. */
  admit(mint: string, slot: number, id: string): boolean {
    const coin = this.coins.get(mint);
    if (coin === undefined || slot > coin.slot) {
      this.coins.set(mint, { slot, ids: new Set([id]) });
      return true;
    }
    if (slot < coin.slot || coin.ids.has(id)) return false;
    coin.ids.add(id);
    return true;
  }
}

/** What may have changed: coins by source (a view's name, or a table's). */
export type LiveChange = ReadonlyMap<string, TouchedCoins>;

export type LiveListener = (change: LiveChange) => void;

export interface LiveViewsOptions {
  log: EventLog;
  olap: Olap;
  views: readonly View[];
  /** The projectors whose tables the store's answers read: which tables an event writes. */
  projectors: readonly Projector[];
  clock: () => Date;
  logger?: Logger;
}

function touch(sources: Map<string, TouchedCoins>, source: string, coins: TouchedCoins): void {
  const held = sources.get(source) as Set<string> | null | undefined;
  if (held === null || coins === null) sources.set(source, null);
  else if (held === undefined) sources.set(source, new Set(coins));
  else for (const coin of coins) held.add(coin);
}

interface Pending {
  /** Each partition's last offset in the batch. */
  last: Map<number, bigint>;
  tables: Map<string, TouchedCoins>;
}

export class LiveViews {
  private readonly group = `views.${process.pid}.${randomBytes(6).toString('hex')}`;
  private readonly listeners = new Set<LiveListener>();
  private readonly tablesOf = new Map<EventType, string[]>();
  private runnerGroup: string | null = null;
  private generation = 0;
  private checkedAt = 0;
  private pending: Pending[] = [];
  private loop: Promise<void> | null = null;
  private stopping = false;
  private settledWaiters: (() => void)[] = [];

  constructor(private readonly options: LiveViewsOptions) {
    for (const projector of options.projectors) {
      for (const type of projector.canHandle) this.tablesOf.set(type, [...(this.tablesOf.get(type) ?? []), ...projector.tables.map((t) => t.name)]);
    }
  }

  /** Loads the views and folds in the log up to its end as it is now; then follows it in the background. */
  async start(): Promise<void> {
    await this.load();
    // A Kafka consumer's first poll may come back before its first fetch: the first waits, the rest until one is empty.
    for (let waitMs = CATCH_UP_FIRST_WAIT_MS; (await this.step(waitMs)) > 0; waitMs = CATCH_UP_WAIT_MS);
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.loop;
    await this.options.log.dropGroup(TOPIC, this.group).catch(() => undefined);
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once the feed has folded in everything appended before the call and announced what the projections
   * committed of it (for tests and tools that act on the log and then read). */
  settled(): Promise<void> {
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  /** Where the projections stand, and the views loaded from the store as it stands now; the feed then starts there. */
  private async load(): Promise<void> {
    const { log, olap, views, clock } = this.options;
    const state = await loadSetState(olap, READ_MODEL_SET);
    this.generation = state?.generation ?? 0;
    this.runnerGroup = state === null ? null : groupName(READ_MODEL_SET, state.generation);
    const position = this.runnerGroup === null ? new Map() : await log.committed(TOPIC, this.runnerGroup);
    await log.dropGroup(TOPIC, this.group);
    await log.startAt(TOPIC, this.group, position);
    const nowSeconds = Math.floor(clock().getTime() / 1000);
    const slices = await coinSlices(olap);
    for (const view of views) await view.load(olap, slices, nowSeconds);
    this.pending = [];
    this.checkedAt = Date.now();
  }

  private async run(): Promise<void> {
    let delay = 500;
    while (!this.stopping) {
      try {
        // Only the waiters that came before this step's poll: one that came during it may wait for a later record.
        const waiting = this.settledWaiters.length;
        if ((await this.step(IDLE_WAIT_MS)) === 0 && this.pending.length === 0) for (const resolve of this.settledWaiters.splice(0, waiting)) resolve();
        if (Date.now() - this.checkedAt >= GENERATION_MS) await this.checkGeneration();
        delay = 500;
      } catch (error) {
        this.options.logger?.error({ err: error }, 'live views: a step failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      }
    }
  }

  /** One poll folded into the views, then what the projections committed announced; the records polled. */
  private async step(waitMs: number): Promise<number> {
    const { log } = this.options;
    const records = await log.poll(TOPIC, this.group, { maxRecords: BATCH, waitMs });
    if (records.length > 0) {
      const events = decodeRecords(records);
      const sources = new Map<string, TouchedCoins>();
      for (const view of this.options.views) {
        const mine = events.filter((logged) => view.canHandle.includes(logged.event.type));
        if (mine.length > 0) touch(sources, view.name, view.handle(mine));
      }
      if (this.pending.length < MAX_PENDING) this.pending.push({ last: new Map(), tables: new Map() });
      const batch = this.pending.at(-1)!;
      for (const { partition, offset } of records) if (offset > (batch.last.get(partition) ?? -1n)) batch.last.set(partition, offset);
      for (const { event } of events) {
        const mint = (event.data as { mint?: unknown }).mint;
        for (const table of this.tablesOf.get(event.type) ?? []) touch(batch.tables, table, typeof mint === 'string' ? new Set([mint]) : null);
      }
      this.publish(sources);
    }
    if (this.pending.length > 0 && this.runnerGroup !== null) this.announceCommitted(await log.committed(TOPIC, this.runnerGroup));
    return records.length;
  }

  /** Announces the tables of every pending batch the projections' `position` has passed. */
  private announceCommitted(position: LogPosition): void {
    const waiting = this.pending.findIndex((batch) => [...batch.last].some(([partition, offset]) => !isBefore({ partition, offset }, position)));
    const passed = this.pending.splice(0, waiting === -1 ? this.pending.length : waiting);
    if (passed.length === 0) return;
    const sources = new Map<string, TouchedCoins>();
    for (const batch of passed) for (const [table, coins] of batch.tables) touch(sources, table, coins);
    this.publish(sources);
  }

  private async checkGeneration(): Promise<void> {
    this.checkedAt = Date.now();
    const state = await loadSetState(this.options.olap, READ_MODEL_SET);
    if ((state?.generation ?? 0) === this.generation) return;
    this.options.logger?.info({ generation: state?.generation }, 'live views: the projections were rebuilt; loading the views again');
    await this.load();
    this.publish(new Map([...this.options.views.map((view) => view.name), ...this.tablesOf.values()].flat().map((source) => [source, null])));
  }

  private publish(change: LiveChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.options.logger?.error({ err: error }, 'live views: a listener failed');
      }
    }
  }
}
