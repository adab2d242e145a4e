// The Kafka event log against a real broker: the shared contract (on topics under a per-test prefix, deleted
// afterwards), topics created with their configured partition counts and retention and every key in one partition, replay
// from the beginning for a new group, consumer backpressure through a small buffer, `last` refusing
// multi-partition topics, openEventLog choosing Kafka when brokers are configured; and faults: a broker
// restarted mid-run (a broker of the test's own) and a killed member of a two-member group. The broker is
// KAFKA_BROKERS or the run's local one (kafka-global-setup.ts); without either the spec is skipped, saying
// what to install, except under CI=true, where that fails.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { afterEach, describe, expect, it, type TestContext } from 'vitest';
import { TOPICS, type EventLog, type LogRecord } from '../../../infra/event-log/event-log.js';
import { KafkaEventLog, type KafkaEventLogOptions } from '../../../infra/event-log/kafka-event-log.js';
import { KafkaGroupReader } from '../../../infra/event-log/kafka-group-reader.js';
import { openEventLog } from '../../../infra/event-log/open-event-log.js';
import { LOCAL_KAFKA_HINT, localKafkaPrerequisites, startLocalKafka, type LocalKafka } from '../../../infra/kafka-local/local-broker.js';
import { describeEventLogContract, pollCount, type EventLogHarness } from './event-log.contract.js';
import { probeKafkaBrokers } from './kafka-test-brokers.js';

const probe = await probeKafkaBrokers();
const CHILD = join(import.meta.dirname, 'kafka-event-log-child.ts');
const coin = TOPICS.coinEvents;
const raw = TOPICS.rawTransactions;
const n = (record: LogRecord): number => (JSON.parse(record.value) as { n: number }).n;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const coinRecords = (from: number, count: number, keys = 40) =>
  Array.from({ length: count }, (_, i) => ({ key: `mint-${(from + i) % keys}`, value: JSON.stringify({ n: from + i }) }));

function admin(brokers: readonly string[]) {
  return new Kafka({ clientId: 'launchtape-test-admin', brokers: [...brokers], logLevel: logLevel.NOTHING }).admin();
}

async function deleteTopics(brokers: readonly string[], prefix: string): Promise<void> {
  const client = admin(brokers);
  await client.connect();
  try {
    const topics = (await client.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length > 0) await client.deleteTopics({ topics });
  } finally {
    await client.disconnect();
  }
}

if (probe.brokers === null) {
  console.info(`Kafka event log spec skipped: ${probe.reason}. To run it, ${LOCAL_KAFKA_HINT}.`);
  describe.skip('EventLog contract: Kafka (needs a broker)', () => {
    it.skip(`${probe.reason}; ${LOCAL_KAFKA_HINT}`);
  });
} else {
  const brokers = probe.brokers;

  type KafkaHarness = EventLogHarness & { topicPrefix: string; open(extra?: Partial<KafkaEventLogOptions>): Promise<KafkaEventLog> };

  /** Fresh topics per harness: a unique prefix, removed again by dispose. */
  function kafkaHarness(options: Partial<KafkaEventLogOptions> = {}, on: readonly string[] = brokers): KafkaHarness {
    const topicPrefix = `lt-test-${randomUUID().slice(0, 8)}.`;
    const opened: EventLog[] = [];
    return {
      topicPrefix,
      open: async (extra: Partial<KafkaEventLogOptions> = {}) => {
        const log = await KafkaEventLog.connect({
          brokers: on,
          topicPrefix,
          partitions: { [coin]: 4 },
          fetchWaitMs: 100,
          ...options,
          ...extra,
        });
        opened.push(log);
        return log;
      },
      // To the broker a killed client is one that stops heartbeating; closing commits nothing either, and
      // lets the next instance join the group without waiting out the session timeout. A real kill is below.
      crash: (log) => log.close(),
      dispose: async () => {
        for (const log of opened) await log.close();
        await deleteTopics(on, topicPrefix);
      },
    };
  }

  describeEventLogContract('Kafka', async () => kafkaHarness(), { arriveMs: 30_000, quietMs: 2_000 });

  describe('Kafka event log', () => {
    const harnesses: EventLogHarness[] = [];
    afterEach(async () => {
      for (const harness of harnesses.splice(0)) await harness.dispose();
    });
    function harness(options: Partial<KafkaEventLogOptions> = {}) {
      const made = kafkaHarness(options);
      harnesses.push(made);
      return made;
    }

    it('creates each topic with its configured partition count and keeps every key in one partition', async () => {
      const configured = harness();
      const log = await configured.open();
      await log.append(coin, coinRecords(0, 400));
      await log.append(raw, coinRecords(0, 3));
      await log.append('other-topic', coinRecords(0, 3));
      const defaults = harness({ partitions: undefined });
      await (await defaults.open()).append(coin, coinRecords(0, 1));

      const client = admin(brokers);
      await client.connect();
      try {
        const names = [configured.topicPrefix + coin, configured.topicPrefix + raw, `${configured.topicPrefix}other-topic`, defaults.topicPrefix + coin];
        const { topics } = await client.fetchTopicMetadata({ topics: names });
        const partitions = new Map(topics.map((topic) => [topic.name, topic.partitions.length]));
        expect(names.map((name) => partitions.get(name))).toEqual([4, 1, 1, 6]);
      } finally {
        await client.disconnect();
      }

      const got = await pollCount(log, coin, 'g', 400, 30_000);
      expect(got).toHaveLength(400);
      const partitionsOfKey = new Map<string, Set<number>>();
      for (const record of got) partitionsOfKey.set(record.key, (partitionsOfKey.get(record.key) ?? new Set()).add(record.partition));
      expect([...partitionsOfKey.values()].every((partitions) => partitions.size === 1)).toBe(true);
      // 40 keys over 4 partitions: all in one partition would mean the key is not what spreads them.
      expect(new Set(got.map((record) => record.partition)).size).toBeGreaterThanOrEqual(3);
    });

    it('creates a retained topic with its retention and every other topic keeping its records, whatever the broker says', async () => {
      const configured = harness({ retention: { [raw]: 3_600_000 } });
      const log = await configured.open();
      await log.append(raw, coinRecords(0, 1));
      await log.append(coin, coinRecords(0, 1));
      const client = admin(brokers);
      await client.connect();
      try {
        const { resources } = await client.describeConfigs({
          includeSynonyms: false,
          resources: [raw, coin].map((topic) => ({ type: ConfigResourceTypes.TOPIC, name: configured.topicPrefix + topic, configNames: ['retention.ms'] })),
        });
        expect(resources.map((resource) => resource.configEntries.find((entry) => entry.configName === 'retention.ms')?.configValue)).toEqual([
          '3600000',
          '-1',
        ]);
      } finally {
        await client.disconnect();
      }
    });

    it('replays a topic from its first record for a group that never committed, in a new instance', async () => {
      const made = harness();
      const log = await made.open();
      await log.append(raw, coinRecords(0, 10));
      await log.commit(raw, 'early', await pollCount(log, raw, 'early', 10, 30_000));
      await log.append(raw, coinRecords(10, 5));
      await log.close();
      const reopened = await made.open();
      const replay = await pollCount(reopened, raw, 'late', 15, 30_000);
      expect(replay.map(n)).toEqual([...Array(15).keys()]);
      expect(replay[0]!.offset).toBe(0n);
      expect((await pollCount(reopened, raw, 'early', 5, 30_000)).map(n)).toEqual([10, 11, 12, 13, 14]);
    });

    it('pauses fetching at the buffer limit and resumes below half of it, delivering everything in order', async () => {
      const made = harness();
      const log = await made.open();
      const padding = 'x'.repeat(1_000);
      const total = 6_000;
      // About 6 MB: several fetches' worth (kafkajs takes up to 1 MB per partition per fetch).
      await log.append(
        raw,
        Array.from({ length: total }, (_, i) => ({ key: 'k', value: JSON.stringify({ n: i, padding }) })),
      );
      const kafka = new Kafka({ clientId: 'launchtape-test-reader', brokers: [...brokers], logLevel: logLevel.NOTHING });
      const readerAdmin = kafka.admin();
      await readerAdmin.connect();
      const reader = await KafkaGroupReader.start(kafka, readerAdmin, {
        topic: raw,
        physicalTopic: made.topicPrefix + raw,
        kafkaGroup: `${made.topicPrefix}reader`,
        highWater: 100,
        fetchWaitMs: 100,
      });
      try {
        const got = await reader.poll(37, 30_000);
        expect(got.length).toBeGreaterThan(0);
        let mostBuffered = reader.buffered;
        // Ten fetch waits with nothing taken: without the pause everything would be fetched by now.
        for (let i = 0; i < 20; i++) {
          await sleep(50);
          mostBuffered = Math.max(mostBuffered, reader.buffered);
        }
        expect(reader.buffered).toBeGreaterThan(0);
        const deadline = Date.now() + 40_000;
        while (got.length < total && Date.now() < deadline) {
          got.push(...(await reader.poll(37, 1_000)));
          mostBuffered = Math.max(mostBuffered, reader.buffered);
        }
        expect(got.map(n)).toEqual([...Array(total).keys()]);
        // At most the fetch that crossed the limit and one already under way (each up to about 1 MB).
        expect(mostBuffered).toBeLessThan(2_600);
      } finally {
        await reader.stop();
        await readerAdmin.disconnect();
      }
    });

    it('refuses last() on a multi-partition topic', async () => {
      const log = await harness().open();
      await expect(log.last(coin)).rejects.toThrow(/single-partition/);
    });

    it('is what openEventLog opens when brokers are configured, and it reads and writes there', async () => {
      const topic = `lt-test-${randomUUID().slice(0, 8)}.open`;
      const log = await openEventLog({ dataDir: '/nonexistent', kafkaBrokers: brokers });
      try {
        expect(log).toBeInstanceOf(KafkaEventLog);
        await log.append(topic, [{ key: 'k', value: 'through openEventLog' }]);
        expect((await log.last(topic))?.value).toBe('through openEventLog');
      } finally {
        await log.close();
        await deleteTopics(brokers, topic);
      }
    });
  });

  describe('Kafka event log under faults', () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    /** A broker of this test's own (it is restarted), when Java and Maven are here. */
    async function ownBroker(ctx: TestContext): Promise<LocalKafka> {
      const missing = localKafkaPrerequisites();
      if (missing) {
        if (process.env.CI === 'true') throw new Error(`the broker restart test cannot run under CI=true: ${missing}`);
        console.info(`broker restart test skipped: ${missing}; ${LOCAL_KAFKA_HINT}`);
        ctx.skip();
      }
      const dataDir = mkdtempSync(join(tmpdir(), 'launchtape-kafka-restart-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const broker = await startLocalKafka({ dataDir });
      cleanups.push(() => broker.stop());
      return broker;
    }

    it('loses nothing and redelivers nothing committed when the broker restarts mid-run', async (ctx) => {
      const first = await ownBroker(ctx);
      // Set once later, read by the cleanup whether or not it was.
      let second: LocalKafka | undefined;
      cleanups.push(async () => second?.stop());
      const made = kafkaHarness({}, [first.brokers]);
      const log = await made.open();
      cleanups.push(() => log.close());
      const total = 3_000;
      const perAppend = 100;

      let appended = 0;
      let appendFailures = 0;
      let stopConsuming = false;
      const producing = (async () => {
        while (appended < total && !stopConsuming) {
          try {
            await log.append(coin, coinRecords(appended, perAppend));
            appended += perAppend;
          } catch {
            appendFailures++;
            await sleep(250);
          }
          await sleep(50);
        }
      })();

      // A projection as the runner does it: apply a batch, then commit; on failure rewind and try again.
      // Applying is idempotent by event (n), so only what it has seen counts, not how often.
      const projected = new Set<number>();
      const committedUpTo = new Map<number, bigint>();
      const redeliveredCommitted: LogRecord[] = [];
      let consumeFailures = 0;
      const consuming = (async () => {
        while (!stopConsuming && projected.size < total) {
          try {
            const batch = await log.poll(coin, 'projection', { maxRecords: 200, waitMs: 250 });
            for (const record of batch) {
              if (record.offset < (committedUpTo.get(record.partition) ?? 0n)) redeliveredCommitted.push(record);
              projected.add(n(record));
            }
            await log.commit(coin, 'projection', batch);
            for (const record of batch) {
              if (record.offset + 1n > (committedUpTo.get(record.partition) ?? 0n)) committedUpTo.set(record.partition, record.offset + 1n);
            }
          } catch {
            consumeFailures++;
            await log.rewind(coin, 'projection').catch(() => undefined);
            await sleep(250);
          }
        }
      })();
      cleanups.push(async () => {
        stopConsuming = true;
        await Promise.all([producing, consuming]);
      });

      while (appended < total / 2 || projected.size < total / 4) await sleep(50);
      const atStop = { appended, projected: projected.size };
      await first.stop();
      second = await startLocalKafka({ port: first.port, dataDir: first.dataDir });
      await producing;
      const deadline = Date.now() + 40_000;
      while (projected.size < total && Date.now() < deadline) await sleep(100);
      stopConsuming = true;
      await consuming;

      console.info(
        `broker restart at ${atStop.appended} appended, ${atStop.projected} projected: ` +
          `${appendFailures} failed appends retried, ${consumeFailures} failed polls or commits`,
      );
      // Both sides still had work when the broker went down.
      expect(atStop.appended).toBeLessThan(total);
      expect(atStop.projected).toBeLessThan(total);
      expect(redeliveredCommitted).toEqual([]);
      expect(projected.size).toBe(total);
      expect([...projected].sort((a, b) => a - b)).toEqual([...Array(total).keys()]);

      // What the restarted broker holds: the group's positions (a new instance of it has nothing left to read)
      // and each record once (the idempotent producer's retries across the restart wrote nothing twice; an
      // append that failed and was made again may repeat its records, as documented).
      await log.close();
      const reopened = await made.open();
      cleanups.push(() => reopened.close());
      expect(await reopened.poll(coin, 'projection', { maxRecords: 100, waitMs: 3_000 })).toEqual([]);
      const replay = await pollCount(reopened, coin, 'replay', total, 30_000);
      replay.push(...(await reopened.poll(coin, 'replay', { maxRecords: 10_000, waitMs: 1_000 })));
      expect(new Set(replay.map(n)).size).toBe(total);
      if (appendFailures === 0) expect(replay).toHaveLength(total);
    });

    it('shares partitions between two members of a group and hands a killed member’s partitions to the other', async () => {
      const sessionTimeoutMs = 3_000;
      const made = kafkaHarness({ sessionTimeoutMs });
      cleanups.push(() => made.dispose());
      const log = await made.open();
      await log.append(coin, coinRecords(0, 40));

      // Member A: another process, killed with SIGKILL (no commit, no leaving the group).
      const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', CHILD, brokers.join(','), made.topicPrefix, 'pair', String(sessionTimeoutMs)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      cleanups.push(async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // What A committed, and every value A received (a kill may come between a commit and its report).
      const byA: { at: number; partition: number; offset: number; n: number }[] = [];
      const receivedByA = new Set<number>();
      let aReady = false;
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const report = JSON.parse(line) as { ready?: boolean; polled?: [number, number, number][]; committed?: [number, number, number][] };
        if (report.ready) aReady = true;
        for (const [, , value] of report.polled ?? []) receivedByA.add(value);
        for (const [partition, offset, value] of report.committed ?? []) byA.push({ at: Date.now(), partition, offset, n: value });
      });
      const until = async (what: string, done: () => boolean, ms: number) => {
        const deadline = Date.now() + ms;
        while (!done()) {
          if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
          await sleep(50);
        }
      };
      await until('the second process to connect', () => aReady, 30_000);

      // The producer keeps every partition fed for the whole test, slower than either member reads.
      let appended = 40;
      let producing = true;
      const producer = (async () => {
        while (producing) {
          await log.append(coin, coinRecords(appended, 20));
          appended += 20;
          await sleep(100);
        }
      })();

      // Member B: this process, as slow as A while they share, so both have work; alone, it reads at full speed.
      const byB: { at: number; partition: number; offset: number; n: number }[] = [];
      let consuming = true;
      let batchSize = 20;
      const consumer = (async () => {
        while (consuming) {
          try {
            const batch = await log.poll(coin, 'pair', { maxRecords: batchSize, waitMs: 200 });
            if (batch.length === 0) continue;
            await log.commit(coin, 'pair', batch);
            for (const record of batch) byB.push({ at: Date.now(), partition: record.partition, offset: Number(record.offset), n: n(record) });
            if (batchSize === 20) await sleep(50);
          } catch {
            await log.rewind(coin, 'pair').catch(() => undefined);
            await sleep(100);
          }
        }
      })();
      cleanups.push(async () => {
        producing = false;
        consuming = false;
        await Promise.all([producer, consumer]);
      });
      const partitionsSince = (list: typeof byA, at: number) => new Set(list.filter((entry) => entry.at >= at).map((entry) => entry.partition));

      // Sharing: after both received records and a moment to settle, each reads only its own partitions.
      await until('both members to receive records', () => byA.length > 0 && byB.length > 0, 30_000);
      const settled = Math.max(byA[0]!.at, byB[0]!.at) + 1_000;
      await until('both members to read after the rebalance', () => partitionsSince(byA, settled).size > 0 && partitionsSince(byB, settled).size > 0, 30_000);
      await sleep(1_000);
      const ofA = partitionsSince(byA, settled);
      const ofB = partitionsSince(byB, settled);
      expect([...ofA].filter((partition) => ofB.has(partition))).toEqual([]);
      expect(ofA.size + ofB.size).toBe(4);

      child.kill('SIGKILL');
      await exited;
      const killedAt = Date.now();
      batchSize = 1_000;
      const committedByA = new Map<number, number>();
      for (const { partition, offset } of byA) committedByA.set(partition, Math.max(committedByA.get(partition) ?? 0, offset + 1));

      // Takeover: once the session times out, B reads A's partitions from where A committed.
      await until("the survivor to read the killed member's partitions", () => [...ofA].every((p) => partitionsSince(byB, killedAt).has(p)), 30_000);
      producing = false;
      await producer;
      const all = [...Array(appended).keys()];
      const seen = () => new Set([...receivedByA, ...byB.map((entry) => entry.n)]);
      const missing = () => all.filter((value) => !seen().has(value));
      await until('every record to be consumed', () => missing().length === 0, 30_000).catch((error: Error) => {
        throw new Error(`${error.message}: ${missing().length} of ${all.length} never came`);
      });
      consuming = false;
      await consumer;

      const takenOver = byB.filter((entry) => entry.at >= killedAt && ofA.has(entry.partition));
      expect(takenOver.filter((entry) => entry.offset < (committedByA.get(entry.partition) ?? 0))).toEqual([]);
      expect(missing()).toEqual([]);
    });
  });
}
