// The Kafka specs' brokers: KAFKA_BROKERS when set (read here, for tests only; the service reads its
// configuration through schemas/config.ts), else the local broker the run's global setup started
// (kafka-global-setup.ts). Either must answer within a few seconds. Under CI=true having none fails the spec
// file instead of skipping it.
import { Kafka, logLevel } from 'kafkajs';
import { inject } from 'vitest';

export type KafkaProbe = { brokers: string[] } | { brokers: null; reason: string };

export async function probeKafkaBrokers(): Promise<KafkaProbe> {
  const probe = await findBrokers();
  if (probe.brokers === null && process.env.CI === 'true') throw new Error(`Kafka specs cannot be skipped under CI=true: ${probe.reason}`);
  return probe;
}

async function findBrokers(): Promise<KafkaProbe> {
  const configured = (process.env.KAFKA_BROKERS ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const local = inject('kafkaBrokers');
  const brokers = configured.length > 0 ? configured : local ? [local] : [];
  if (brokers.length === 0) return { brokers: null, reason: inject('kafkaUnavailable') ?? 'no broker was started' };
  const admin = new Kafka({
    clientId: 'launchtape-test-probe',
    brokers,
    logLevel: logLevel.NOTHING,
    connectionTimeout: 3_000,
    retry: { retries: 1 },
  }).admin();
  try {
    await admin.connect();
    await admin.describeCluster();
    return { brokers };
  } catch (error) {
    return { brokers: null, reason: `no broker at ${brokers.join(',')} answered (${String(error)})` };
  } finally {
    await admin.disconnect();
  }
}
