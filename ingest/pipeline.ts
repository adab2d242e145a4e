// The decoding stage: a consumer of the raw-tx log that decodes each transaction into events,
// validates every event with the catalog's zod schemas (fast base58 predicates: validation/), appends them to the coin-events topic (key =
// mint, or `platform`) and only then commits its position. Delivery is at-least-once: a crash between
// append and commit decodes the batch again, which is harmless because event ids are deterministic
// and projections dedupe by id. An unreadable record or an undecodable transaction is logged and
// skipped; it never stops the pipeline.
import { pino, type Logger } from 'pino';
import { TOPICS, type AppendRecord, type EventLog, type LogRecord } from '../infra/event-log/event-log.js';
import { writeBatch } from '../infra/event-log/write-batch.js';
import { decodeContext, decodeTransaction, eventKey, type DecodeContext } from './decoders/index.js';
import type { IngestConfig } from './ingest-config.js';
import { loadKnownCoins } from './known-coins/registry-topic.js';
import { parseRawRecord, readRawRecord } from './raw/raw-transaction.js';
import { validateDecodedEvent } from './validation/event-validation.js';

/** Raw records decoded between event-loop turns. */
const DECODE_TURN_EVERY = 100;

export interface PipelineOptions {
  log: EventLog;
  config: IngestConfig;
  logger?: Logger;
  /** Consumer group on the raw-tx topic (default `ingest-pipeline`). */
  group?: string;
  /** Raw records per batch (default 2,000: a backlog is decoded in fewer, larger writes, which the projections
   * also take in fewer inserts; a live slot of a busy chain is a few hundred). */
  batchSize?: number;
  /** How long a poll waits for records (default 500 ms). */
  pollWaitMs?: number;
  /** Pause after a failed batch before it is tried again (default 1 s). */
  retryMs?: number;
}

export interface PipelineStatus {
  running: boolean;
  /** Last slot whose completion marker the pipeline has passed and whose events are appended and committed;
   * null before the first. */
  lastSlot: number | null;
  transactions: number;
  events: number;
  /** Raw records or transactions that could not be read or decoded. */
  skipped: number;
  /** Decoded events that failed validation (dropped). */
  invalidEvents: number;
}

export class Pipeline {
  private readonly group: string;
  private readonly logger: Logger;
  private loop: Promise<void> | null = null;
  private stopped = false;
  private readonly counts: Omit<PipelineStatus, 'running'> = { lastSlot: null, transactions: 0, events: 0, skipped: 0, invalidEvents: 0 };

  private constructor(
    private readonly options: PipelineOptions,
    private readonly ctx: DecodeContext,
  ) {
    this.group = options.group ?? 'ingest-pipeline';
    this.logger = options.logger ?? pino({ name: 'ingest-pipeline' });
  }

  /** A pipeline that starts from its group's committed position and knows every coin in the registry (so a
   * restart still recognises coins launched before it). */
  static async create(options: PipelineOptions): Promise<Pipeline> {
    const group = options.group ?? 'ingest-pipeline';
    await options.log.rewind(TOPICS.rawTransactions, group);
    const coins = await loadKnownCoins(options.log, group);
    const pipeline = new Pipeline(options, decodeContext(options.config, coins));
    pipeline.counts.lastSlot = await caughtUpSlot(options.log, group);
    return pipeline;
  }

  status(): PipelineStatus {
    return { running: this.loop !== null && !this.stopped, ...this.counts };
  }

  /** Decode one batch; the number of raw records handled (0 when caught up). */
  async runOnce(waitMs = this.options.pollWaitMs ?? 500): Promise<number> {
    const { log } = this.options;
    const records = await log.poll(TOPICS.rawTransactions, this.group, { maxRecords: this.options.batchSize ?? 2_000, waitMs });
    if (records.length === 0) return 0;
    const events: AppendRecord[] = [];
    const batch = { lastSlot: null as number | null };
    for (let i = 0; i < records.length; i++) {
      // Decoding a batch takes tens of milliseconds: let the event loop turn now and then, so a subscriber in the same
      // process keeps reading its stream meanwhile.
      if (i > 0 && i % DECODE_TURN_EVERY === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      for (const event of this.decodeRecord(records[i]!, batch)) events.push(event);
    }
    // The events, then the position: one write where the log can (one transaction, one fsync), else in that order.
    await writeBatch(log, {
      appends: [{ topic: TOPICS.coinEvents, records: events }],
      commit: { topic: TOPICS.rawTransactions, group: this.group, records },
    });
    this.counts.events += events.length;
    // Only now: readiness must not count a slot whose events are not yet in the log.
    if (batch.lastSlot !== null) this.counts.lastSlot = batch.lastSlot;
    return records.length;
  }

  /** Decode until caught up with the raw-tx log. */
  async drain(): Promise<void> {
    while ((await this.runOnce(0)) > 0);
  }

  /** Run in the background until stop(). */
  start(): void {
    if (this.loop) return;
    this.stopped = false;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
    this.loop = null;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.runOnce();
      } catch (error) {
        this.logger.error({ err: error }, 'pipeline batch failed; retrying from the committed position');
        await this.options.log.rewind(TOPICS.rawTransactions, this.group).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, this.options.retryMs ?? 1_000));
      }
    }
  }

  private decodeRecord(record: LogRecord, batch: { lastSlot: number | null }): AppendRecord[] {
    let raw;
    try {
      raw = readRawRecord(record.value);
    } catch (error) {
      this.counts.skipped++;
      this.logger.error({ err: error, offset: record.offset.toString(), key: record.key }, 'unreadable raw-tx record skipped');
      return [];
    }
    if (raw.kind === 'slot') {
      batch.lastSlot = raw.marker.slot;
      return [];
    }
    this.counts.transactions++;
    let drafts;
    try {
      drafts = decodeTransaction(raw.tx, this.ctx);
    } catch (error) {
      this.counts.skipped++;
      this.logger.error({ err: error, signature: raw.tx.signature, slot: raw.tx.slot }, 'undecodable transaction skipped');
      return [];
    }
    const out: AppendRecord[] = [];
    for (const draft of drafts) {
      const parsed = validateDecodedEvent(draft);
      if (!parsed.success) {
        this.counts.invalidEvents++;
        this.logger.error({ err: parsed.error, signature: raw.tx.signature, type: draft.type }, 'decoded event failed validation; dropped');
        continue;
      }
      out.push({ key: eventKey(parsed.data), value: JSON.stringify(parsed.data) });
    }
    return out;
  }
}

/** After a restart with nothing left to decode, the slot of the raw-tx log's last marker (else null: the
 * first marker decoded tells), so status() does not read "nothing decoded" on a quiet chain. The head is
 * read before the peek, so a slot written in between is never counted as decoded. */
async function caughtUpSlot(log: EventLog, group: string): Promise<number | null> {
  const head = await log.last(TOPICS.rawTransactions);
  if (head === null) return null;
  const pending = await log.poll(TOPICS.rawTransactions, group, { maxRecords: 1, waitMs: 0 });
  await log.rewind(TOPICS.rawTransactions, group);
  if (pending.length > 0) return null;
  try {
    const record = parseRawRecord(head.value);
    return record.kind === 'slot' ? record.marker.slot : null;
  } catch {
    return null;
  }
}
