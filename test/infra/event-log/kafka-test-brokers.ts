// The Kafka specs' switch: brokers from KAFKA_BROKERS (read here, for tests only; the service reads its
// configuration through schemas/config.ts), used only when one of them answers within a few seconds.
import { Kafka, logLevel } from 'kafkajs';

export type KafkaProbe = { brokers: string[] } | { brokers: null; reason: string };

export async function probeKafkaBrokers(): Promise<KafkaProbe> {
  const brokers = (process.env.KAFKA_BROKERS ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (brokers.length === 0) return { brokers: null, reason: 'KAFKA_BROKERS is not set' };
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
    return { brokers: null, reason: `no broker in KAFKA_BROKERS=${brokers.join(',')} answered (${String(error)})` };
  } finally {
    await admin.disconnect();
  }
}
