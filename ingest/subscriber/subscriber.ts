// The chain subscriber: one Yellowstone Subscribe stream (stream.ts), following the
// service's programs, wallets and every token movement of its coins (see request.ts), writing what
// concerns the service to the raw-tx log slot by slot (see slot-writer.ts). After a disconnect or a
// restart it resubscribes from the last durable slot, with backoff; when the server can no longer
// replay that far (OUT_OF_RANGE), it records a gap and continues from the first available slot.
import { SlotStatus, type SubscribeUpdate } from '@triton-one/yellowstone-grpc';
import { pino, type Logger } from 'pino';
import { loadKnownCoins } from '../known-coins/registry-topic.js';
import { rawTransactionFromUpdate } from '../raw/from-yellowstone.js';
import { Backoff } from './backoff.js';
import { appendGap, gapRecord, type GapRecord } from './gaps.js';
import type { SubscriberOptions, SubscriberStatus } from './options.js';
import { Relevance } from './relevance.js';
import { pingRequest, subscribeRequest } from './request.js';
import { errorText, firstAvailableSlot, readResumePoint } from './resume.js';
import { SlotWriter } from './slot-writer.js';
import { openStream, type Stream } from './stream.js';

export type { SubscriberOptions, SubscriberStatus } from './options.js';

/** Gaps kept for status(); all of them are in the gaps topic. */
const RECENT_GAPS = 100;

export class Subscriber {
  private readonly logger: Logger;
  private stream: Stream | null = null;
  private loop: Promise<void> | null = null;
  private stopped = false;
  private connected = false;
  private lastSlotSeen: number | null = null;
  private reconnects = 0;
  private readonly gaps: GapRecord[] = [];
  /** First slot the server can replay, learned from OUT_OF_RANGE; the next request starts there at the earliest. */
  private floor: number | null = null;
  private readonly backoff: Backoff;

  private constructor(
    private readonly options: SubscriberOptions,
    private readonly writer: SlotWriter,
    private readonly relevance: Relevance,
    logger: Logger,
  ) {
    this.logger = logger;
    this.backoff = new Backoff(options.backoff ?? { initialMs: 100, maxMs: 5_000 });
  }

  /** Read the resume point and the known coins from the log, then follow the chain in the background. */
  static async start(options: SubscriberOptions): Promise<Subscriber> {
    const logger = options.logger ?? pino({ name: 'ingest-subscriber' });
    const resume = await readResumePoint(options.log);
    // Nothing written yet: start as if everything before `startSlot` were durable.
    if (resume.durableSlot === null && resume.partial === null && options.startSlot !== undefined) resume.durableSlot = options.startSlot - 1;
    const coins = await loadKnownCoins(options.log, 'ingest-subscriber');
    const registered = new Set([...coins.all()].map((coin) => coin.mint));
    const writer = new SlotWriter(options.log, resume, registered, options.checkpointEverySlots ?? 1, logger);
    const subscriber = new Subscriber(options, writer, new Relevance(options.config, coins, logger), logger);
    logger.info({ durableSlot: resume.durableSlot, partial: resume.partial, knownCoins: coins.size }, 'subscriber starting');
    subscriber.loop = subscriber.run();
    return subscriber;
  }

  status(): SubscriberStatus {
    return {
      connected: this.connected,
      lastSlotSeen: this.lastSlotSeen,
      lastDurableSlot: this.writer.durableSlot,
      gaps: [...this.gaps],
      reconnects: this.reconnects,
      transactionsWritten: this.writer.written,
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stream?.close();
    this.backoff.interrupt();
    await this.loop;
  }

  private fromSlot(): number | null {
    const durable = this.writer.durableSlot;
    if (durable === null) return null;
    return Math.max(0, durable, this.floor ?? 0);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let retryNow = false;
      try {
        await this.follow();
        if (!this.stopped) this.logger.warn('stream ended; resubscribing');
      } catch (error) {
        if (this.stopped) break;
        retryNow = await this.onReplayUnavailable(error).catch((gapError: unknown) => {
          this.logger.error({ err: errorText(gapError) }, 'could not record a gap');
          return false;
        });
        if (!retryNow) this.logger.warn({ err: errorText(error), retryInMs: this.backoff.nextDelayMs }, 'subscription failed; reconnecting');
      } finally {
        this.stream?.close();
        this.stream = null;
      }
      this.connected = false;
      this.writer.reset();
      if (this.stopped) break;
      this.reconnects++;
      if (!retryNow) await this.backoff.wait();
    }
    this.connected = false;
  }

  /** One connection: subscribe, wait for the pong that proves the filters apply, then consume. */
  private async follow(): Promise<void> {
    const from = this.fromSlot();
    const pingId = Date.now() % 1_000_000_000;
    this.stream = openStream(this.options.endpoint, this.options.xToken, this.options.idleTimeoutMs ?? 30_000);
    if (this.stopped) return this.stream.close();
    await this.stream.write(subscribeRequest(this.options.config, from));
    await this.stream.write(pingRequest(pingId));
    this.logger.info({ fromSlot: from }, 'subscribed');
    for await (const update of this.stream.updates()) {
      if (update.pong?.id === pingId && !this.connected) {
        this.connected = true;
        this.backoff.reset();
      }
      await this.onUpdate(update);
      if (this.stopped) break;
    }
  }

  private async onUpdate(update: SubscribeUpdate): Promise<void> {
    if (update.ping) await this.stream?.write(pingRequest(1)).catch(() => undefined);
    if (update.transaction?.transaction) {
      const slot = Number(update.transaction.slot);
      this.seen(slot);
      let raw;
      try {
        raw = rawTransactionFromUpdate(update.transaction.transaction, slot);
      } catch (error) {
        this.logger.error({ err: errorText(error), slot }, 'unreadable transaction update skipped');
        return;
      }
      if (this.writer.isWritten(raw)) return;
      const verdict = this.relevance.check(raw);
      if (verdict.relevant) this.writer.add(raw, verdict.launched);
    } else if (update.blockMeta) {
      const time = update.blockMeta.blockTime?.timestamp;
      if (time !== undefined) this.writer.blockTime(Number(update.blockMeta.slot), Number(time));
    } else if (update.slot?.status === SlotStatus.SLOT_CONFIRMED) {
      const slot = Number(update.slot.slot);
      this.seen(slot);
      await this.writer.complete(slot);
    }
  }

  /** OUT_OF_RANGE: record the hole (if any slot was lost) and continue from the first available slot. */
  private async onReplayUnavailable(error: unknown): Promise<boolean> {
    const first = firstAvailableSlot(error);
    if (first === null) return false;
    const before = this.writer.durableSlot;
    this.floor = first;
    if (before !== null && first - before - 1 > 0) {
      const gap = gapRecord(before, first);
      await appendGap(this.options.log, gap);
      await this.writer.closeGap(first);
      this.gaps.push(gap);
      if (this.gaps.length > RECENT_GAPS) this.gaps.shift();
      this.logger.error(gap, 'slots lost: the server cannot replay them; gap recorded');
    } else {
      this.logger.warn({ firstAvailable: first }, 'replay starts at the first available slot');
    }
    return true;
  }

  private seen(slot: number): void {
    if (this.lastSlotSeen === null || slot > this.lastSlotSeen) this.lastSlotSeen = slot;
  }
}
