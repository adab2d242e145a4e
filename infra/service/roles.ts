// The long-running roles of the service (ingest, project, api; webhooks in webhooks-role.ts), each started from opened stores,
// so `npm start` runs them together in one process and `run-role` runs any of them, alone or together.
import { createSolanaRpc } from '@solana/kit';
import type { Logger } from 'pino';
import { buildServiceApp } from './http-app.js';
import type { Readiness } from '../../api/deps.js';
import { READY_MAX_LAG_SLOTS } from '../../api/health.js';
import { createViews } from '../../api/views/views.js';
import { Pipeline } from '../../ingest/pipeline.js';
import { readResumePoint } from '../../ingest/subscriber/resume.js';
import { Subscriber } from '../../ingest/subscriber/subscriber.js';
import { HealthScorer } from '../../projections/health/scorer.js';
import { ensureReadModelTables, readModelProjectors } from '../../projections/read-models.js';
import { ProjectionRunner } from '../../projections/runner.js';
import type { Config } from '../../schemas/config.js';
import type { EventLog } from '../event-log/event-log.js';
import type { Olap } from '../olap/olap.js';
import type { OpStore } from '../opstore/op-store.js';
import { openApiKeys, serviceLaunchDeps, usesEmbeddedDevnet } from './service-keys-setup.js';
import { seedDevnetIdeas } from './devnet-ideas.js';
import { openPaidCalls } from './paid-calls.js';
import { yellowstoneEndpoint } from './stores.js';
import { webhookDeps } from './webhooks-role.js';

export interface Role {
  stop(): Promise<void>;
}

export interface IngestRole extends Role {
  subscriber: Subscriber;
  pipeline: Pipeline;
}

export async function startIngest(config: Config, log: EventLog, logger: Logger): Promise<IngestRole> {
  const ingestConfig = { network: config.network, programs: config.programs, wallets: config.wallets, mints: config.mints };
  const subscriber = await Subscriber.start({
    endpoint: yellowstoneEndpoint(config),
    xToken: config.chain.yellowstoneToken,
    log,
    config: ingestConfig,
    logger: logger.child({ role: 'subscriber' }),
    startSlot: config.ingest.startSlot,
  });
  const pipeline = await Pipeline.create({ log, config: ingestConfig, logger: logger.child({ role: 'pipeline' }) });
  pipeline.start();
  return {
    subscriber,
    pipeline,
    async stop() {
      await subscriber.stop();
      await pipeline.stop();
    },
  };
}

export interface ProjectRole extends Role {
  runner: ProjectionRunner;
}

/** The projection runner, and with `serviceWallets` the owed shares and the periodic health scorer over the same store. */
export async function startProjections(log: EventLog, olap: Olap, logger: Logger, serviceWallets?: readonly string[]): Promise<ProjectRole> {
  const projectors = serviceWallets === undefined ? undefined : readModelProjectors(serviceWallets);
  const runner = await ProjectionRunner.open({ log, olap, projectors, logger: logger.child({ role: 'projections' }) });
  runner.start();
  const health = serviceWallets === undefined ? null : new HealthScorer({ olap, serviceWallets, logger: logger.child({ role: 'health' }) });
  health?.start();
  return {
    runner,
    async stop() {
      await health?.stop();
      await runner.stop();
    },
  };
}

/** How far the projections trail the chain tip, as /readyz judges it. */
export async function pipelineReadiness(ingest: IngestRole, project: ProjectRole): Promise<Readiness> {
  const subscription = ingest.subscriber.status();
  const decoded = ingest.pipeline.status();
  const projected = await project.runner.progress();
  const tip = subscription.lastSlotSeen;
  if (tip === null) return { ingestConnected: subscription.connected, projectionLagSlots: null };
  const durable = subscription.lastDurableSlot ?? 0;
  const caughtUp = projected.caughtUp && (decoded.lastSlot ?? 0) >= durable;
  // When everything is consumed the lag is the subscriber's own; otherwise count from the last projected slot.
  const lag = caughtUp ? tip - durable : tip - Math.max(projected.lastSlot ?? 0, 0);
  return { ingestConnected: subscription.connected, projectionLagSlots: Math.max(0, lag) };
}

/** Readiness of an API that runs beside the projections but not beside ingest (the scale-out deployment): ingest's
 * progress is its durable slot as written to the log, the tip is the chain's confirmed slot from its JSON-RPC.
 * Both are read at most once a second. */
export function logReadiness(log: EventLog, project: ProjectRole, rpcUrl: string): () => Promise<Readiness> {
  const rpc = createSolanaRpc(rpcUrl);
  let cached: { at: number; tip: number; durable: number | null } | null = null;
  return async () => {
    if (cached === null || Date.now() - cached.at > 1_000) {
      const [tip, resume] = await Promise.all([rpc.getSlot({ commitment: 'confirmed' }).send(), readResumePoint(log)]);
      cached = { at: Date.now(), tip: Number(tip), durable: resume.durableSlot };
    }
    const { tip, durable } = cached;
    if (durable === null) return { ingestConnected: false, projectionLagSlots: null };
    const projected = await project.runner.progress();
    const lag = projected.caughtUp ? tip - durable : tip - (projected.lastSlot ?? 0);
    return { ingestConnected: tip - durable <= READY_MAX_LAG_SLOTS, projectionLagSlots: Math.max(0, lag) };
  };
}

export interface ApiRole extends Role {
  url: string;
}

/** The API (with the MCP server and the site) on PORT, its live views following `log` from where the projections
 * stand: the same in every deployment. */
export async function startApi(
  config: Config,
  olap: Olap,
  log: EventLog,
  logger: Logger,
  readiness?: () => Promise<Readiness>,
  opstore?: OpStore,
): Promise<ApiRole> {
  await ensureReadModelTables(olap);
  const apiLogger = logger.child({ role: 'api' });
  const keys = opstore ? await openApiKeys(config, opstore, apiLogger) : null;
  if (opstore && usesEmbeddedDevnet(config)) await seedDevnetIdeas(opstore, apiLogger);
  const launch = opstore ? serviceLaunchDeps(config, keys) : undefined;
  const payments = await openPaidCalls(config, opstore, keys, apiLogger.child({ part: 'payments' }));
  const webhooks = opstore ? webhookDeps(config) : undefined;
  const views = createViews({ log, olap, config, logger: apiLogger.child({ part: 'views' }) });
  const started = performance.now();
  await views.feed.start();
  apiLogger.info({ ms: Math.round(performance.now() - started) }, 'live views loaded');
  const app = buildServiceApp({ olap, views, config, opstore, logger: apiLogger, readiness, launch, paidCalls: payments.paidCalls, webhooks });
  const url = await app.listen({ port: config.port, host: '0.0.0.0' });
  return {
    url,
    stop: async () => {
      payments.stop();
      await app.close();
      await views.feed.stop();
    },
  };
}
