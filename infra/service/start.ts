// `npm start`: the whole service in one process on embedded defaults: the devnet in realtime with
// its traffic simulator (unless a remote chain is configured), ingest, projections, the webhook dispatcher and the API,
// with data under DATA_DIR. Stopping and starting again continues where it stopped.
import { join } from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../../schemas/config.js';
import { Devnet } from '../devnet/devnet.js';
import { pipelineReadiness, startApi, startIngest, startProjections, type Role } from './roles.js';
import { openServiceEventLog, openServiceOlap, openServiceOpStore } from './stores.js';
import { tuneGarbageCollection } from './gc-tuning.js';
import { startWebhooks } from './webhooks-role.js';

async function main(): Promise<void> {
  tuneGarbageCollection();
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  const stoppers: (() => Promise<void>)[] = [];
  const stopEach = async () => {
    for (const stop of stoppers.reverse()) await stop().catch((error: unknown) => logger.error({ err: error }, 'stop failed'));
  };
  // Once, whether SIGINT, SIGTERM or both arrive.
  let stopping: Promise<void> | null = null;
  const stopAll = () => (stopping ??= stopEach());
  process.once('SIGINT', () => void stopAll().then(() => process.exit(0)));
  process.once('SIGTERM', () => void stopAll().then(() => process.exit(0)));

  if (!config.chain.yellowstoneUrl) {
    const devnet = await Devnet.start({
      speed: 'realtime',
      seed: config.devnet.seed,
      dataDir: join(config.dataDir, 'devnet'),
      rpcPort: config.devnet.rpcPort,
      grpcPort: config.devnet.grpcPort,
    });
    stoppers.push(() => devnet.stop());
    logger.info({ rpc: devnet.rpcUrl, grpc: devnet.grpcUrl }, 'devnet ready');
  }
  const log = await openServiceEventLog(config, logger);
  stoppers.push(() => log.close());
  const olap = await openServiceOlap(config);
  stoppers.push(() => olap.close());
  const opstore = await openServiceOpStore(config);
  stoppers.push(() => opstore.close());
  const roles: Role[] = [];
  const ingest = await startIngest(config, log, logger);
  roles.push(ingest);
  const project = await startProjections(log, olap, logger, Object.values(config.wallets));
  roles.push(project);
  roles.push(await startWebhooks(config, log, opstore, logger));
  stoppers.push(async () => {
    for (const role of roles.reverse()) await role.stop();
  });
  const api = await startApi(config, olap, log, logger, () => pipelineReadiness(ingest, project), opstore);
  stoppers.push(() => api.stop());
  logger.info({ url: api.url }, 'launchtape ready');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
