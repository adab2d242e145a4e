// The SQLite event log against real files: the shared contract, a real process killed with SIGKILL after
// append and after an uncommitted poll, a second process's appends waking a waiting poll, openEventLog's
// choice without brokers, batch writes all or nothing, retention (what goes, what stays, a log of the first schema
// opened again), and a throughput measurement (printed; asserted only against a generous floor).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { TOPICS, type EventLog } from '../../../infra/event-log/event-log.js';
import { openEventLog } from '../../../infra/event-log/open-event-log.js';
import { PRUNE_STEP_RECORDS } from '../../../infra/event-log/sqlite-event-log-sql.js';
import { SQLITE_EVENT_LOG_FILE, SqliteEventLog } from '../../../infra/event-log/sqlite-event-log.js';
import { describeEventLogContract, pollCount } from './event-log.contract.js';

const CHILD = join(import.meta.dirname, 'sqlite-event-log-child.ts');
const dirs: string[] = [];
const logs: EventLog[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'event-log-'));
  dirs.push(dir);
  return dir;
}

function open(dir: string): SqliteEventLog {
  const log = SqliteEventLog.open(dir);
  logs.push(log);
  return log;
}

describeEventLogContract(
  'SQLite',
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'event-log-contract-'));
    const opened: EventLog[] = [];
    return {
      open: async () => {
        const log = SqliteEventLog.open(dir);
        opened.push(log);
        return log;
      },
      // Dropped without close; the file is all that carries over, as after a killed process.
      crash: async () => undefined,
      dispose: async () => {
        for (const log of opened) await log.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  { arriveMs: 5_000, quietMs: 150 },
);

describe('SQLite event log across processes', () => {
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    for (const log of logs.splice(0)) await log.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** Run the child script; resolve with its first stdout line, or once it exits. */
  function child(...args: string[]): { process: ChildProcess; line: Promise<string>; exited: Promise<number | null> } {
    const proc = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(proc);
    const line = new Promise<string>((resolve, reject) => {
      let out = '';
      proc.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      proc.once('exit', (code) => reject(new Error(`child exited with ${code} before reporting`)));
    });
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    return { process: proc, line, exited };
  }

  it('keeps every record a killed process appended, and redelivers what it polled without committing', async () => {
    const dir = tempDir();
    const appender = child(dir, 'append', '1000');
    expect(await appender.line).toBe('appended 1000');
    appender.process.kill('SIGKILL');
    await appender.exited;

    const poller = child(dir, 'poll', '600', '250');
    expect(await poller.line).toBe('polled 600');
    poller.process.kill('SIGKILL');
    await poller.exited;

    const log = open(dir);
    const got = await pollCount(log, TOPICS.rawTransactions, 'g', 750, 5_000);
    expect(got.map((r) => r.value)).toEqual(Array.from({ length: 750 }, (_, i) => `child ${250 + i}`));
    expect(await log.poll(TOPICS.rawTransactions, 'g', { maxRecords: 10 })).toEqual([]);
  });

  it('wakes a waiting poll when another process appends', async () => {
    const dir = tempDir();
    const log = open(dir);
    const started = Date.now();
    const waiting = log.poll(TOPICS.rawTransactions, 'g', { maxRecords: 10, waitMs: 20_000 });
    const appender = child(dir, 'append-and-exit', '3');
    const got = await waiting;
    expect(await appender.exited).toBe(0);
    expect(got.map((r) => r.value)).toEqual(['child 0', 'child 1', 'child 2']);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe('SQLite event log', () => {
  afterEach(async () => {
    for (const log of logs.splice(0)) await log.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is what openEventLog opens without brokers, in <dataDir>/event-log.sqlite', async () => {
    const dir = join(tempDir(), 'data');
    const log = await openEventLog({ dataDir: dir, kafkaBrokers: [] });
    logs.push(log);
    expect(log).toBeInstanceOf(SqliteEventLog);
    expect(existsSync(join(dir, SQLITE_EVENT_LOG_FILE))).toBe(true);
  });

  it('makes a new log of 16 KiB pages (a raw transaction is about 4 KiB) and keeps an older file at its own size', async () => {
    const pageSize = (dir: string) => {
      const db = new Database(join(dir, SQLITE_EVENT_LOG_FILE), { readonly: true });
      const size = db.pragma('page_size', { simple: true });
      db.close();
      return size;
    };
    const fresh = tempDir();
    await open(fresh).append(TOPICS.rawTransactions, [{ key: '1', value: 'x'.repeat(4_000) }]);
    expect(pageSize(fresh)).toBe(16_384);

    const older = tempDir();
    const made = new Database(join(older, SQLITE_EVENT_LOG_FILE));
    made.pragma('journal_mode = WAL');
    made.close();
    const log = open(older);
    await log.append(TOPICS.rawTransactions, [{ key: '1', value: 'x'.repeat(4_000) }]);
    expect(pageSize(older)).toBe(4_096);
    expect(await readAll(log, TOPICS.rawTransactions)).toEqual(['x'.repeat(4_000)]);
  });

  it('refuses calls after close and ends waiting polls', async () => {
    const log = SqliteEventLog.open(tempDir());
    const waiting = log.poll(TOPICS.coinEvents, 'g', { maxRecords: 1, waitMs: 10_000 });
    await log.close();
    expect(await waiting).toEqual([]);
    await expect(log.append(TOPICS.coinEvents, [{ key: 'k', value: 'v' }])).rejects.toThrow(/closed/);
  });

  it('refuses to commit past the end of a topic', async () => {
    const log = open(tempDir());
    await log.append(TOPICS.coinEvents, [{ key: 'k', value: 'v' }]);
    const [record] = await log.poll(TOPICS.coinEvents, 'g', { maxRecords: 1 });
    await expect(log.commit(TOPICS.coinEvents, 'g', [{ ...record!, offset: 5n }])).rejects.toThrow(/last offset is 0/);
    await expect(log.commit(TOPICS.coinEvents, 'g', [{ ...record!, partition: 1 }])).rejects.toThrow(/one partition/);
  });

  it('writes a batch all or nothing: a refused commit leaves none of its appends', async () => {
    const log = open(tempDir());
    await log.append(TOPICS.rawTransactions, [{ key: '1', value: 'a' }]);
    const [record] = await log.poll(TOPICS.rawTransactions, 'g', { maxRecords: 1 });
    const appends = [{ topic: TOPICS.coinEvents, records: [{ key: 'k', value: 'v' }] }];
    await expect(log.write({ appends, commit: { topic: TOPICS.rawTransactions, group: 'g', records: [{ ...record!, offset: 3n }] } })).rejects.toThrow(
      /last offset is 0/,
    );
    expect(await log.last(TOPICS.coinEvents)).toBeNull();
    await log.write({ appends, commit: { topic: TOPICS.rawTransactions, group: 'g', records: [record!] } });
    expect((await log.last(TOPICS.coinEvents))?.value).toBe('v');
    await log.rewind(TOPICS.rawTransactions, 'g');
    expect(await log.poll(TOPICS.rawTransactions, 'g', { maxRecords: 1 })).toEqual([]);
  });

  /** Every record of the topic a group that never committed would read now. */
  async function readAll(log: EventLog, topic: string, maxRecords = 1_000): Promise<string[]> {
    const group = `reader-${Math.random()}`;
    const values = (await log.poll(topic, group, { maxRecords })).map((record) => record.value);
    await log.dropGroup(topic, group);
    return values;
  }

  async function appendAndRead(log: EventLog, topic: string, count: number, group: string) {
    await log.append(
      topic,
      Array.from({ length: count }, (_, i) => ({ key: String(i), value: `r${i}` })),
    );
    return log.poll(topic, group, { maxRecords: count });
  }

  const raw = TOPICS.rawTransactions;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("drops a retained topic's records past their time once every group committed past them, never its last", async () => {
    const log = SqliteEventLog.open(tempDir(), { retention: { [raw]: 1 }, pruneIntervalMs: 0 });
    logs.push(log);
    const records = await appendAndRead(log, raw, 10, 'decoders');
    await log.poll(raw, 'slow', { maxRecords: 10 });
    await log.append(TOPICS.coinEvents, [{ key: 'k', value: 'event' }]);
    await sleep(5);
    await log.commit(raw, 'slow', records.slice(0, 2));
    await log.commit(raw, 'decoders', records.slice(0, 6));
    // The slower group holds the rest: only what both read past goes.
    expect(await readAll(log, raw)).toEqual(['r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9']);
    await log.commit(raw, 'slow', records);
    await log.commit(raw, 'decoders', records);
    // Both past everything: all but the last record go, and offsets go on from it.
    expect(await readAll(log, raw)).toEqual(['r9']);
    await log.append(raw, [{ key: 'k', value: 'next' }]);
    expect((await log.last(raw))?.offset).toBe(10n);
    // A topic with no retention keeps everything.
    expect(await readAll(log, TOPICS.coinEvents)).toEqual(['event']);
  });

  it('takes a step of a retained topic at most once an interval, after a commit', async () => {
    const log = SqliteEventLog.open(tempDir(), { retention: { [raw]: 1 } });
    logs.push(log);
    const records = await appendAndRead(log, raw, 4, 'decoders');
    await sleep(5);
    await log.commit(raw, 'decoders', records.slice(0, 1));
    await log.commit(raw, 'decoders', records);
    expect(await readAll(log, raw)).toEqual(['r1', 'r2', 'r3']);
  });

  it('drains a backlog in steps of at most PRUNE_STEP_RECORDS, one a commit while steps come full', async () => {
    const log = SqliteEventLog.open(tempDir(), { retention: { [raw]: 1 } });
    logs.push(log);
    const total = PRUNE_STEP_RECORDS * 2 + 5;
    await log.append(
      raw,
      Array.from({ length: total }, (_, i) => ({ key: String(i), value: `r${i}` })),
    );
    const records = await pollCount(log, raw, 'decoders', total, 5_000);
    await sleep(5);
    const count = async () => (await readAll(log, raw, total)).length;
    await log.commit(raw, 'decoders', records);
    expect(await count()).toBe(total - PRUNE_STEP_RECORDS);
    await log.commit(raw, 'decoders', records);
    expect(await count()).toBe(5);
    await log.commit(raw, 'decoders', records);
    expect(await count()).toBe(1);
  });

  it('keeps records younger than the retention, read or not', async () => {
    const log = SqliteEventLog.open(tempDir(), { retention: { [raw]: 3_600_000 } });
    logs.push(log);
    const records = await appendAndRead(log, raw, 5, 'decoders');
    await log.commit(raw, 'decoders', records);
    expect(await readAll(log, raw)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
  });

  it('opens a log of the first schema, keeping its records, and lets retention take them', async () => {
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    const old = new Database(join(dir, SQLITE_EVENT_LOG_FILE));
    old.exec(`CREATE TABLE records (topic TEXT NOT NULL, "offset" INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
      PRIMARY KEY (topic, "offset"));
      CREATE TABLE consumer_offsets (topic TEXT NOT NULL, consumer_group TEXT NOT NULL, next_offset INTEGER NOT NULL,
      PRIMARY KEY (topic, consumer_group)) WITHOUT ROWID;
      INSERT INTO records VALUES ('${raw}', 0, '1', 'old 0'), ('${raw}', 1, '1', 'old 1'), ('${raw}', 2, '2', 'old 2');
      PRAGMA user_version = 1;`);
    old.close();
    const log = SqliteEventLog.open(dir, { retention: { [raw]: 3_600_000 }, pruneIntervalMs: 0 });
    logs.push(log);
    expect(await readAll(log, raw)).toEqual(['old 0', 'old 1', 'old 2']);
    const records = await log.poll(raw, 'decoders', { maxRecords: 3 });
    await log.commit(raw, 'decoders', records);
    expect(await readAll(log, raw)).toEqual(['old 2']);
  });

  it('appends and polls well over 20,000 records per second', async () => {
    const log = open(tempDir());
    const batches = 100;
    const batchSize = 1_000;
    const event = JSON.stringify({ type: 'trade', mint: 'M'.repeat(44), trader: 'T'.repeat(44), amount: '123456789012' });
    let started = performance.now();
    for (let b = 0; b < batches; b++) {
      const batch = Array.from({ length: batchSize }, (_, i) => ({ key: `mint-${(b * batchSize + i) % 500}`, value: `${event}${i}` }));
      await log.append(TOPICS.coinEvents, batch);
    }
    const appendPerSecond = (batches * batchSize) / ((performance.now() - started) / 1000);
    started = performance.now();
    let polled = 0;
    for (let got = 1; got > 0; polled += got) {
      got = (await log.poll(TOPICS.coinEvents, 'bench', { maxRecords: 5_000 })).length;
    }
    const pollPerSecond = polled / ((performance.now() - started) / 1000);
    console.info(
      `SQLite event log (synchronous=FULL, ${event.length + 2}-byte values): ` +
        `append ${Math.round(appendPerSecond).toLocaleString('en')} records/s in batches of ${batchSize}, ` +
        `poll ${Math.round(pollPerSecond).toLocaleString('en')} records/s in polls of 5,000`,
    );
    expect(polled).toBe(batches * batchSize);
    expect(appendPerSecond).toBeGreaterThan(20_000);
    expect(pollPerSecond).toBeGreaterThan(20_000);
  });
});
