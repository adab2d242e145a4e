// Vitest global setup: one local Kafka broker for the whole run, when a selected spec uses Kafka (imports
// kafka-test-brokers.ts), KAFKA_BROKERS names none, and Java and Maven are present. Its address reaches the
// workers through provide/inject. Under CI=true a broker that cannot be had fails the run here; elsewhere the
// Kafka specs skip, saying what to install.
import { readFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { LOCAL_KAFKA_HINT, localKafkaPrerequisites, startLocalKafka, type LocalKafka } from '../../../infra/kafka-local/local-broker.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the broker this run started, or null when none was started. */
    kafkaBrokers: string | null;
    /** Why no broker was started, for the Kafka specs' skip message. */
    kafkaUnavailable: string | null;
  }
}

/** Whether the run's selected spec files include one that reads its brokers from kafka-test-brokers.ts. */
async function runUsesKafka(project: TestProject): Promise<boolean> {
  // The command line's file filters are not public API; without them every spec file of the run counts.
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const specs = await project.vitest.globTestSpecifications(filters).catch(() => null);
  if (specs === null) return true;
  return specs.some((spec) => {
    try {
      return readFileSync(spec.moduleId, 'utf8').includes('kafka-test-brokers');
    } catch {
      return true;
    }
  });
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const none = (reason: string): undefined => {
    project.provide('kafkaBrokers', null);
    project.provide('kafkaUnavailable', reason);
    return undefined;
  };
  const unavailable = (reason: string): undefined => {
    if (process.env.CI === 'true') throw new Error(`Kafka tests cannot run under CI=true: ${reason}; ${LOCAL_KAFKA_HINT}`);
    return none(reason);
  };
  if (process.env.KAFKA_BROKERS?.trim()) return none('KAFKA_BROKERS is set, so its brokers are used');
  if (!(await runUsesKafka(project))) return none('no selected spec uses Kafka');
  const missing = localKafkaPrerequisites();
  if (missing) return unavailable(missing);

  let kafka: LocalKafka;
  const started = Date.now();
  try {
    kafka = await startLocalKafka();
  } catch (error) {
    return unavailable(`the local Kafka broker did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  console.info(`local Kafka broker for the tests at ${kafka.brokers} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  project.provide('kafkaBrokers', kafka.brokers);
  project.provide('kafkaUnavailable', null);
  return () => kafka.stop();
}
