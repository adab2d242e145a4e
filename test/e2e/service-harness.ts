// The whole read path in one test process, for end-to-end specs: a manual devnet with its seeded simulator and
// Yellowstone server, the subscriber and decoding pipeline into a SQLite event log, the projection runner into
// chDB, the live views following the log and the API through app.inject. Specs act on the chain (`step`, or explicit transactions), call
// `settle()` to wait until the last confirmed slot is projected and in the views, then compare the API with the devnet's truth.
import { QUICK_TUNE } from '../../infra/devnet/simulator/simulator.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../api/app.js';
import { buildServiceApp } from '../../infra/service/http-app.js';
import { createViews, type Views } from '../../api/views/views.js';
import { Devnet } from '../../infra/devnet/devnet.js';
import type { SimProfile } from '../../infra/devnet/simulator/sim-context.js';
import { TOPICS } from '../../infra/event-log/event-log.js';
import { SqliteEventLog } from '../../infra/event-log/sqlite-event-log.js';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import { Pipeline } from '../../ingest/pipeline.js';
import { Subscriber } from '../../ingest/subscriber/subscriber.js';
import { ProjectionRunner } from '../../projections/runner.js';
import { readModelProjectors } from '../../projections/read-models.js';
import { serviceWalletList } from '../../schemas/config.js';
import { CONFIG } from '../ingest/chain-fixture.js';
import { silent, sleep, waitFor } from '../ingest/ingest-harness.js';

export interface ServiceOptions {
  seed: number;
  /** Milliseconds per slot of block time (the chain is stepped by hand; this only spaces block times). */
  slotMs?: number;
  /** Simulator tuning on top of the simulator's QUICK_TUNE. */
  tune?: Partial<SimProfile>;
  /** Extra API dependencies (stores, clocks) for the routes under test. */
  api?: Partial<ApiDeps>;
  /** Also serve the devnet's JSON-RPC on a free port (`devnet.rpcUrl`), for wallets and the launch routes. */
  rpc?: boolean;
}

export interface ServiceHarness {
  devnet: Devnet;
  log: SqliteEventLog;
  olap: Olap;
  subscriber: Subscriber;
  pipeline: Pipeline;
  runner: ProjectionRunner;
  views: Views;
  /** The API; rebuilt by `useClock` so figures can be read at a chosen time. */
  app: FastifyInstance;
  /** First slot the subscriber followed. */
  fromSlot: number;
  /** Step the chain `slots` slots, yielding now and then so the stream and pipeline keep up. */
  step(slots: number): Promise<void>;
  /** Seal the working slot and wait until the last confirmed slot is durable, decoded and projected; returns it. */
  settle(): Promise<number>;
  /** Seal the slot explicit transactions went into (infra/devnet/actions.ts) and settle: returns that slot once the
   * service has indexed it. */
  land(): Promise<number>;
  /** Rebuild the API with its clock fixed at `at`. */
  useClock(at: Date): Promise<void>;
  get<T = Record<string, unknown>>(url: string): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

export async function startService(options: ServiceOptions): Promise<ServiceHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'launchtape-e2e-'));
  const devnet = await Devnet.start({
    speed: 'manual',
    seed: options.seed,
    simulate: { profile: 'max', tune: { ...QUICK_TUNE, ...options.tune } },
    grpcPort: 0,
    ...(options.rpc ? { rpcPort: 0 } : {}),
    slotMs: options.slotMs ?? 25_000,
  });
  const log = SqliteEventLog.open(join(dir, 'event-log'), { synchronous: 'NORMAL', pollIntervalMs: 5 });
  const olap = await openOlap({ dataDir: dir });
  const fromSlot = devnet.bank.workingSlot;
  const subscriber = await Subscriber.start({
    endpoint: devnet.grpcUrl!,
    log,
    config: CONFIG,
    logger: silent,
    startSlot: fromSlot,
    backoff: { initialMs: 20, maxMs: 200 },
  });
  await waitFor(() => subscriber.status().connected, 'the subscriber to connect');
  const pipeline = await Pipeline.create({ log, config: CONFIG, logger: silent, pollWaitMs: 20 });
  pipeline.start();
  const projectors = readModelProjectors(serviceWalletList(CONFIG.wallets));
  const runner = await ProjectionRunner.open({ log, olap, projectors, maxBatchWaitMs: 20, idleWaitMs: 20, retryDelayMs: 50 });
  runner.start();
  const views = createViews({ log, olap, config: CONFIG });
  await views.feed.start();

  const makeApp = (clock?: () => Date) => buildServiceApp({ olap, views, config: CONFIG, ...options.api, ...(clock ? { clock } : {}) });
  const harness: ServiceHarness = {
    devnet,
    log,
    olap,
    subscriber,
    pipeline,
    runner,
    views,
    app: makeApp(),
    fromSlot,
    async step(slots) {
      for (let i = 0; i < slots; i++) {
        devnet.step();
        if (i % 4 === 0) await sleep(1);
      }
    },
    async settle() {
      devnet.step();
      const last = devnet.bank.latestBlock.slot - 1; // confirmed once the next slot is sealed
      await waitFor(
        async () => {
          if ((subscriber.status().lastDurableSlot ?? -1) < last || (pipeline.status().lastSlot ?? -1) < last) return false;
          const head = await log.last(TOPICS.coinEvents);
          return head === null || (await runner.progress()).lastOffset === head.offset.toString();
        },
        `slot ${last} to be projected`,
        60_000,
      );
      await views.feed.settled();
      return last;
    },
    async land() {
      devnet.step();
      return harness.settle();
    },
    async useClock(at) {
      await harness.app.close();
      harness.app = makeApp(() => at);
    },
    async get<T>(url: string) {
      const response = await harness.app.inject({ method: 'GET', url });
      return { status: response.statusCode, body: response.json() as T };
    },
    async stop() {
      await harness.app.close();
      await subscriber.stop();
      await pipeline.stop();
      await views.feed.stop();
      await runner.stop();
      await devnet.stop();
      await log.close();
      await olap.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}
