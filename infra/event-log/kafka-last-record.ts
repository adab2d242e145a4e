// `last` on Kafka: the high watermark of a single-partition topic (admin fetchTopicOffsets) names the last
// offset, and a short-lived consumer in a throwaway group (it never commits, so the broker forgets it) seeks
// there and reads that one record.
import { randomUUID } from 'node:crypto';
import type { Admin, Kafka } from 'kafkajs';
import type { LogRecord } from './event-log.js';
import { toLogRecord } from './kafka-records.js';

export interface LastRecordQuery {
  topic: string;
  physicalTopic: string;
  clientId: string;
  timeoutMs: number;
}

export async function readLastRecord(kafka: Kafka, admin: Admin, query: LastRecordQuery): Promise<LogRecord | null> {
  const partitions = await admin.fetchTopicOffsets(query.physicalTopic);
  const [only] = partitions;
  if (partitions.length !== 1 || !only) {
    throw new Error(`last() reads single-partition topics; ${query.topic} has ${partitions.length} partitions`);
  }
  const high = BigInt(only.high);
  if (high <= BigInt(only.low)) return null;
  return readRecordAt(kafka, query, high - 1n);
}

async function readRecordAt(kafka: Kafka, query: LastRecordQuery, offset: bigint): Promise<LogRecord> {
  const consumer = kafka.consumer({
    groupId: `${query.clientId}.last.${randomUUID()}`,
    maxWaitTimeInMs: 100,
    allowAutoTopicCreation: false,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    let found: (record: LogRecord) => void = () => undefined;
    const record = new Promise<LogRecord>((resolve) => (found = resolve));
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`could not read offset ${offset} of ${query.topic} within ${query.timeoutMs} ms`)), query.timeoutMs);
    });
    const read = async (): Promise<void> => {
      await consumer.connect();
      await consumer.subscribe({ topics: [query.physicalTopic], fromBeginning: false });
      await consumer.run({
        autoCommit: false,
        eachBatch: async ({ batch }) => {
          const message = batch.messages.find((candidate) => BigInt(candidate.offset) === offset);
          if (message) found(toLogRecord(query.topic, batch.partition, message));
        },
      });
      consumer.seek({ topic: query.physicalTopic, partition: 0, offset: offset.toString() });
    };
    await Promise.race([read(), timeout]);
    return await Promise.race([record, timeout]);
  } finally {
    clearTimeout(timer);
    await consumer.disconnect();
  }
}
