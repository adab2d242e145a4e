// The scale-out event log on Kafka (kafkajs). A topic per stream (kafka-topics.ts), message key = record key,
// so one coin's events stay in one partition and in order. Appends go through an idempotent producer with
// acks=-1 (every in-sync replica has the records when append resolves), one at a time so call order is log
// order, split into requests under the broker's size limit: if a later request of a large append fails, the
// earlier ones stay stored and a retried append repeats them (consumers are idempotent by event id). Polls
// read through one consumer per (topic, group) (kafka-group-reader.ts), in a Kafka consumer group of its own
// (KafkaTopics.consumerGroup); a poll made before that consumer's first fetch completes may come back empty,
// so callers loop with waitMs as usual.
import type { AppendRecord, EventLog, LogPosition, LogRecord, PollOptions } from './event-log.js';
import { checkAppend, checkCommit, checkConsumer, checkPoll, checkTopic } from './event-log-input.js';
import { connectKafkaClients, type KafkaClients, type KafkaEventLogOptions } from './kafka-client.js';
import { KafkaGroupReader } from './kafka-group-reader.js';
import { readLastRecord } from './kafka-last-record.js';
import { produceChunks } from './kafka-records.js';
import { DEFAULT_PARTITIONS, KafkaTopics } from './kafka-topics.js';

export type { KafkaEventLogOptions };

export class KafkaEventLog implements EventLog {
  private readonly readers = new Map<string, Promise<KafkaGroupReader>>();
  private appending: Promise<unknown> = Promise.resolve();
  private closed = false;

  /** Connect a producer and an admin client; consumers start on the first poll of each (topic, group). */
  static async connect(options: KafkaEventLogOptions): Promise<KafkaEventLog> {
    const clients = await connectKafkaClients(options);
    try {
      return new KafkaEventLog(clients, options);
    } catch (error) {
      await Promise.all([clients.producer.disconnect(), clients.admin.disconnect()]);
      throw error;
    }
  }

  private readonly topics: KafkaTopics;

  private constructor(
    private readonly clients: KafkaClients,
    private readonly options: KafkaEventLogOptions,
  ) {
    this.topics = new KafkaTopics(clients.admin, {
      prefix: options.topicPrefix ?? '',
      partitions: options.partitions ?? DEFAULT_PARTITIONS,
      retention: options.retention ?? {},
      ...(options.replicationFactor === undefined ? {} : { replicationFactor: options.replicationFactor }),
    });
  }

  async append(topic: string, records: readonly AppendRecord[]): Promise<void> {
    checkAppend(topic, records);
    this.checkOpen();
    const chunks = produceChunks(records, this.options.maxRequestBytes ?? 900_000);
    if (chunks.length === 0) return;
    const physical = this.topics.physical(topic);
    const send = async (): Promise<void> => {
      await this.topics.ensure(topic);
      for (const messages of chunks) await this.clients.producer.send({ topic: physical, acks: -1, messages });
    };
    const done = this.appending.then(send, send);
    this.appending = done.catch(() => undefined);
    await done;
  }

  async poll(topic: string, group: string, options: PollOptions): Promise<LogRecord[]> {
    const { maxRecords, waitMs } = checkPoll(topic, group, options);
    return this.withReader(topic, group, (reader) => reader.poll(maxRecords, waitMs));
  }

  async commit(topic: string, group: string, records: readonly LogRecord[]): Promise<void> {
    checkCommit(topic, group, records);
    this.checkOpen();
    if (records.length === 0) return;
    await this.withReader(topic, group, (reader) => reader.commit(records));
  }

  async rewind(topic: string, group: string): Promise<void> {
    checkConsumer(topic, group);
    this.checkOpen();
    // Without a reader nothing was fetched: the next poll starts a consumer at the committed offsets.
    if (!this.readers.has(readerKey(topic, group))) return;
    await this.withReader(topic, group, (reader) => reader.rewind());
  }

  async last(topic: string): Promise<LogRecord | null> {
    checkTopic(topic);
    this.checkOpen();
    await this.topics.ensure(topic);
    return readLastRecord(this.clients.kafka, this.clients.admin, {
      topic,
      physicalTopic: this.topics.physical(topic),
      clientId: this.clients.clientId,
      timeoutMs: this.options.lastTimeoutMs ?? 30_000,
    });
  }

  async committed(topic: string, group: string): Promise<LogPosition> {
    checkConsumer(topic, group);
    this.checkOpen();
    await this.topics.ensure(topic);
    const physical = this.topics.physical(topic);
    const offsets = await this.clients.admin.fetchOffsets({ groupId: this.topics.consumerGroup(topic, group), topics: [physical] });
    const partitions = offsets.find((entry) => entry.topic === physical)?.partitions ?? [];
    return new Map(partitions.filter((p) => BigInt(p.offset) >= 0n).map((p) => [p.partition, BigInt(p.offset)]));
  }

  async startAt(topic: string, group: string, position: LogPosition): Promise<void> {
    checkConsumer(topic, group);
    this.checkOpen();
    if (this.readers.has(readerKey(topic, group))) throw new Error(`group ${group} of ${topic} is reading already: start it at a position before it polls`);
    await this.topics.ensure(topic);
    if (position.size === 0) return;
    await this.clients.admin.setOffsets({
      groupId: this.topics.consumerGroup(topic, group),
      topic: this.topics.physical(topic),
      partitions: [...position].map(([partition, offset]) => ({ partition, offset: offset.toString() })),
    });
  }

  async dropGroup(topic: string, group: string): Promise<void> {
    checkConsumer(topic, group);
    this.checkOpen();
    const key = readerKey(topic, group);
    const reader = this.readers.get(key);
    this.readers.delete(key);
    if (reader !== undefined) await (await reader.catch(() => null))?.stop();
    await this.clients.admin.deleteGroups([this.topics.consumerGroup(topic, group)]).catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const readers = await Promise.allSettled(this.readers.values());
    this.readers.clear();
    await this.appending;
    await Promise.all([
      ...readers.map((started) => (started.status === 'fulfilled' ? started.value.stop() : undefined)),
      this.clients.producer.disconnect(),
      this.clients.admin.disconnect(),
    ]);
  }

  /** Run `use` on the (topic, group) reader, starting it if needed; a reader whose consumer died is replaced next time. */
  private async withReader<T>(topic: string, group: string, use: (reader: KafkaGroupReader) => Promise<T>): Promise<T> {
    this.checkOpen();
    const key = readerKey(topic, group);
    let starting = this.readers.get(key);
    if (!starting) {
      starting = this.topics.ensure(topic).then(() =>
        KafkaGroupReader.start(this.clients.kafka, this.clients.admin, {
          topic,
          physicalTopic: this.topics.physical(topic),
          kafkaGroup: this.topics.consumerGroup(topic, group),
          highWater: this.options.bufferRecords ?? 20_000,
          fetchWaitMs: this.options.fetchWaitMs ?? 250,
          ...(this.options.sessionTimeoutMs === undefined ? {} : { sessionTimeoutMs: this.options.sessionTimeoutMs }),
        }),
      );
      this.readers.set(key, starting);
      starting.catch(() => this.readers.delete(key));
    }
    const reader = await starting;
    try {
      return await use(reader);
    } catch (error) {
      if (reader.failure && this.readers.get(key) === starting) {
        this.readers.delete(key);
        await reader.stop();
      }
      throw error;
    }
  }

  private checkOpen(): void {
    if (this.closed) throw new Error('event log is closed');
  }
}

function readerKey(topic: string, group: string): string {
  return `${topic}\n${group}`;
}
