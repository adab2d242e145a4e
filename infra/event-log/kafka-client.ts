// Kafka clients of the event log: its options, the kafkajs client (logs routed to pino, or silent), the
// idempotent producer (acks=-1 is set per send) and the admin client, connected together.
import { Kafka, Partitioners, logLevel, type Admin, type Producer, type logCreator } from 'kafkajs';
import type { Logger } from 'pino';
import type { Retention } from './event-log.js';

export interface KafkaEventLogOptions {
  /** host:port of one or more brokers. */
  brokers: readonly string[];
  clientId?: string;
  /** Prepended to topic names in Kafka, for sharing a cluster between deployments or tests. */
  topicPrefix?: string;
  /** Partitions by topic name, for topics this log creates (default: DEFAULT_PARTITIONS, others 1). */
  partitions?: Readonly<Record<string, number>>;
  replicationFactor?: number;
  /** `retention.ms` of the topics this log creates; others keep every record (`retention.ms` -1). */
  retention?: Retention;
  /** Largest produce request (default 900 KB, under the broker's 1 MB message.max.bytes). */
  maxRequestBytes?: number;
  /** Records a consumer buffers before it pauses fetching (default 20,000). */
  bufferRecords?: number;
  /** Longest a fetch waits on the broker (default 250 ms). */
  fetchWaitMs?: number;
  /** Longest a consumer may go silent (a killed process) before the broker gives its partitions to the rest of
   * its group (default 30 s; the broker bounds it by group.min/max.session.timeout.ms). */
  sessionTimeoutMs?: number;
  /** Longest `last` waits for its record (default 30 s). */
  lastTimeoutMs?: number;
  /** Receives kafkajs warnings and errors; kafkajs stays silent without one. */
  logger?: Logger;
}

export interface KafkaClients {
  kafka: Kafka;
  producer: Producer;
  admin: Admin;
  clientId: string;
}

export async function connectKafkaClients(options: KafkaEventLogOptions): Promise<KafkaClients> {
  if (options.brokers.length === 0) throw new Error('the Kafka event log needs at least one broker');
  const clientId = options.clientId ?? 'launchtape';
  const kafka = new Kafka({
    clientId,
    brokers: [...options.brokers],
    ...(options.logger ? { logLevel: logLevel.WARN, logCreator: pinoLogCreator(options.logger) } : { logLevel: logLevel.NOTHING }),
  });
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  const admin = kafka.admin();
  await producer.connect();
  try {
    await admin.connect();
  } catch (error) {
    await producer.disconnect();
    throw error;
  }
  return { kafka, producer, admin, clientId };
}

/** kafkajs's lines as pino's. Its `Connection` lines report each error answer of the broker, which it retries when it
 * can (a coordinator loading after a restart, a topic another client created first); what fails for good reaches our
 * code as a thrown error, logged there. So those are warnings. */
function pinoLogCreator(logger: Logger): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      const { message, ...fields } = log;
      const entry = { kafkaNamespace: namespace, ...fields };
      if (level === logLevel.ERROR && namespace !== 'Connection') logger.error(entry, message);
      else if (level <= logLevel.WARN) logger.warn(entry, message);
      else logger.debug(entry, message);
    };
}
