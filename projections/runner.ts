// The projection runner: consumes `coin-events` for the read-model set, batches records (by size and by time),
// writes the projectors' rows to the analytics store, records a checkpoint, and only then commits the log
// offsets. Every table is keyed so that writing a row again changes nothing, so a crash between the write and
// the commit repeats the batch without double-counting. A failed batch is rewound and retried with backoff.
// open() rebuilds (runner-state.ts) when a projector changed: fresh tables, the log replayed under a fresh consumer group.
// Use either start()/stop() (background) or runOnce() (driven), not both at once.
import { setTimeout as sleep } from 'node:timers/promises';
import { type EventLog, type LogRecord, TOPICS } from '../infra/event-log/event-log.js';
import type { Olap } from '../infra/olap/olap.js';
import { type BatchPolling, pollBatch } from './batch-poller.js';
import { decodeRecords, projectBatch, writeBatch } from './project-batch.js';
import type { Projector } from './projector.js';
import { READ_MODEL_PROJECTORS, READ_MODEL_SET } from './read-models.js';
import { type Checkpoint, groupName, loadCheckpoint, openSet, saveCheckpoint, type SetState } from './runner-state.js';

/** Records per batch at most. */
const DEFAULT_BATCH_SIZE = 20_000;
/** A partial batch is written after this long, or after twice as long as the batch before took to write when that
 * is longer (up to MAX_BATCH_WAIT_MS): an insert costs about the same whatever its size, so under load batches grow
 * and the store spends at most about a third of its time writing, while a quiet log is written within 100 ms. */
const DEFAULT_MAX_BATCH_WAIT_MS = 100;
const MAX_BATCH_WAIT_MS = 1_000;
/** ...and is written as soon as no record has come for this long (or for as long as the batch before took, when
 * that was longer, so that under load writes grow in size rather than in number): the decoding pipeline appends a
 * slot's events at once, so a pause this long means the burst is over (waiting out the 100 ms would only add latency). */
const DEFAULT_BATCH_QUIET_MS = 15;
const TOPIC = TOPICS.coinEvents;
const MAX_RETRY_DELAY_MS = 30_000;
const HEAD_CACHE_MS = 1_000;

/** The subset of a pino logger the runner uses. */
export interface RunnerLogger {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

/** Batching as pollBatch takes it (`idleWaitMs` also bounds how fast stop() returns), and the projectors to run. */
export interface RunnerOptions extends Partial<Pick<BatchPolling, 'batchSize' | 'maxBatchWaitMs' | 'quietMs' | 'idleWaitMs'>> {
  log: EventLog;
  olap: Olap;
  /** Projectors of the read-model set; defaults to the read models. */
  projectors?: readonly Projector[];
  retryDelayMs?: number;
  logger?: RunnerLogger;
}

export class ProjectionRunner {
  /** The latest poll returned nothing new. */
  private caughtUp = false;
  private totals = { recordsHandled: 0, eventsProjected: 0, recordsSkipped: 0 };
  /** Message of the last failed batch; cleared by the next successful one. */
  private lastError: string | null = null;
  private loop: Promise<void> | null = null;
  /** Aborted by stop(): ends the batch's filling and a retry wait early. */
  private stopped = new AbortController();
  private head: { at: number; record: LogRecord | null } | null = null;
  /** How long the last batch took from its records to its commit. */
  private lastWriteMs = 0;

  private constructor(
    private readonly options: RunnerOptions,
    private readonly projectors: readonly Projector[],
    private readonly state: SetState,
    /** The last one written; null before the first batch of this generation. */
    private checkpoint: Checkpoint | null,
  ) {}

  /** Create the tables when missing; finish an interrupted rebuild; rebuild when a projector version changed. */
  static async open(options: RunnerOptions): Promise<ProjectionRunner> {
    const { olap, projectors = READ_MODEL_PROJECTORS } = options;
    const state = await openSet(olap, READ_MODEL_SET, projectors);
    return new ProjectionRunner(options, projectors, state, await loadCheckpoint(olap, groupName(READ_MODEL_SET, state.generation)));
  }

  /** The consumer group of the current generation. */
  get group(): string {
    return groupName(READ_MODEL_SET, this.state.generation);
  }

  /** Consume in the background until stop(). */
  start(): void {
    if (this.loop !== null) return;
    this.stopped = new AbortController();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped.abort();
    await this.loop;
    this.loop = null;
  }

  /** Poll one batch, write it, commit it. Resolves with the number of records handled, 0 when caught up.
   * On failure the group is rewound to its committed position and the error rethrown. */
  async runOnce(): Promise<number> {
    const { log, olap, logger } = this.options;
    try {
      const records = await pollBatch({
        log,
        topic: TOPIC,
        group: this.group,
        batchSize: this.options.batchSize ?? DEFAULT_BATCH_SIZE,
        maxBatchWaitMs: Math.max(this.options.maxBatchWaitMs ?? DEFAULT_MAX_BATCH_WAIT_MS, Math.min(2 * this.lastWriteMs, MAX_BATCH_WAIT_MS)),
        quietMs: Math.max(this.options.quietMs ?? DEFAULT_BATCH_QUIET_MS, this.lastWriteMs),
        idleWaitMs: this.options.idleWaitMs ?? 500,
        stopping: () => this.stopped.signal.aborted,
      });
      if (records.length === 0) {
        this.caughtUp = true;
        return 0;
      }
      const started = performance.now();
      const batch = projectBatch(records, this.projectors);
      await writeBatch(olap, batch, this.projectors);
      // Slots only move forward (a batch of skipped records holds none).
      const { lastSlot = 0, seq = 0 } = this.checkpoint ?? {};
      const checkpoint = { lastSlot: Math.max(lastSlot, batch.lastSlot ?? 0), lastOffset: records.at(-1)!.offset, seq: seq + 1 };
      await saveCheckpoint(olap, this.group, checkpoint);
      await log.commit(TOPIC, this.group, records);
      this.lastWriteMs = performance.now() - started;
      this.checkpoint = checkpoint;
      this.totals.recordsHandled += records.length;
      this.totals.eventsProjected += batch.projected;
      this.totals.recordsSkipped += batch.skipped.length;
      this.lastError = null;
      this.caughtUp = false;
      for (const { offset, ...skipped } of batch.skipped) logger?.warn({ offset: offset.toString(), ...skipped }, 'projection skipped a log record');
      return records.length;
    } catch (error) {
      this.lastError = error instanceof Error ? error.message : String(error);
      await log.rewind(TOPIC, this.group).catch(() => undefined);
      throw error;
    }
  }

  /** Progress for /readyz. The log's head is read at most once a second; a log that cannot name its head
   * (a multi-partition Kafka topic) leaves the lag fields null. */
  async progress() {
    if (this.head === null || Date.now() - this.head.at > HEAD_CACHE_MS) {
      this.head = { record: await this.options.log.last(TOPIC).catch(() => null), at: Date.now() };
    }
    const { record: head } = this.head;
    const headSlot = head === null ? null : (decodeRecords([head])[0]?.event.slot ?? null);
    return {
      group: this.group,
      generation: this.state.generation,
      state: this.loop === null ? 'stopped' : 'running',
      /** Highest slot whose events are written and committed; null before the first batch of this generation. */
      lastSlot: this.checkpoint?.lastSlot ?? null,
      /** Offset of the last committed record (single-partition logs: the position in the log). */
      lastOffset: this.checkpoint?.lastOffset.toString() ?? null,
      /** Offset and slot of the last record in the log; null when empty or not known (multi-partition topics). */
      headOffset: head?.offset.toString() ?? null,
      headSlot,
      /** Records and slots still to project; null when the head is not known. */
      lagRecords: head === null ? null : Math.max(0, Number(head.offset - (this.checkpoint?.lastOffset ?? -1n))),
      lagSlots: headSlot === null ? null : Math.max(0, headSlot - (this.checkpoint?.lastSlot ?? 0)),
      caughtUp: this.caughtUp,
      ...this.totals,
      lastError: this.lastError,
    };
  }

  private async run(): Promise<void> {
    const firstDelay = this.options.retryDelayMs ?? 1_000;
    let delay = firstDelay;
    while (!this.stopped.signal.aborted) {
      try {
        await this.runOnce();
        delay = firstDelay;
      } catch (error) {
        this.options.logger?.error({ err: error }, 'projection batch failed; retrying');
        await sleep(delay, undefined, { signal: this.stopped.signal }).catch(() => undefined);
        delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
      }
    }
  }
}
