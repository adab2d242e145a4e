// `npm run ingest | project | webhooks | api`: one role alone against the configured stores (SQLite log and
// chDB under DATA_DIR by default; Kafka with KAFKA_BROKERS; ClickHouse with CLICKHOUSE_URL).
// Note: chDB is in-process, so with the embedded analytics store only one process may open it:
// run `project` and `api` together (`npm start`) or point both at a ClickHouse server.
import { pino } from 'pino';
import { loadConfig } from '../../schemas/config.js';
import { startApi, startIngest, startProjections, type Role } from './roles.js';
import { openServiceEventLog, openServiceOlap, openServiceOpStore } from './stores.js';
import { startWebhooks } from './webhooks-role.js';

const ROLES = ['ingest', 'project', 'webhooks', 'api'] as const;
type RoleName = (typeof ROLES)[number];

async function main(): Promise<void> {
  const name = process.argv[2] as RoleName;
  if (!ROLES.includes(name)) {
    console.error(`usage: run-role ${ROLES.join(' | ')}`);
    process.exit(2);
  }
  const config = loadConfig();
  const logger = pino({ level: config.logLevel, name });
  const closers: (() => Promise<void>)[] = [];
  let role: Role;
  if (name === 'api') {
    const olap = await openServiceOlap(config);
    closers.push(() => olap.close());
    const opstore = await openServiceOpStore(config);
    closers.push(() => opstore.close());
    role = await startApi(config, olap, logger, undefined, opstore);
  } else {
    const log = await openServiceEventLog(config, logger);
    closers.push(() => log.close());
    if (name === 'ingest') role = await startIngest(config, log, logger);
    else if (name === 'webhooks') {
      const opstore = await openServiceOpStore(config);
      closers.push(() => opstore.close());
      role = await startWebhooks(config, log, opstore, logger);
    } else {
      const olap = await openServiceOlap(config);
      closers.push(() => olap.close());
      role = await startProjections(log, olap, logger, Object.values(config.wallets));
    }
  }
  logger.info(`${name} running`);
  const stop = async () => {
    await role.stop();
    for (const close of closers.reverse()) await close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
