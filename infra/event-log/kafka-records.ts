// Conversions between the event log's records and Kafka messages, and the split of a large append into
// produce requests that stay under the broker's size limit (message.max.bytes, about 1 MB by default).
import type { KafkaMessage, Message } from 'kafkajs';
import type { AppendRecord, LogRecord } from './event-log.js';
import { EventLogInputError } from './event-log-input.js';

/** Per-record framing Kafka adds around key and value (record header, varints, batch share). */
const RECORD_OVERHEAD_BYTES = 64;

export function toLogRecord(topic: string, partition: number, message: KafkaMessage): LogRecord {
  return {
    topic,
    partition,
    offset: BigInt(message.offset),
    key: message.key?.toString('utf8') ?? '',
    value: message.value?.toString('utf8') ?? '',
  };
}

/**
 * The records as produce requests of at most `maxRequestBytes` each, in order. A record that cannot fit
 * in one request is refused (before anything is sent), since the broker would refuse it mid-append.
 */
export function produceChunks(records: readonly AppendRecord[], maxRequestBytes: number): Message[][] {
  const chunks: Message[][] = [];
  let chunk: Message[] = [];
  let chunkBytes = 0;
  records.forEach((record, index) => {
    const bytes = Buffer.byteLength(record.key) + Buffer.byteLength(record.value) + RECORD_OVERHEAD_BYTES;
    if (bytes > maxRequestBytes) {
      throw new EventLogInputError(`record ${index} is ${bytes} bytes; Kafka records are limited to ${maxRequestBytes}`);
    }
    if (chunkBytes + bytes > maxRequestBytes) {
      chunks.push(chunk);
      chunk = [];
      chunkBytes = 0;
    }
    chunk.push({ key: record.key, value: record.value });
    chunkBytes += bytes;
  });
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}
