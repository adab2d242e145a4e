// One Kafka consumer per (topic, group) behind EventLog.poll. kafkajs fetches into a bounded buffer (the
// topic is paused at `highWater` buffered records and resumed below half of it) and poll takes from the
// buffer. Auto-commit is off: commit writes offset+1 per partition, and rewind seeks the assigned partitions
// back to the group's committed offsets. A rebalance (another process joining the group) empties the buffer,
// since kafkajs then restarts every partition from its committed offset: at-least-once, never a gap.
import type { Admin, Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import type { LogRecord } from './event-log.js';
import { nextOffsets } from './event-log-input.js';
import { toLogRecord } from './kafka-records.js';
import { WakeSignal } from './wake-signal.js';

export interface GroupReaderOptions {
  /** The topic as callers name it (in records) and as Kafka names it (with the deployment's prefix). */
  topic: string;
  physicalTopic: string;
  /** The Kafka consumer group (KafkaTopics.consumerGroup). */
  kafkaGroup: string;
  /** Buffered records at which fetching pauses. */
  highWater: number;
  /** Longest a fetch waits on the broker for data; also bounds how late a pause, resume or seek applies. */
  fetchWaitMs: number;
  /** The consumer's session timeout (kafkajs default when absent); heartbeats go at a tenth of it. */
  sessionTimeoutMs?: number;
}

export class KafkaGroupReader {
  private buffer: LogRecord[] = [];
  private readonly signal = new WakeSignal();
  private assigned: number[] = [];
  /** Highest offset this reader committed per partition: commits never move a group back. */
  private readonly committed = new Map<number, bigint>();
  private paused = false;
  private stopped = false;
  /** Set when the consumer crashed for good; every later call rethrows it. */
  failure: Error | null = null;

  /** Records fetched and not yet taken by a poll. */
  get buffered(): number {
    return this.buffer.length;
  }

  static async start(kafka: Kafka, admin: Admin, options: GroupReaderOptions): Promise<KafkaGroupReader> {
    const consumer = kafka.consumer({
      groupId: options.kafkaGroup,
      maxWaitTimeInMs: options.fetchWaitMs,
      allowAutoTopicCreation: false,
      ...(options.sessionTimeoutMs === undefined
        ? {}
        : { sessionTimeout: options.sessionTimeoutMs, heartbeatInterval: Math.max(100, Math.floor(options.sessionTimeoutMs / 10)) }),
    });
    const reader = new KafkaGroupReader(consumer, admin, options);
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => reader.onJoin(payload.memberAssignment[options.physicalTopic] ?? []));
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart) reader.fail(payload.error);
    });
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [options.physicalTopic], fromBeginning: true });
      await consumer.run({ autoCommit: false, eachBatch: (payload) => reader.onBatch(payload) });
    } catch (error) {
      await consumer.disconnect();
      throw error;
    }
    return reader;
  }

  private constructor(
    private readonly consumer: Consumer,
    private readonly admin: Admin,
    private readonly options: GroupReaderOptions,
  ) {}

  async poll(maxRecords: number, waitMs: number): Promise<LogRecord[]> {
    const deadline = performance.now() + waitMs;
    for (;;) {
      if (this.failure) throw this.failure;
      if (this.buffer.length > 0) return this.take(maxRecords);
      const remaining = deadline - performance.now();
      if (remaining <= 0 || this.stopped) return [];
      await this.signal.wait(remaining);
    }
  }

  async commit(records: readonly LogRecord[]): Promise<void> {
    if (this.failure) throw this.failure;
    const ahead = [...nextOffsets(records)].filter(([partition, offset]) => offset > (this.committed.get(partition) ?? -1n));
    if (ahead.length === 0) return;
    const topic = this.options.physicalTopic;
    await this.consumer.commitOffsets(ahead.map(([partition, offset]) => ({ topic, partition, offset: offset.toString() })));
    for (const [partition, offset] of ahead) this.committed.set(partition, offset);
  }

  /** Drop what was fetched and not committed; the next poll starts again at the committed offsets. */
  async rewind(): Promise<void> {
    if (this.failure) throw this.failure;
    const topic = this.options.physicalTopic;
    const [groupOffsets, topicOffsets] = await Promise.all([
      this.admin.fetchOffsets({ groupId: this.options.kafkaGroup, topics: [topic] }),
      this.admin.fetchTopicOffsets(topic),
    ]);
    const committed = new Map(groupOffsets.find((entry) => entry.topic === topic)?.partitions.map((p) => [p.partition, p.offset]));
    const earliest = new Map(topicOffsets.map((entry) => [entry.partition, entry.low]));
    this.buffer = [];
    for (const partition of this.assigned) {
      const offset = committed.get(partition);
      const hasCommit = offset !== undefined && BigInt(offset) >= 0n;
      if (hasCommit) this.committed.set(partition, BigInt(offset));
      this.consumer.seek({ topic, partition, offset: hasCommit ? offset : (earliest.get(partition) ?? '0') });
    }
    this.resume();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.signal.notify();
    await this.consumer.disconnect();
  }

  private async onBatch({ batch, isStale }: EachBatchPayload): Promise<void> {
    // A stale batch was fetched before a rewind's seek: its records come again from the committed offset.
    if (this.stopped || isStale()) return;
    for (const message of batch.messages) this.buffer.push(toLogRecord(this.options.topic, batch.partition, message));
    if (!this.paused && this.buffer.length >= this.options.highWater) {
      this.consumer.pause([{ topic: this.options.physicalTopic }]);
      this.paused = true;
    }
    this.signal.notify();
  }

  private onJoin(partitions: number[]): void {
    this.assigned = [...partitions];
    this.buffer = [];
    this.paused = false;
    this.consumer.resume([{ topic: this.options.physicalTopic }]);
  }

  private take(maxRecords: number): LogRecord[] {
    const records = this.buffer.splice(0, maxRecords);
    if (this.buffer.length <= this.options.highWater / 2) this.resume();
    return records;
  }

  private resume(): void {
    if (!this.paused) return;
    this.paused = false;
    // While kafkajs restarts a crashed consumer there is nothing to resume: the new one starts unpaused.
    if (this.consumer.paused().length > 0) this.consumer.resume([{ topic: this.options.physicalTopic }]);
  }

  private fail(error: Error): void {
    this.failure = error;
    this.signal.notify();
  }
}
