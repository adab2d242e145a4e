// The event log a bench phase runs on: the SQLite log under each process's data dir (the embedded default), or a
// fresh local Kafka broker of its own (infra/kafka-local), so no phase reads another's topics.
import { startLocalKafka } from '../kafka-local/local-broker.js';

export type BenchLogKind = 'sqlite' | 'kafka';

export interface BenchEventLog {
  /** host:port for the processes' KAFKA_BROKERS; undefined on SQLite. */
  kafkaBrokers: string | undefined;
  stop(): Promise<void>;
}

export async function openBenchEventLog(kind: BenchLogKind): Promise<BenchEventLog> {
  if (kind === 'sqlite') return { kafkaBrokers: undefined, stop: async () => undefined };
  const kafka = await startLocalKafka();
  return { kafkaBrokers: kafka.brokers, stop: () => kafka.stop() };
}
