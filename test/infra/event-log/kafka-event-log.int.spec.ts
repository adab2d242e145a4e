// The Kafka event log against a real broker: the shared contract (on topics under a per-test prefix, deleted
// afterwards), consumer backpressure through a small buffer, `last` refusing multi-partition topics, and
// openEventLog choosing Kafka when brokers are configured. Runs only when KAFKA_BROKERS names a broker that
// answers; otherwise the suite is skipped with a note.
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { afterEach, describe, expect, it } from 'vitest';
import { TOPICS, type EventLog } from '../../../infra/event-log/event-log.js';
import { KafkaEventLog, type KafkaEventLogOptions } from '../../../infra/event-log/kafka-event-log.js';
import { openEventLog } from '../../../infra/event-log/open-event-log.js';
import { describeEventLogContract, pollCount, type EventLogHarness } from './event-log.contract.js';
import { probeKafkaBrokers } from './kafka-test-brokers.js';

const probe = await probeKafkaBrokers();

if (probe.brokers === null) {
  console.info(`Kafka event log spec skipped: ${probe.reason}. Set KAFKA_BROKERS=host:port (a reachable broker) to run it.`);
  describe.skip('EventLog contract: Kafka (needs KAFKA_BROKERS)', () => {
    it('runs against a reachable broker', () => undefined);
  });
} else {
  const brokers = probe.brokers;

  /** Fresh topics per harness: a unique prefix, removed again by dispose. */
  async function kafkaHarness(options: Partial<KafkaEventLogOptions> = {}): Promise<EventLogHarness> {
    const topicPrefix = `lt-test-${randomUUID().slice(0, 8)}.`;
    const opened: EventLog[] = [];
    return {
      open: async () => {
        const log = await KafkaEventLog.connect({
          brokers,
          topicPrefix,
          partitions: { [TOPICS.coinEvents]: 4 },
          fetchWaitMs: 100,
          ...options,
        });
        opened.push(log);
        return log;
      },
      // To the broker a killed client is one that stops heartbeating; closing commits nothing either, and
      // lets the next instance join the group without waiting out the session timeout.
      crash: (log) => log.close(),
      dispose: async () => {
        for (const log of opened) await log.close();
        const admin = new Kafka({ clientId: 'launchtape-test-cleanup', brokers, logLevel: logLevel.NOTHING }).admin();
        await admin.connect();
        const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(topicPrefix));
        if (topics.length > 0) await admin.deleteTopics({ topics });
        await admin.disconnect();
      },
    };
  }

  describeEventLogContract('Kafka', () => kafkaHarness(), { arriveMs: 30_000, quietMs: 2_000 });

  describe('Kafka event log', () => {
    const harnesses: EventLogHarness[] = [];
    afterEach(async () => {
      for (const harness of harnesses.splice(0)) await harness.dispose();
    });
    async function start(options: Partial<KafkaEventLogOptions> = {}) {
      const harness = await kafkaHarness(options);
      harnesses.push(harness);
      return harness.open();
    }

    it('pauses fetching at the buffer limit and delivers everything in order', async () => {
      const log = await start({ bufferRecords: 100 });
      await log.append(TOPICS.rawTransactions, Array.from({ length: 5_000 }, (_, i) => ({ key: `k${i}`, value: String(i) })));
      const got = await pollCount(log, TOPICS.rawTransactions, 'g', 5_000, 60_000, 37);
      expect(got.map((r) => Number(r.value))).toEqual([...Array(5_000).keys()]);
    });

    it('refuses last() on a multi-partition topic', async () => {
      const log = await start();
      await expect(log.last(TOPICS.coinEvents)).rejects.toThrow(/single-partition/);
    });

    it('is what openEventLog opens when brokers are configured', async () => {
      const log = await openEventLog({ dataDir: '/nonexistent', kafkaBrokers: brokers });
      try {
        expect(log).toBeInstanceOf(KafkaEventLog);
      } finally {
        await log.close();
      }
    });
  });
}
