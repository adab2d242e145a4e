// Opens the stores a role needs from the configuration: the event log (SQLite under DATA_DIR, or
// Kafka), the analytics store (chDB under DATA_DIR, or a ClickHouse server) and the operational store
// (embedded Triplit under DATA_DIR, or a Triplit server).
import { join } from 'node:path';
import type { Logger } from 'pino';
import { openEventLog } from '../event-log/open-event-log.js';
import { TOPICS, type EventLog } from '../event-log/event-log.js';
import { openOlap } from '../olap/open-olap.js';
import type { Olap } from '../olap/olap.js';
import { openOpStore } from '../opstore/open-op-store.js';
import type { OpStore } from '../opstore/op-store.js';
import type { Config } from '../../schemas/config.js';

export function openServiceEventLog(config: Config, logger?: Logger): Promise<EventLog> {
  return openEventLog({
    dataDir: join(config.dataDir, 'event-log'),
    kafkaBrokers: config.stores.kafkaBrokers,
    kafkaSessionTimeoutMs: config.stores.kafkaSessionTimeoutMs,
    ...(config.stores.rawRetentionMs === null ? {} : { retention: { [TOPICS.rawTransactions]: config.stores.rawRetentionMs } }),
    logger,
  });
}

export function openServiceOlap(config: Config): Promise<Olap> {
  return openOlap({ dataDir: join(config.dataDir, 'olap'), clickhouseUrl: config.stores.clickhouseUrl });
}

export function openServiceOpStore(config: Config): Promise<OpStore> {
  return openOpStore({ dataDir: config.dataDir, triplitUrl: config.stores.triplitUrl, triplitToken: config.stores.triplitToken });
}

/** The Yellowstone endpoint: the configured one, or the embedded devnet's. */
export function yellowstoneEndpoint(config: Config): string {
  return config.chain.yellowstoneUrl ?? `http://127.0.0.1:${config.devnet.grpcPort}`;
}
