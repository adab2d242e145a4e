// Opens the configured event log: Kafka when brokers are configured (scale-out), otherwise the durable
// SQLite log in the data dir (embedded default). Callers pass values from schemas/config.ts, e.g.
// `openEventLog({ dataDir: config.dataDir, kafkaBrokers: config.stores.kafkaBrokers, logger })`.
import type { Logger } from 'pino';
import type { EventLog, Retention } from './event-log.js';
import { KafkaEventLog } from './kafka-event-log.js';
import { SqliteEventLog } from './sqlite-event-log.js';

export interface OpenEventLogOptions {
  /** Holds `event-log.sqlite` when no brokers are configured. */
  dataDir: string;
  /** host:port of the Kafka brokers (config.stores.kafkaBrokers); absent or empty means SQLite. */
  kafkaBrokers?: readonly string[] | undefined;
  /** The Kafka consumers' session timeout (config.stores.kafkaSessionTimeoutMs); kafkajs's default when absent. */
  kafkaSessionTimeoutMs?: number;
  /** How long each listed topic keeps its records (event-log.ts); the rest keep everything. */
  retention?: Retention;
  logger?: Logger;
}

export async function openEventLog(options: OpenEventLogOptions): Promise<EventLog> {
  const { kafkaBrokers, logger } = options;
  if (kafkaBrokers && kafkaBrokers.length > 0) {
    logger?.info({ brokers: kafkaBrokers }, 'event log: Kafka');
    return KafkaEventLog.connect({
      brokers: kafkaBrokers,
      ...(options.kafkaSessionTimeoutMs === undefined ? {} : { sessionTimeoutMs: options.kafkaSessionTimeoutMs }),
      ...(options.retention ? { retention: options.retention } : {}),
      ...(logger ? { logger } : {}),
    });
  }
  const log = SqliteEventLog.open(options.dataDir, options.retention ? { retention: options.retention } : {});
  logger?.info({ dataDir: options.dataDir }, 'event log: SQLite');
  return log;
}
