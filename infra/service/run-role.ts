// `npm run ingest | project | webhooks | api | opstore`, or `run-role <role> <role> ...` for several in one process:
// roles against the configured stores (SQLite log, chDB and the embedded operational store under DATA_DIR by default;
// Kafka with KAFKA_BROKERS, ClickHouse with CLICKHOUSE_URL, a Triplit server with TRIPLIT_URL). `opstore` serves the
// operational store itself (a Triplit server on OPSTORE_PORT, data under DATA_DIR) for roles in other processes.
// Each store a role needs is opened once per process. chDB is in-process, so with the embedded analytics store only
// one process may open it: run `project` and `api` in one process (`run-role project api`, as the scale-out
// deployment does) or point both at a ClickHouse server.
import { pino } from 'pino';
import type { EventLog } from '../event-log/event-log.js';
import { servedStoreFiles } from '../opstore/served-store.js';
import { startTriplitServer } from '../opstore/triplit-server.js';
import { chainRpcUrl } from './service-keys-setup.js';
import { loadConfig } from '../../schemas/config.js';
import { logReadiness, pipelineReadiness, startApi, startIngest, startProjections, type IngestRole, type ProjectRole, type Role } from './roles.js';
import { openServiceEventLog, openServiceOlap, openServiceOpStore } from './stores.js';
import { tuneGarbageCollection } from './gc-tuning.js';
import { startWebhooks } from './webhooks-role.js';

const ROLE_NAMES = ['opstore', 'ingest', 'project', 'webhooks', 'api'] as const;
type RoleName = (typeof ROLE_NAMES)[number];

function parseRoles(args: readonly string[]): RoleName[] | null {
  if (args.length === 0 || new Set(args).size !== args.length) return null;
  if (!args.every((arg) => (ROLE_NAMES as readonly string[]).includes(arg))) return null;
  return ROLE_NAMES.filter((name) => args.includes(name)); // started in this order
}

/** A store opened on first use, once, and closed with the process. */
function once<T extends { close(): Promise<void> }>(open: () => Promise<T>, closers: (() => Promise<void>)[]): () => Promise<T> {
  let opened: Promise<T> | null = null;
  return () =>
    (opened ??= open().then((store) => {
      closers.push(() => store.close());
      return store;
    }));
}

/** What /readyz judges by, from the roles beside the API in this process. */
async function apiReadiness(ingest: IngestRole | null, project: ProjectRole | null, log: () => Promise<EventLog>, rpcUrl: string) {
  if (ingest !== null && project !== null) return () => pipelineReadiness(ingest, project);
  if (project !== null) return logReadiness(await log(), project, rpcUrl);
  return undefined; // the analytics store answering is all this process can tell
}

async function main(): Promise<void> {
  tuneGarbageCollection();
  const names = parseRoles(process.argv.slice(2));
  if (names === null) {
    console.error(`usage: run-role <role> [<role> ...], each at most once, roles: ${ROLE_NAMES.join(' | ')}`);
    process.exit(2);
  }
  const config = loadConfig();
  const name = names.join('+');
  const logger = pino({ level: config.logLevel, name });
  const closers: (() => Promise<void>)[] = [];
  const roles: Role[] = [];
  const eventLog = once(() => openServiceEventLog(config, logger), closers);
  const olap = once(() => openServiceOlap(config), closers);
  const opstore = once(() => openServiceOpStore(config), closers);
  let ingest: IngestRole | null = null;
  let project: ProjectRole | null = null;
  for (const role of names) {
    if (role === 'opstore') {
      const { file, secret } = servedStoreFiles(config.dataDir);
      const server = await startTriplitServer({ file, port: config.stores.opstorePort, jwtSecret: secret });
      roles.push({ stop: () => server.close() });
      logger.info({ url: server.url }, 'operational store serving');
    } else if (role === 'ingest') roles.push((ingest = await startIngest(config, await eventLog(), logger)));
    else if (role === 'project') roles.push((project = await startProjections(await eventLog(), await olap(), logger, Object.values(config.wallets))));
    else if (role === 'webhooks') roles.push(await startWebhooks(config, await eventLog(), await opstore(), logger));
    else
      roles.push(
        await startApi(config, await olap(), await eventLog(), logger, await apiReadiness(ingest, project, eventLog, chainRpcUrl(config)), await opstore()),
      );
  }

  // Written whatever LOG_LEVEL says: `npm run start:scale-out` waits for this line.
  pino({ level: 'info', name }).info(`${name} running`);
  // Ctrl-C under `npm run start:scale-out` reaches a role twice: from the terminal, and from the supervisor.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const role of roles.reverse()) await role.stop();
    for (const close of closers.reverse()) await close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  // Started by `npm run start:scale-out` (over an IPC channel): end with it, also when it is killed.
  process.once('disconnect', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
