// The SQLite event log against real files: the shared contract, a real process killed with SIGKILL after
// append and after an uncommitted poll, a second process's appends waking a waiting poll, openEventLog's
// choice without brokers, batch writes all or nothing, and a throughput measurement (printed; asserted only
// against a generous floor).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TOPICS, type EventLog } from '../../../infra/event-log/event-log.js';
import { openEventLog } from '../../../infra/event-log/open-event-log.js';
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
