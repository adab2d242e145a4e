// Harness for the ingest integration specs: a SQLite event log in a temp dir, a devnet Yellowstone
// server that can be restarted on its port, a subscriber with a silent logger, reading topics back,
// and waiting for conditions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { Devnet } from '../../infra/devnet/devnet.js';
import { startGeyserServer, type GeyserServer } from '../../infra/devnet/geyser/index.js';
import type { EventLog, LogRecord } from '../../infra/event-log/event-log.js';
import { SqliteEventLog } from '../../infra/event-log/sqlite-event-log.js';
import { Subscriber, type SubscriberOptions } from '../../ingest/subscriber/subscriber.js';
import { parseRawRecord, type RawRecord } from '../../ingest/raw/raw-transaction.js';
import { TOPICS } from '../../infra/event-log/event-log.js';
import { CONFIG } from './chain-fixture.js';

export const silent = pino({ level: 'silent' });
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function tempLog(): { log: SqliteEventLog; cleanup: () => Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), 'launchtape-ingest-'));
  const log = SqliteEventLog.open(dir, { synchronous: 'NORMAL', pollIntervalMs: 10 });
  return {
    log,
    cleanup: async () => {
      await log.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A geyser server on the devnet's bank that can be closed and started again on the same port. */
export class RestartableGeyser {
  private constructor(
    private readonly devnet: Devnet,
    public server: GeyserServer | null,
    readonly port: number,
  ) {}

  static async start(devnet: Devnet): Promise<RestartableGeyser> {
    const server = await startGeyserServer({ bank: devnet.bank, port: 0 });
    return new RestartableGeyser(devnet, server, server.port);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async restart(pauseMs = 50): Promise<void> {
    await this.close();
    await sleep(pauseMs);
    this.server = await startGeyserServer({ bank: this.devnet.bank, port: this.port });
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    await server?.close();
  }
}

export function startSubscriber(url: string, log: EventLog, extra: Partial<SubscriberOptions> = {}): Promise<Subscriber> {
  return Subscriber.start({ endpoint: url, log, config: CONFIG, logger: silent, backoff: { initialMs: 20, maxMs: 200 }, ...extra });
}

let readers = 0;

/** Every record of a topic, in log order. */
export async function readTopic(log: EventLog, topic: string): Promise<LogRecord[]> {
  const group = `test-reader-${++readers}`;
  const out: LogRecord[] = [];
  for (;;) {
    const batch = await log.poll(topic, group, { maxRecords: 10_000 });
    if (batch.length === 0) return out;
    out.push(...batch);
  }
}

export async function readRaw(log: EventLog): Promise<RawRecord[]> {
  return (await readTopic(log, TOPICS.rawTransactions)).map((record) => parseRawRecord(record.value));
}

export async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Wait until the subscriber has applied its filters, then until a slot is durable. */
export async function waitConnected(subscriber: Subscriber): Promise<void> {
  await waitFor(() => subscriber.status().connected, 'the subscriber to connect');
}

export async function waitDurable(subscriber: Subscriber, slot: number, timeoutMs?: number): Promise<void> {
  await waitFor(() => (subscriber.status().lastDurableSlot ?? -1) >= slot, `slot ${slot} to be durable`, timeoutMs);
}
