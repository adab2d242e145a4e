// The EventLog contract both implementations must pass: ordered appends, per-key order, independent
// groups, resume from the committed position after reopen and after a crash, rewind redelivery,
// `last`, polls woken by appends, batch writes, large batches, and bad input refused without touching stored data.
import { afterEach, describe, expect, it } from 'vitest';
import { TOPICS, type EventLog, type LogRecord } from '../../../infra/event-log/event-log.js';
import { EventLogInputError } from '../../../infra/event-log/event-log-input.js';
import { writeBatch } from '../../../infra/event-log/write-batch.js';

/** Fresh storage per test; every `open` sees the same data (same dir, same brokers and topic prefix). */
export interface EventLogHarness {
  open(): Promise<EventLog>;
  /** End an instance the way a killed process would: without committing anything further. */
  crash(log: EventLog): Promise<void>;
  dispose(): Promise<void>;
}

export interface ContractTiming {
  /** Longest a test waits for records that must arrive. */
  arriveMs: number;
  /** How long a poll waits before nothing more is taken to mean "caught up". */
  quietMs: number;
}

const raw = TOPICS.rawTransactions; // one partition in every implementation
const keyed = TOPICS.coinEvents; // several partitions on Kafka

const records = (count: number, key = (i: number) => `key-${i % 7}`, from = 0) =>
  Array.from({ length: count }, (_, i) => ({ key: key(from + i), value: JSON.stringify({ n: from + i }) }));
const n = (record: LogRecord): number => (JSON.parse(record.value) as { n: number }).n;

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Poll until `count` records came or `arriveMs` passed. */
export async function pollCount(log: EventLog, topic: string, group: string, count: number, arriveMs: number, maxRecords = 5_000) {
  const got: LogRecord[] = [];
  const deadline = Date.now() + arriveMs;
  while (got.length < count && Date.now() < deadline) {
    got.push(...(await log.poll(topic, group, { maxRecords: Math.min(maxRecords, count - got.length), waitMs: 250 })));
  }
  return got;
}

export function describeEventLogContract(name: string, factory: () => Promise<EventLogHarness>, timing: ContractTiming): void {
  describe(`EventLog contract: ${name}`, () => {
    const harnesses: EventLogHarness[] = [];
    const { arriveMs, quietMs } = timing;
    afterEach(async () => {
      for (const harness of harnesses.splice(0)) await harness.dispose();
    });
    async function start() {
      const harness = await factory();
      harnesses.push(harness);
      return { harness, log: await harness.open() };
    }
    const expectQuiet = async (log: EventLog, topic: string, group: string) =>
      expect(await log.poll(topic, group, { maxRecords: 100, waitMs: quietMs })).toEqual([]);

    it('returns appended records in order with increasing offsets, then nothing', async () => {
      const { log } = await start();
      await log.append(raw, records(10));
      const got = await pollCount(log, raw, 'g', 10, arriveMs);
      expect(got.map(n)).toEqual([...Array(10).keys()]);
      expect(got.every((r) => r.topic === raw && r.partition === 0 && r.key === `key-${n(r) % 7}`)).toBe(true);
      for (const [i, r] of got.slice(1).entries()) expect(r.offset).toBeGreaterThan(got[i]!.offset);
      await expectQuiet(log, raw, 'g');
    });

    it('keeps each key in append order across many keys and small polls', async () => {
      const { log } = await start();
      for (let batch = 0; batch < 10; batch++)
        await log.append(
          keyed,
          records(100, (i) => `mint-${i % 50}`, batch * 100),
        );
      const got = await pollCount(log, keyed, 'g', 1_000, arriveMs, 64);
      expect(new Set(got.map(n)).size).toBe(1_000);
      const byKey = groupBy(got, (r) => r.key);
      expect(byKey.size).toBe(50);
      for (const list of byKey.values()) expect(list.map(n)).toEqual(list.map(n).sort((a, b) => a - b));
      for (const list of groupBy(got, (r) => r.partition).values()) {
        for (const [i, r] of list.slice(1).entries()) expect(r.offset).toBeGreaterThan(list[i]!.offset);
      }
    });

    it('lets two groups read independently', async () => {
      const { log } = await start();
      await log.append(raw, records(5));
      const a = await pollCount(log, raw, 'a', 5, arriveMs);
      await log.commit(raw, 'a', a);
      const b = await pollCount(log, raw, 'b', 2, arriveMs, 2);
      expect([a.map(n), b.map(n)]).toEqual([
        [0, 1, 2, 3, 4],
        [0, 1],
      ]);
      await log.append(raw, records(3, undefined, 5));
      expect((await pollCount(log, raw, 'a', 3, arriveMs)).map(n)).toEqual([5, 6, 7]);
      expect((await pollCount(log, raw, 'b', 6, arriveMs)).map(n)).toEqual([2, 3, 4, 5, 6, 7]);
    });

    it("starts a group where another's committed work stands, on every partition, and forgets it when dropped", async () => {
      const { log } = await start();
      await log.append(keyed, records(40));
      const worker = await pollCount(log, keyed, 'worker', 40, arriveMs);
      // The worker commits the first half of each key's records.
      const done = [...groupBy(worker, (record) => record.key).values()].flatMap((list) => list.slice(0, Math.ceil(list.length / 2)));
      await log.commit(keyed, 'worker', done);
      const position = await log.committed(keyed, 'worker');
      expect([...position.values()].every((offset) => offset > 0n)).toBe(true);
      expect(await log.committed(keyed, 'nobody')).toEqual(new Map());
      await log.startAt(keyed, 'follower', position);
      const rest = await pollCount(log, keyed, 'follower', 40 - done.length, arriveMs);
      expect(rest.map(n).sort((a, b) => a - b)).toEqual(
        worker
          .filter((record) => !done.includes(record))
          .map(n)
          .sort((a, b) => a - b),
      );
      await expectQuiet(log, keyed, 'follower');
      await log.commit(keyed, 'follower', rest);
      await log.dropGroup(keyed, 'follower');
      expect(await log.committed(keyed, 'follower')).toEqual(new Map());
    });

    it('resumes after the committed position in a new instance', async () => {
      const { harness, log } = await start();
      await log.append(raw, records(10));
      const got = await pollCount(log, raw, 'g', 10, arriveMs);
      await log.commit(raw, 'g', got.slice(0, 6));
      await log.close();
      const reopened = await harness.open();
      expect((await pollCount(reopened, raw, 'g', 4, arriveMs)).map(n)).toEqual([6, 7, 8, 9]);
      await expectQuiet(reopened, raw, 'g');
    });

    it('writes a batch (appends to several topics, then a commit) that a new instance reads back', async () => {
      const { harness, log } = await start();
      await log.append(raw, records(5));
      const polled = await pollCount(log, raw, 'g', 5, arriveMs);
      await writeBatch(log, {
        appends: [
          { topic: TOPICS.ingestGaps, records: records(2, () => 'gap') },
          { topic: keyed, records: records(4, () => 'k', 100) },
        ],
        commit: { topic: raw, group: 'g', records: polled.slice(0, 3) },
      });
      await log.close();
      const reopened = await harness.open();
      expect((await pollCount(reopened, raw, 'g', 2, arriveMs)).map(n)).toEqual([3, 4]);
      expect((await pollCount(reopened, TOPICS.ingestGaps, 'g', 2, arriveMs)).map(n)).toEqual([0, 1]);
      expect((await pollCount(reopened, keyed, 'g', 4, arriveMs)).map(n)).toEqual([100, 101, 102, 103]);
    });

    it('redelivers polled, uncommitted records after rewind (at-least-once)', async () => {
      const { log } = await start();
      await log.append(raw, records(6));
      const first = await pollCount(log, raw, 'g', 6, arriveMs);
      await log.commit(raw, 'g', first.slice(0, 2));
      await expectQuiet(log, raw, 'g');
      await log.rewind(raw, 'g');
      const again = await pollCount(log, raw, 'g', 4, arriveMs);
      expect(again).toEqual(first.slice(2));
      await log.commit(raw, 'g', again);
      await log.rewind(raw, 'g');
      await expectQuiet(log, raw, 'g');
    });

    it('keeps appended records and redelivers uncommitted ones after a crash', async () => {
      const { harness, log } = await start();
      await log.append(raw, records(5));
      await harness.crash(log);
      const second = await harness.open();
      const got = await pollCount(second, raw, 'g', 5, arriveMs);
      expect(got.map(n)).toEqual([0, 1, 2, 3, 4]);
      await second.commit(raw, 'g', got.slice(0, 2));
      await harness.crash(second);
      const third = await harness.open();
      expect(await pollCount(third, raw, 'g', 3, arriveMs)).toEqual(got.slice(2));
    });

    it('returns the last record of a topic, or null when empty', async () => {
      const { log } = await start();
      expect(await log.last(raw)).toBeNull();
      for (let batch = 0; batch < 3; batch++) await log.append(raw, records(4, undefined, batch * 4));
      const all = await pollCount(log, raw, 'g', 12, arriveMs);
      const last = await log.last(raw);
      expect(last).toEqual(all.at(-1));
      expect(n(last!)).toBe(11);
    });

    it('wakes a waiting poll when records are appended', async () => {
      const { log } = await start();
      await log.append(raw, records(1));
      await pollCount(log, raw, 'g', 1, arriveMs); // the consumer is set up and caught up
      const started = Date.now();
      const waiting = log.poll(raw, 'g', { maxRecords: 10, waitMs: arriveMs });
      const appended = new Promise((resolve) => setTimeout(resolve, 100)).then(() => log.append(raw, records(1, undefined, 1)));
      const got = await waiting;
      await appended;
      expect(got.map(n)).toEqual([1]);
      expect(Date.now() - started).toBeLessThan(arriveMs / 2);
      const quietStart = Date.now();
      expect(await log.poll(raw, 'g', { maxRecords: 10, waitMs: 300 })).toEqual([]);
      expect(Date.now() - quietStart).toBeGreaterThanOrEqual(290);
    });

    it('stores and returns large batches whole and in order', async () => {
      const { log } = await start();
      const padding = 'x'.repeat(200);
      const batch = Array.from({ length: 20_000 }, (_, i) => ({ key: `mint-${i % 300}`, value: JSON.stringify({ n: i, padding }) }));
      await log.append(raw, batch);
      const got = await pollCount(log, raw, 'g', 20_000, arriveMs * 2);
      expect(got.length).toBe(20_000);
      expect(got.every((r, i) => n(r) === i && r.value === batch[i]!.value)).toBe(true);
    });

    it('refuses bad input with a clear error and stores nothing of a refused batch', async () => {
      const { log } = await start();
      await log.append(raw, records(2));
      const bad: unknown[][] = [
        [{ key: '', value: 'v' }],
        [{ key: 'k', value: 42 }],
        [{ key: 'k', value: null }],
        [{ key: 'k', value: { nested: true } }],
        [{ key: 'k', value: 'ok' }, { key: 'k', value: 'ok' }, { value: 'no key' }],
        [{ key: 'k', value: 'lone \uD800 surrogate' }],
        [null],
      ];
      for (const batch of bad) {
        await expect(log.append(raw, batch as never)).rejects.toThrow(EventLogInputError);
      }
      await expect(log.append(raw, [{ key: '', value: 'v' }])).rejects.toThrow(/record 0 key must not be empty/);
      await expect(log.append(raw, [{ key: 'k', value: 7 as never }])).rejects.toThrow(/record 0 value must be a string/);
      await expect(log.append('bad topic!', records(1))).rejects.toThrow(/topic must be/);
      await expect(log.poll(raw, 'g', { maxRecords: 0 })).rejects.toThrow(/maxRecords/);
      await expect(log.poll(raw, '', { maxRecords: 1 })).rejects.toThrow(/consumer group/);
      const got = await pollCount(log, raw, 'g', 2, arriveMs);
      await expect(log.commit(raw, 'g', [{ ...got[0]!, topic: keyed }])).rejects.toThrow(/belongs to topic/);
      await expectQuiet(log, raw, 'g');
      expect(got.map((r) => r.value)).toEqual(records(2).map((r) => r.value));
      expect(await log.last(raw)).toEqual(got[1]);
    });
  });
}
