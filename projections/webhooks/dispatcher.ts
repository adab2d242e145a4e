// The webhook dispatcher: a reactor on `coin-events` with its own consumer group. Each batch of the log becomes
// webhook events (webhook-events.ts), matched to the active webhooks by type and mint; every match is written to the
// operational store as a pending delivery (id `<webhook>:<event>`, so a replayed batch queues nothing twice) before
// the log position is committed, and then tried at once. Outcomes are written in small batches; a failed try is
// retried on the schedule of delivery-rules.ts from the store, so a restart at any moment loses no delivery (one
// sent and not yet recorded goes out again, with the same event id). Paused and deleted webhooks get nothing more.
import { setMaxListeners } from 'node:events';
import { TOPICS, type EventLog, type LogRecord } from '../../infra/event-log/event-log.js';
import { openSecret } from '../../infra/keys/secret-box.js';
import { OpStoreConflictError, type OpStore } from '../../infra/opstore/op-store.js';
import { safeParseEvent } from '../../schemas/events/index.js';
import { pollBatch } from '../batch-poller.js';
import type { RunnerLogger } from '../runner.js';
import { DeliveryQueue, type QueuedDelivery } from './delivery-queue.js';
import { afterTry, KEEP_FINISHED_MS, webhookAfterTries, type TryOutcome } from './delivery-rules.js';
import { tryDelivery, type Post } from './deliver.js';
import type { ReceiverPolicy } from './receiver-address.js';
import {
  deliveries,
  deliveryId,
  dispatcherMarks,
  dispatcherSolPrices,
  redeliveries,
  secretLabel,
  usedSignatures,
  webhooks,
  type DeliveryRow,
  type WebhookRow,
} from './records.js';
import { SolPrices } from './sol-prices.js';
import { coinGraduated, coinLaunched, OpenRound, roundKey, type EventContext, type WebhookEvent } from './webhook-events.js';

export const DISPATCHER_GROUP = 'webhooks';
/** Tries in flight at once in the fast lane, overall and per receiver (a URL's origin), and to slow receivers
 * (delivery-queue.ts). */
export const DEFAULT_MAX_IN_FLIGHT = 64;
export const DEFAULT_PER_RECEIVER = 8;
export const DEFAULT_SLOW_IN_FLIGHT = 32;
const TOPIC = TOPICS.coinEvents;
const BATCH_SIZE = 2_000;
const TICK_MS = 200;
const RELOAD_MS = 1_000;
const PRUNE_MS = 3_600_000;
/** Deliveries written to the store per transaction when a batch is queued: a larger one holds the event loop. */
const QUEUE_CHUNK = 250;
/** Outcomes are written together this long after the first of them: fewer, larger transactions (one update of each
 * webhook a write, whatever its deliveries), while the tries go on. */
const RECORD_DELAY_MS = 25;
/** Outcomes waiting to be written past which tries wait for the writes (the store sets the pace). */
const MAX_UNRECORDED = 512;
/** Signatures are kept past the 5-minute window on both sides, so a replay within it is always recognised. */
const KEEP_SIGNATURES_MS = 15 * 60_000;
const REACTED_TO = new Set<unknown>(['coin.launched', 'coin.graduated', 'payout.round', 'payout.sent', 'price.updated']);
const SOL_PRICES_ID = 'latest';
const PAUSED_ERROR = 'not tried: the webhook was paused after 3 days of failed deliveries';

export interface DispatcherOptions {
  log: EventLog;
  opstore: OpStore;
  /** The service's key that seals the webhooks' secrets. */
  sealKey: Uint8Array;
  events: EventContext;
  policy: ReceiverPolicy;
  now?: () => number;
  post?: Post;
  logger?: RunnerLogger;
  maxInFlight?: number;
  perReceiver?: number;
  slowInFlight?: number;
  /** How long a poll of the log waits for records when caught up (default 250 ms). */
  pollWaitMs?: number;
}

interface Hook {
  row: WebhookRow;
  secret: string;
  receiver: string;
}

interface Recorded {
  row: DeliveryRow;
  outcome: TryOutcome;
  at: number;
}

/** Aborts every try in flight on stop; one listener a try, so the usual limit of 10 does not apply. */
function stopSignal(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

export class WebhookDispatcher {
  private hooks = new Map<string, Hook>();
  private hooksDirty = true;
  private hooksLoadedAt = 0;
  private reloading: Promise<void> | null = null;
  /** Payout rounds waiting for the rest of their slot, with the log record that opened each. */
  private readonly rounds = new Map<string, { round: OpenRound; record: LogRecord }>();
  /** What payout rounds' pots are valued at in lamports. */
  private solPrices = new SolPrices();
  private readonly queue: DeliveryQueue;
  private readonly now: () => number;
  private pendingOutcomes: { recorded: Recorded; done: () => void }[] = [];
  private flushScheduled: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private loop: Promise<void> | null = null;
  private stopping = false;
  private readonly abort = stopSignal();
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | null = null;
  private lastPrune = 0;

  private constructor(private readonly options: DispatcherOptions) {
    this.now = options.now ?? Date.now;
    this.queue = new DeliveryQueue({
      maxInFlight: options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT,
      perReceiver: options.perReceiver ?? DEFAULT_PER_RECEIVER,
      slowInFlight: options.slowInFlight ?? DEFAULT_SLOW_IN_FLIGHT,
      now: this.now,
      send: (delivery) => this.send(delivery),
    });
  }

  /** Open on the store: on the very first run skip the log written so far, then queue every pending delivery. */
  static async open(options: DispatcherOptions): Promise<WebhookDispatcher> {
    const dispatcher = new WebhookDispatcher(options);
    dispatcher.unsubscribe = options.opstore.onWrite((collection) => {
      if (collection === webhooks.name) dispatcher.hooksDirty = true;
    });
    dispatcher.solPrices = new SolPrices((await options.opstore.get(dispatcherSolPrices, SOL_PRICES_ID))?.points ?? null);
    await dispatcher.skipHistoryOnFirstRun();
    await dispatcher.reloadHooks();
    for (const row of await options.opstore.query(deliveries, { where: [['state', '=', 'pending']] })) dispatcher.enqueue(row);
    return dispatcher;
  }

  /** Consume the log and deliver in the background until stop(). */
  start(): void {
    if (this.loop !== null) return;
    this.loop = this.run();
    this.timers = [
      setInterval(() => this.queue.tick(), TICK_MS),
      setInterval(
        () => void this.housekeeping().catch((error: unknown) => this.options.logger?.warn({ err: error }, 'webhook housekeeping failed')),
        RELOAD_MS,
      ),
    ];
    this.queue.tick();
  }

  /** Stops consuming and sending. Tries in flight are abandoned unrecorded: they stay due and go out again on restart. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearInterval(timer);
    this.abort.abort();
    await this.loop;
    this.loop = null;
    await this.flushNow();
    this.unsubscribe?.();
  }

  /** One batch of the log made into queued deliveries; resolves with the records read (0 when caught up). */
  async runOnce(): Promise<number> {
    const { log, opstore } = this.options;
    const records = await pollBatch({
      log,
      topic: TOPIC,
      group: DISPATCHER_GROUP,
      batchSize: BATCH_SIZE,
      maxBatchWaitMs: 50,
      quietMs: 10,
      idleWaitMs: this.options.pollWaitMs ?? 250,
      stopping: () => this.stopping,
    });
    const events = this.eventsOf(records, records.length < BATCH_SIZE);
    if (records.length === 0 && events.length === 0) return 0;
    await this.freshHooks();
    const matched = this.match(events);
    for (let from = 0; from < matched.length; from += QUEUE_CHUNK) {
      const queued = await opstore.transact(async (tx) => {
        const fresh: DeliveryRow[] = [];
        for (const row of matched.slice(from, from + QUEUE_CHUNK)) {
          try {
            fresh.push(await tx.insert(deliveries, row));
          } catch (error) {
            // Already queued: this part of the log was read before a restart.
            if (!(error instanceof OpStoreConflictError)) throw error;
          }
        }
        return fresh;
      });
      for (const row of queued) this.enqueue(row);
      this.queue.tick();
    }
    await this.storeSolPrices();
    const committable = this.committable(records);
    if (committable.length > 0) await log.commit(TOPIC, DISPATCHER_GROUP, committable);
    return records.length;
  }

  /** Try everything due now and wait until the outcomes are recorded (tests on a controlled clock). */
  async deliverDue(): Promise<void> {
    await this.housekeeping();
    this.queue.tick();
    await this.queue.settle();
    await this.flushNow();
  }

  /** Deliveries queued, waiting or due. */
  get queued(): number {
    return this.queue.queued;
  }

  private async run(): Promise<void> {
    let delay = 500;
    while (!this.stopping) {
      try {
        await this.runOnce();
        delay = 500;
      } catch (error) {
        this.options.logger?.error({ err: error }, 'webhook batch failed; retrying');
        await this.options.log.rewind(TOPIC, DISPATCHER_GROUP).catch(() => undefined);
        this.rounds.clear();
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 30_000);
      }
    }
  }

  /** Webhook events in log order. A payout round stays open for the payouts after it, and is finished once a batch
   * ends short of full: the pipeline appends a slot's events together, so the slot is then complete. */
  private eventsOf(records: readonly LogRecord[], slotComplete: boolean): WebhookEvent[] {
    const out: WebhookEvent[] = [];
    const ctx = this.options.events;
    for (const record of records) {
      let value: unknown;
      try {
        value = JSON.parse(record.value);
      } catch {
        continue;
      }
      // Most of the log is trades and balances: only the four types that make webhook events are checked in full.
      if (!REACTED_TO.has((value as { type?: unknown } | null)?.type)) continue;
      const parsed = safeParseEvent(value);
      if (!parsed.success) {
        this.options.logger?.warn({ offset: record.offset.toString(), reason: parsed.error.message }, 'webhooks skipped an invalid event');
        continue;
      }
      const event = parsed.data;
      if (event.type === 'coin.launched') out.push(coinLaunched(ctx, event));
      else if (event.type === 'coin.graduated') out.push(coinGraduated(ctx, event));
      else if (event.type === 'payout.round') {
        const round = new OpenRound(event);
        this.rounds.set(round.key, { round, record });
      } else if (event.type === 'payout.sent') this.rounds.get(roundKey(event.data.mint, event.data.round))?.round.add(event);
      else if (event.type === 'price.updated') this.solPrices.note(event.slot, BigInt(event.data.microUsd));
    }
    if (slotComplete) {
      for (const { round } of this.rounds.values()) out.push(round.finish(ctx, this.solPrices.at(round.round.slot)));
      this.rounds.clear();
    }
    return out;
  }

  /** The records whose events are all queued: up to the first record of a round still open. */
  private committable(records: readonly LogRecord[]): LogRecord[] {
    let first = records.length;
    for (const { record } of this.rounds.values()) {
      const index = records.indexOf(record);
      if (index >= 0) first = Math.min(first, index);
    }
    return records.slice(0, first);
  }

  private match(events: readonly WebhookEvent[]): DeliveryRow[] {
    const at = this.now();
    const rows: DeliveryRow[] = [];
    for (const event of events) {
      for (const hook of this.hooks.values()) {
        const { row } = hook;
        if (row.status !== 'active' || !row.events.includes(event.type)) continue;
        if (row.mints !== null && (event.mint === null || !row.mints.includes(event.mint))) continue;
        rows.push({
          id: deliveryId(row.id, event.id),
          webhookId: row.id,
          eventId: event.id,
          type: event.type,
          body: event.body,
          state: 'pending',
          attempt: 0,
          nextAttemptAt: at,
          lastAttemptAt: null,
          lastStatus: null,
          lastError: null,
          createdAt: at,
        });
      }
    }
    return rows;
  }

  private enqueue(row: DeliveryRow): void {
    const hook = this.hooks.get(row.webhookId);
    this.queue.add({ row, receiver: hook?.receiver ?? row.webhookId });
  }

  private async send(delivery: QueuedDelivery): Promise<void> {
    await this.freshHooks();
    const hook = this.hooks.get(delivery.row.webhookId);
    // Deleted (its records are gone with it) or paused since it was queued: nothing more is sent. A retry is also
    // checked against the store, so a delete by another process stops it at once too.
    if (hook === undefined || hook.row.status !== 'active') return;
    if (delivery.row.attempt > 0 && (await this.options.opstore.get(deliveries, delivery.row.id))?.state !== 'pending') return;
    const at = this.now();
    const outcome = await tryDelivery(
      { url: hook.row.url, secret: hook.secret },
      { id: delivery.row.eventId, type: delivery.row.type, body: delivery.row.body },
      at,
      this.options.policy,
      this.options.post,
      this.abort.signal,
    );
    if (this.stopping) return;
    // The slot is free once the receiver has answered; the outcome is written with others in the background, unless
    // writes have fallen behind.
    const written = this.record({ row: afterTry(delivery.row, outcome, at), outcome, at });
    if (this.pendingOutcomes.length >= MAX_UNRECORDED) await written;
  }

  /** Queue an outcome for the next write; resolves once written. */
  private record(recorded: Recorded): Promise<void> {
    return new Promise<void>((resolve) => {
      this.pendingOutcomes.push({ recorded, done: resolve });
      this.flushScheduled ??= setTimeout(() => void this.flushNow(), RECORD_DELAY_MS);
    });
  }

  private flushNow(): Promise<void> {
    if (this.flushScheduled !== null) clearTimeout(this.flushScheduled);
    this.flushScheduled = null;
    const batch = this.pendingOutcomes;
    this.pendingOutcomes = [];
    this.flushing = this.flushing.then(() => (batch.length === 0 ? undefined : this.writeOutcomes(batch)));
    return this.flushing;
  }

  private async writeOutcomes(batch: { recorded: Recorded; done: () => void }[]): Promise<void> {
    const requeue: DeliveryRow[] = [];
    const byHook = new Map<string, Recorded[]>();
    for (const { recorded } of batch) {
      const list = byHook.get(recorded.row.webhookId);
      if (list) list.push(recorded);
      else byHook.set(recorded.row.webhookId, [recorded]);
    }
    try {
      await this.options.opstore.transact(async (tx) => {
        for (const [webhookId, list] of byHook) {
          // A delete takes a webhook's deliveries with it in one write: while the webhook is there, so are they.
          const before = await tx.get(webhooks, webhookId);
          if (before === null) continue;
          for (const { row } of list) {
            const { id, ...patch } = row;
            await tx.update(deliveries, id, patch);
          }
          const after = list.reduce((hook, r) => webhookAfterTries(hook, [r.outcome], r.at), before);
          const { id: _id, ...patch } = after;
          await tx.update(webhooks, webhookId, patch);
          const hook = this.hooks.get(webhookId);
          if (hook) hook.row = after;
          const pending = list.map((r) => r.row).filter((row) => row.state === 'pending');
          if (after.status === 'paused') {
            const dropped = [...this.queue.remove((row) => row.webhookId === webhookId), ...pending];
            for (const row of dropped) await tx.update(deliveries, row.id, { state: 'dropped', nextAttemptAt: null, lastError: PAUSED_ERROR });
          } else {
            requeue.push(...pending);
          }
        }
      });
      for (const row of requeue) this.enqueue(row);
    } catch (error) {
      // Unrecorded tries stay pending in the store and are made again after a restart.
      this.options.logger?.error({ err: error }, 'recording webhook deliveries failed');
    } finally {
      for (const { done } of batch) done();
    }
  }

  /** The webhooks as stored: reloaded when this process wrote them or the last load is over a second old. */
  private freshHooks(): Promise<void> {
    if (!this.hooksDirty && this.now() - this.hooksLoadedAt <= RELOAD_MS) return Promise.resolve();
    this.reloading ??= this.reloadHooks().finally(() => (this.reloading = null));
    return this.reloading;
  }

  private async reloadHooks(): Promise<void> {
    this.hooksDirty = false;
    this.hooksLoadedAt = this.now();
    const rows = await this.options.opstore.query(webhooks);
    const next = new Map<string, Hook>();
    for (const row of rows) {
      const secret = this.hooks.get(row.id)?.secret ?? this.openHookSecret(row);
      if (secret !== null) next.set(row.id, { row, secret, receiver: new URL(row.url).origin });
    }
    this.hooks = next;
  }

  private openHookSecret(row: WebhookRow): string | null {
    try {
      return Buffer.from(openSecret(this.options.sealKey, row.secretSealed, secretLabel(row.id))).toString('utf8');
    } catch (error) {
      this.options.logger?.error({ webhook: row.id, err: error }, 'a webhook secret does not open with the service key: its events are not delivered');
      return null;
    }
  }

  /** Webhooks written by other processes, redeliveries asked for, and once an hour old records pruned. */
  private async housekeeping(): Promise<void> {
    const { opstore } = this.options;
    await this.reloadHooks();
    for (const ask of await opstore.query(redeliveries)) {
      const row = await opstore.get(deliveries, ask.deliveryId);
      if (row !== null && row.state === 'pending') this.enqueue(row);
      await opstore.delete(redeliveries, ask.id);
    }
    this.queue.tick();
    const now = this.now();
    if (now - this.lastPrune < PRUNE_MS) return;
    this.lastPrune = now;
    const old = await opstore.query(deliveries, {
      where: [
        ['state', '!=', 'pending'],
        ['createdAt', '<', now - KEEP_FINISHED_MS],
      ],
    });
    const spent = await opstore.query(usedSignatures, { where: [['at', '<', now - KEEP_SIGNATURES_MS]] });
    await opstore.transact(async (tx) => {
      for (const row of old) await tx.delete(deliveries, row.id);
      for (const row of spent) await tx.delete(usedSignatures, row.id);
    });
  }

  /** The SOL prices read since they were last stored, stored before the log position moves past them. */
  private async storeSolPrices(): Promise<void> {
    const points = this.solPrices.takeChanged();
    if (points === null) return;
    const { opstore } = this.options;
    if ((await opstore.get(dispatcherSolPrices, SOL_PRICES_ID)) === null) await opstore.insert(dispatcherSolPrices, { id: SOL_PRICES_ID, points });
    else await opstore.update(dispatcherSolPrices, SOL_PRICES_ID, { points });
  }

  /** On the first run, the log written so far is passed over (only its SOL prices are kept, for the rounds to come). */
  private async skipHistoryOnFirstRun(): Promise<void> {
    const { log, opstore } = this.options;
    if ((await opstore.get(dispatcherMarks, 'started')) !== null) return;
    for (
      let records = await log.poll(TOPIC, DISPATCHER_GROUP, { maxRecords: 5_000 });
      records.length > 0;
      records = await log.poll(TOPIC, DISPATCHER_GROUP, { maxRecords: 5_000 })
    ) {
      for (const record of records) {
        if (!record.value.includes('"price.updated"')) continue;
        const parsed = safeParseEvent(JSON.parse(record.value));
        if (parsed.success && parsed.data.type === 'price.updated') this.solPrices.note(parsed.data.slot, BigInt(parsed.data.data.microUsd));
      }
      await this.storeSolPrices();
      await log.commit(TOPIC, DISPATCHER_GROUP, records);
    }
    await opstore.insert(dispatcherMarks, { id: 'started', at: this.now() });
  }
}
