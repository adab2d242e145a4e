// The API bench's server process: opens (or fills) the bench's chDB store, scores every coin's health once, seeds
// the ideas board in an operational store, loads the live views, and serves the real API (buildApp) on a free local port, without the
// free allowance or paid calls (the plain app). For the allowance and paid-calls sections it also serves, on a
// second port and over the same stores and read models, the app as the service runs it: the allowance of 120
// requests a minute per visitor behind one trusted proxy, and the paywall over a devnet this process starts
// (paid-calls-devnet.ts). For the MCP section it serves, on a third port, the service's app (buildServiceApp: the
// read API and the MCP tool server at /mcp) without the API's or the tool calls' allowance and without paid calls.
// Reports over IPC: `ready` with the ports, the catalog and the devnet's chain; on `times`, the statement queue's
// totals and this process's CPU since the last ask; on `paywall-times`, the paywall's verify and settle times since
// the last ask; on `stop`, closes everything and exits. The store is kept in `dataDir` and reused by a later run
// with the same dataset options and projector versions.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../api/app.js';
import { answerCacheOn } from '../../../api/deps.js';
import { createViews } from '../../../api/views/views.js';
import { HealthScorer } from '../../../projections/health/scorer.js';
import { projectorVersions } from '../../../projections/runner-state.js';
import { ProjectionRunner } from '../../../projections/runner.js';
import type { TradeRow } from '../../../projections/trades/projector.js';
import type { TradeEvent } from '../../../schemas/events/index.js';
import { TOPICS, type EventLog } from '../../event-log/event-log.js';
import { SqliteEventLog } from '../../event-log/sqlite-event-log.js';
import { readModelProjectors } from '../../../projections/read-models.js';
import { loadConfig, serviceWalletList } from '../../../schemas/config.js';
import { ChdbOlap } from '../../olap/chdb-olap.js';
import { tuneGarbageCollection } from '../../service/gc-tuning.js';
import { buildServiceApp } from '../../service/http-app.js';
import { openOpStore } from '../../opstore/open-op-store.js';
import type { Catalog } from './dataset-catalog.js';
import type { DatasetOptions } from './dataset-plan.js';
import { loadDataset } from './load-dataset.js';
import { QueuedOlap } from './queued-olap.js';
import { BenchRandom } from './bench-random.js';
import type { Olap } from '../../olap/olap.js';
import { TRADES_TABLE } from '../../../projections/trades/table.js';
import { seedIdeas } from './seed-ideas.js';
import { BENCH_ALLOWANCE } from './bench-allowance.js';
import { startPaidCallsDevnet, type PaidCallsDevnet, type PaidChain } from './paid-calls-devnet.js';
import type { PaywallSample } from './paywall-times.js';

export interface ServerArgs {
  dataDir: string;
  dataset: Omit<DatasetOptions, 'now'>;
  ideas: number;
  /** Writes a second while serving (copies of one coin's latest rows); 0 for none. */
  writesPerSecond: number;
  /** Serve the second app (the allowance and the paywall). */
  allowanceApp: boolean;
  /** Start the devnet and open paid calls on the second app; without it paid calls are 'unavailable' there. */
  paid: boolean;
  /** Serve the service app with the MCP tool server. */
  mcpApp: boolean;
}

export type ServerMessage =
  | {
      type: 'ready';
      port: number;
      /** The second app's port; null when not served. */
      allowancePort: number | null;
      /** The service app's port (MCP at /mcp); null when not served. */
      mcpPort: number | null;
      /** The devnet paid calls are paid on; null without paid calls. */
      chain: PaidChain | null;
      catalog: Catalog;
      load: { reused: boolean; seconds: number; events: number; rows: Record<string, number>; healthSeconds: number };
      parts: Record<string, number>;
      warmSeconds: number;
      /** Live heap (after a full collection) and resident memory once loaded, MiB. */
      heapMiB: number;
      rssMiB: number;
    }
  | { type: 'times'; statements: number; waitMs: number; runMs: number; cpuMs: number }
  | ({ type: 'paywall-times' } & PaywallSample);

interface Marker {
  dataset: ServerArgs['dataset'];
  projectors: string;
  catalog: Catalog;
  load: { seconds: number; events: number; rows: Record<string, number>; healthSeconds: number };
}

const progress = (line: string) => process.stderr.write(`${line}\n`);
const send = (message: ServerMessage) => process.send!(message);

async function main(): Promise<void> {
  tuneGarbageCollection(); // as the service's processes do
  const args = JSON.parse(process.argv[2]!) as ServerArgs;
  const config = loadConfig({});
  const markerPath = join(args.dataDir, 'dataset.json');
  const projectors = projectorVersions(readModelProjectors(serviceWalletList(config.wallets)));
  const previous = existsSync(markerPath) ? (JSON.parse(readFileSync(markerPath, 'utf8')) as Marker) : null;
  const reuse = previous !== null && previous.projectors === projectors && JSON.stringify(previous.dataset) === JSON.stringify(args.dataset);
  if (!reuse) {
    rmSync(join(args.dataDir, 'olap'), { recursive: true, force: true });
    rmSync(markerPath, { force: true });
  }

  const chdb = ChdbOlap.open(join(args.dataDir, 'olap'));
  let marker: Marker;
  if (reuse) {
    marker = previous;
    progress(`store: reusing the dataset in ${args.dataDir}`);
  } else {
    const now = Math.floor(Date.now() / 1000);
    progress(`load: ${args.dataset.coins} coins, ${args.dataset.trades.toLocaleString('en')} trades over ${args.dataset.days} days into ${args.dataDir}`);
    const summary = await loadDataset(chdb, { ...args.dataset, now }, config, progress);
    progress(`load: ${summary.events.toLocaleString('en')} events in ${summary.seconds.toFixed(0)} s; scoring health`);
    const scoring = performance.now();
    const scorer = new HealthScorer({ olap: chdb, serviceWallets: Object.values(config.wallets) });
    await scorer.runOnce();
    const healthSeconds = (performance.now() - scoring) / 1000;
    progress(`health: every coin scored in ${healthSeconds.toFixed(0)} s`);
    marker = {
      dataset: args.dataset,
      projectors,
      catalog: summary.catalog,
      load: { seconds: summary.seconds, events: summary.events, rows: summary.rows, healthSeconds },
    };
    writeFileSync(markerPath, JSON.stringify(marker));
  }

  const opstore = await openOpStore({ dataDir: args.dataDir });
  const ideaTerms = await seedIdeas(opstore, marker.catalog, args.ideas, args.dataset.seed + 2);
  const partRows = await chdb.query<{ table: string; parts: string }>(
    `SELECT table, toString(count()) AS parts FROM system.parts WHERE active AND database = currentDatabase() GROUP BY table ORDER BY table`,
  );

  const olap = new QueuedOlap(chdb);
  // The service's read path: an event log (empty at start: the store was filled without one), the projections
  // following it, and the live views loaded from the store and following the log; every app serves from these
  // views and one answer cache.
  rmSync(join(args.dataDir, 'event-log'), { recursive: true, force: true });
  const log = SqliteEventLog.open(join(args.dataDir, 'event-log'), { synchronous: 'NORMAL' });
  const runner = await ProjectionRunner.open({ log, olap, projectors: readModelProjectors(serviceWalletList(config.wallets)) });
  runner.start();
  const views = createViews({ log, olap, config });
  const warming = performance.now();
  await views.feed.start();
  const warmSeconds = (performance.now() - warming) / 1000;
  progress(`live views loaded in ${warmSeconds.toFixed(1)} s`);
  (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
  const { answers } = answerCacheOn(views, opstore, config.readCacheBytes);
  // The per-route table measures reads alone: with the allowance on, the bench's one address would be past it
  // within a second.
  const app = buildApp({ olap, views, answers, config: { ...config, allowance: { ...config.allowance, perMinute: 0 } }, opstore });
  olap.takeTimes();
  let paid: PaidCallsDevnet | null = null;
  if (args.paid) {
    paid = await startPaidCallsDevnet(args.dataDir, opstore);
    progress(`paid calls: devnet at ${paid.chain.rpcUrl}, fee payer funded, paywall open`);
  }
  // Free routes within the allowance take the same path with 'unavailable' as with a paywall (no price, no paywall
  // call), so --no-paid still measures the allowance as served.
  const allowanceApp =
    args.allowanceApp || args.paid
      ? buildApp({
          olap,
          views,
          answers,
          config: { ...config, allowance: { ...config.allowance, ...BENCH_ALLOWANCE } },
          opstore,
          paidCalls: paid?.paywall ?? 'unavailable',
        })
      : null;
  // Its own app rather than the second: tool calls are measured free (no allowance, nothing to pay), beside routes
  // on the plain app, so the difference is the tool server alone. Its context is its own, its stores the same.
  const mcpApp = args.mcpApp
    ? buildServiceApp({ olap, views, answers, config: { ...config, allowance: { ...config.allowance, perMinute: 0, mcpPerMinute: 0 } }, opstore })
    : null;
  const writer = args.writesPerSecond > 0 ? await startWrites(olap, log, marker.catalog, args.writesPerSecond) : null;
  const port = await listen(app);
  const allowancePort = allowanceApp === null ? null : await listen(allowanceApp);
  const mcpPort = mcpApp === null ? null : await listen(mcpApp);
  let cpu = process.cpuUsage();

  process.on('message', (message: { type: string }) => {
    if (message.type === 'times') {
      const used = process.cpuUsage(cpu);
      cpu = process.cpuUsage();
      send({ type: 'times', ...olap.takeTimes(), cpuMs: (used.user + used.system) / 1000 });
    } else if (message.type === 'paywall-times') {
      send({ type: 'paywall-times', ...(paid?.times.take() ?? { verifyMs: [], settleMs: [], refused: 0 }) });
    } else if (message.type === 'stop') {
      void (async () => {
        if (writer !== null) clearInterval(writer);
        await app.close();
        await allowanceApp?.close();
        await mcpApp?.close();
        await paid?.stop();
        await views.feed.stop();
        await runner.stop();
        await log.close();
        await opstore.close();
        await chdb.close();
        process.exit(0);
      })();
    }
  });
  send({
    type: 'ready',
    port,
    allowancePort,
    mcpPort,
    chain: paid?.chain ?? null,
    catalog: { ...marker.catalog, ideaTerms },
    load: { reused: reuse, ...marker.load },
    parts: Object.fromEntries(partRows.map((row) => [row.table, Number(row.parts)])),
    warmSeconds,
    heapMiB: mib(memory.heapUsed),
    rssMiB: mib(memory.rss),
  });
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}

/** Coins the writes pick from: their latest trades are read once before serving, so a write is an append alone. */
const WRITTEN_COINS = 64;

/** The trade event a trades row was written from. */
function tradeEventOf(row: TradeRow, network: string): TradeEvent {
  return {
    id: row.id,
    type: 'trade',
    network,
    slot: Number(row.slot),
    blockTime: Math.floor(Date.parse(`${row.time.replace(' ', 'T')}Z`) / 1000),
    signature: row.signature,
    v: 1,
    data: {
      mint: row.mint,
      venue: row.venue,
      market: row.market,
      trader: row.trader,
      side: row.side,
      coinAmount: String(row.coinAmount),
      quoteAmount: String(row.quoteAmount),
      feeAmount: String(row.feeAmount),
      referralFee: String(row.referralFee),
      referrer: row.referrer,
      quoteMint: row.quoteMint,
      reserves: { coin: String(row.reserveCoin), quote: String(row.reserveQuote) },
    },
  } as TradeEvent;
}

/** Appends, `perSecond` times a second, a coin's latest trade to the log again, as the ingest re-appends a slot after
 * a restart: the projections write its rows and candles again and the feed announces those tables (so answers read
 * from the store are made again), while the views take it as seen (so no answer changes). */
async function startWrites(olap: Olap, log: EventLog, catalog: Catalog, perSecond: number): Promise<NodeJS.Timeout> {
  const random = new BenchRandom(97);
  const traded = catalog.coins.filter((coin) => coin.firstTrade !== null);
  const network = loadConfig({}).network;
  const events: TradeEvent[] = [];
  for (let i = 0; i < Math.min(WRITTEN_COINS, traded.length); i++) {
    const coin = random.pick(traded);
    const [row] = await olap.query<TradeRow>(`SELECT * FROM ${TRADES_TABLE} FINAL WHERE mint = {mint:String} ORDER BY time DESC, slot DESC LIMIT 1`, {
      mint: coin.mint,
    });
    if (row !== undefined) events.push(tradeEventOf(row, network));
  }
  return setInterval(() => {
    const event = random.pick(events);
    log
      .append(TOPICS.coinEvents, [{ key: event.data.mint, value: JSON.stringify(event) }])
      .catch((error: unknown) => progress(`write failed: ${String(error)}`));
  }, 1000 / perSecond);
}

main().catch((error: unknown) => {
  process.stderr.write(`api bench server failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
