// The pipeline (subscriber, decoding pipeline, projection runner) in a process of its own, for the crash
// test: `node --import tsx test/e2e/pipeline-child.ts '<json options>'` with { dataDir, endpoint, startSlot }.
// It keeps its event log and chDB store under dataDir, so a restart after SIGKILL continues from what is
// durable there. Over IPC it reports its progress every 50 ms; on { type: 'dump', file } it stops cleanly,
// writes its picture (read-model tables FINAL, candles of every coin, raw-tx signatures) to `file` and exits.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { SqliteEventLog } from '../../infra/event-log/sqlite-event-log.js';
import { TOPICS, type EventLog } from '../../infra/event-log/event-log.js';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import { Pipeline } from '../../ingest/pipeline.js';
import { parseRawRecord } from '../../ingest/raw/raw-transaction.js';
import { Subscriber } from '../../ingest/subscriber/subscriber.js';
import { ProjectionRunner } from '../../projections/runner.js';
import { loadConfig } from '../../schemas/config.js';
import { tablePicture, type TablePicture } from './table-picture.js';

export interface ChildOptions {
  dataDir: string;
  endpoint: string;
  startSlot: number;
}

export interface ChildStatus {
  type: 'status';
  connected: boolean;
  durableSlot: number | null;
  decodedSlot: number | null;
  projectedOffset: string | null;
  headOffset: string | null;
  rawWritten: number;
  reconnects: number;
  gaps: number;
}

export interface ChildPicture extends TablePicture {
  rawSignatures: string[];
}

const config = loadConfig({ NETWORK: 'devnet' });
const ingestConfig = { network: config.network, programs: config.programs, wallets: config.wallets, mints: config.mints };

async function picture(log: EventLog, olap: Olap): Promise<ChildPicture> {
  const rawSignatures: string[] = [];
  for (
    let batch = await log.poll(TOPICS.rawTransactions, 'dump', { maxRecords: 10_000 });
    batch.length > 0;
    batch = await log.poll(TOPICS.rawTransactions, 'dump', { maxRecords: 10_000 })
  ) {
    for (const record of batch) {
      const raw = parseRawRecord(record.value);
      if (raw.kind === 'tx') rawSignatures.push(raw.tx.signature);
    }
  }
  return { ...(await tablePicture(olap)), rawSignatures };
}

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as ChildOptions;
  const logger = pino({ level: 'warn' }, pino.destination(2));
  const log = SqliteEventLog.open(join(options.dataDir, 'event-log'), { pollIntervalMs: 5 });
  const olap = await openOlap({ dataDir: options.dataDir });
  const subscriber = await Subscriber.start({
    endpoint: options.endpoint,
    log,
    config: ingestConfig,
    logger: logger.child({ role: 'subscriber' }),
    startSlot: options.startSlot,
    backoff: { initialMs: 50, maxMs: 500 },
  });
  const pipeline = await Pipeline.create({ log, config: ingestConfig, logger: logger.child({ role: 'pipeline' }), pollWaitMs: 20, retryMs: 50 });
  pipeline.start();
  const runner = await ProjectionRunner.open({
    log,
    olap,
    logger: logger.child({ role: 'projections' }),
    maxBatchWaitMs: 20,
    idleWaitMs: 20,
    retryDelayMs: 50,
  });
  runner.start();

  const report = async () => {
    // Read in pipeline order: a decoded slot's events are in the log before its head is read, and the
    // head is read before the projected offset, so `projected = head` means everything decoded is projected.
    const subscription = subscriber.status();
    const decodedSlot = pipeline.status().lastSlot;
    const head = await log.last(TOPICS.coinEvents);
    const projectedOffset = (await runner.progress()).lastOffset;
    const status: ChildStatus = {
      type: 'status',
      connected: subscription.connected,
      durableSlot: subscription.lastDurableSlot,
      decodedSlot,
      projectedOffset,
      headOffset: head?.offset.toString() ?? null,
      rawWritten: subscription.transactionsWritten,
      reconnects: subscription.reconnects,
      gaps: subscription.gaps.length,
    };
    process.send?.(status);
  };
  const timer = setInterval(() => void report().catch(() => undefined), 50);

  process.on('message', (message: { type: string; file: string }) => {
    if (message.type !== 'dump') return;
    void (async () => {
      clearInterval(timer);
      await subscriber.stop();
      await pipeline.stop();
      await runner.stop();
      writeFileSync(message.file, JSON.stringify(await picture(log, olap)));
      await log.close();
      await olap.close();
      process.send?.({ type: 'dumped' }, () => process.exit(0));
    })();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
