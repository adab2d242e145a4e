// A pipeline process of the ingest bench: some of the service's roles (subscriber, pipeline, projections,
// api) on the service's own stores and defaults (SQLite event log with FULL sync and chDB under a data
// dir), composed as infra/service/roles.ts composes them, except that the subscriber replays from a given
// slot. Projections and the API share one process (chDB is in-process), and the API's live streams follow the
// projections' committed batches there, as in the service; it trusts one proxy, so the bench's stream clients can
// each say they are a visitor of their own. Reports each stage's counts and the process's CPU time every 250 ms,
// with the times each stage moved past each slot (sampled every 10 ms). Garbage collection is tuned as the
// service's entry points tune it.
import { pino } from 'pino';
import { Pipeline } from '../../ingest/pipeline.js';
import { Subscriber } from '../../ingest/subscriber/subscriber.js';
import { loadConfig, type Config } from '../../schemas/config.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { tuneGarbageCollection } from '../service/gc-tuning.js';
import { startApi, startProjections, type ProjectRole, type Role } from '../service/roles.js';
import { openServiceEventLog, openServiceOlap, yellowstoneEndpoint } from '../service/stores.js';
import { childArgument, sendReport, serveCommands, wallMs } from './bench-ipc.js';
import type { PipelineProgress, PipelineStart } from './bench-types.js';
import { StageWatch } from './stage-watch.js';
import { TimedLog } from './timed-log.js';
import { TimedOlap } from './timed-olap.js';

interface Argument {
  name: string;
  dataDir: string;
  /** Open the analytics store (projections, api). */
  olap: boolean;
  /** The Kafka brokers of the event log; SQLite under dataDir without them. */
  kafkaBrokers?: string;
}

tuneGarbageCollection();
const arg = childArgument<Argument>();
const logger = pino({ level: 'warn', name: arg.name });
let log: TimedLog | null = null;
let olap: TimedOlap | null = null;
let subscriber: Subscriber | null = null;
let pipeline: Pipeline | null = null;
let project: ProjectRole | null = null;
const roles: Role[] = [];
const stages = new StageWatch();

function configFor(grpcUrl: string): Config {
  // The bench reads the API as fast as it measures: no free allowance to run out of.
  return loadConfig({
    DATA_DIR: arg.dataDir,
    PORT: '0',
    YELLOWSTONE_URL: grpcUrl,
    LOG_LEVEL: 'warn',
    KAFKA_BROKERS: arg.kafkaBrokers,
    RATE_LIMIT_PER_MINUTE: '0',
    TRUSTED_PROXIES: '1',
  });
}

async function start(request: PipelineStart): Promise<{ apiUrl: string | null }> {
  const config = configFor(request.grpcUrl);
  const ingestConfig = { network: config.network, programs: config.programs, wallets: config.wallets, mints: config.mints };
  let apiUrl: string | null = null;
  // Downstream first, so nothing waits on a role that is not there yet.
  if (request.roles.includes('projections')) {
    project = await startProjections(log!, olap!, logger);
    roles.push(project);
  }
  if (request.roles.includes('api')) {
    // The API's live views follow the log as the service's do.
    const api = await startApi(config, olap!, log!, logger);
    roles.push(api);
    apiUrl = `http://127.0.0.1:${new URL(api.url).port}`;
  }
  if (request.roles.includes('pipeline')) {
    pipeline = await Pipeline.create({ log: log!, config: ingestConfig, logger: logger.child({ role: 'pipeline' }) });
    pipeline.start();
    const started = pipeline;
    roles.push({ stop: () => started.stop() });
  }
  if (request.roles.includes('subscriber')) {
    subscriber = await Subscriber.start({
      endpoint: yellowstoneEndpoint(config),
      xToken: config.chain.yellowstoneToken,
      log: log!,
      config: ingestConfig,
      logger: logger.child({ role: 'subscriber' }),
      startSlot: request.startSlot,
    });
    const started = subscriber;
    roles.push({ stop: () => started.stop() });
  }
  return { apiUrl };
}

/** Note where each stage is now. */
async function watchStages(): Promise<void> {
  const at = wallMs();
  if (subscriber) stages.observe('seen', subscriber.status().lastSlotSeen, at);
  if (pipeline) stages.observe('decoded', pipeline.status().lastSlot, at);
  if (project) stages.observe('projected', (await project.runner.progress()).lastSlot, at);
}

async function progress(): Promise<PipelineProgress> {
  const cpu = process.cpuUsage();
  const report: PipelineProgress = {
    kind: 'progress',
    name: arg.name,
    at: wallMs(),
    cpuMicros: cpu.user + cpu.system,
    rssBytes: process.memoryUsage.rss(),
    stages: stages.take(),
  };
  if (subscriber) {
    const status = subscriber.status();
    report.subscriber = {
      written: status.transactionsWritten,
      durableSlot: status.lastDurableSlot,
      seenSlot: status.lastSlotSeen,
      reconnects: status.reconnects,
    };
  }
  if (pipeline) {
    const status = pipeline.status();
    report.pipeline = { transactions: status.transactions, events: status.events, lastSlot: status.lastSlot };
  }
  if (project) {
    const status = await project.runner.progress();
    report.projections = { events: status.eventsProjected, records: status.recordsHandled, lastSlot: status.lastSlot };
  }
  return report;
}

const watcher = setInterval(() => {
  watchStages().catch((error: unknown) => logger.error({ err: error }, 'stage watch failed'));
}, 10);
const timer = setInterval(() => {
  progress().then(sendReport, (error: unknown) => logger.error({ err: error }, 'progress report failed'));
}, 250);

serveCommands({
  open: async () => {
    const config = configFor('http://127.0.0.1:1');
    log = new TimedLog(await openServiceEventLog(config));
    if (arg.olap) olap = new TimedOlap(await openServiceOlap(config));
  },
  start: (request: PipelineStart) => start(request),
  olapTimes: async () => olap?.take() ?? {},
  /** Per coin, what the trades table holds (the replayed bench's truth check). */
  tradeTotals: async () =>
    olap!.query(
      `SELECT mint, toUInt32(count()) AS trades, toString(sum(coinAmount)) AS coinAmount, toString(sum(quoteAmount)) AS quoteAmount
       FROM ${TRADES_TABLE} FINAL GROUP BY mint`,
    ),
  appendTimes: async () => log?.take() ?? null,
  stop: async () => {
    clearInterval(timer);
    clearInterval(watcher);
    for (const role of roles.reverse()) await role.stop();
    await olap?.close();
    await log?.close();
  },
});
