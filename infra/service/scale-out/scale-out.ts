// `npm run start:scale-out`: the service as one process per role on this machine, on the scale-out stores: the
// event log on Kafka (KAFKA_BROKERS, or a local broker it starts on port 9092 with data under DATA_DIR/kafka), the
// operational store on a Triplit server (TRIPLIT_URL, or its own on OPSTORE_PORT with data under DATA_DIR), the chain
// as for `npm start` (the devnet in realtime under DATA_DIR/devnet unless a remote one is configured), and the same
// PORT and devnet ports. The stores and the chain start first, then the roles together. Every role's lines carry its
// name; a role that ends is started again; Ctrl-C stops them all, the last started first.
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../../schemas/config.js';
import { serviceSealKey } from '../service-keys-setup.js';
import { mintServiceToken } from '../../opstore/service-token.js';
import { servedStoreFiles } from '../../opstore/served-store.js';
import { RoleProcess, supervisorLine } from './role-process.js';
import { LOCAL_KAFKA_PORT, providedStores, scaleOutPlan, type RoleSpec } from './scale-out-plan.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  const provided = providedStores(config);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (provided.kafka) env.KAFKA_BROKERS = `127.0.0.1:${LOCAL_KAFKA_PORT}`;
  if (provided.opstore) {
    env.TRIPLIT_URL = `http://127.0.0.1:${config.stores.opstorePort}`;
    env.TRIPLIT_TOKEN = mintServiceToken(servedStoreFiles(config.dataDir).secret);
  }
  // The embedded setup's key file is made here once, before roles in several processes would each make it.
  serviceSealKey(config);

  const plan = scaleOutPlan(config);
  const nameWidth = Math.max('scale-out'.length, ...plan.map((spec) => spec.name.length));
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const err = (line: string) => process.stderr.write(`${line}\n`);
  const started: RoleProcess[] = [];
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const role of started.reverse()) await role.stop();
    process.exit(code);
  };
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));

  const start = (spec: RoleSpec) => {
    const role = new RoleProcess(spec, { cwd: ROOT, env, nameWidth, out, err });
    started.push(role);
    return role.start();
  };
  try {
    for (const spec of plan.filter((s) => s.store)) await start(spec);
    await Promise.all(plan.filter((s) => !s.store).map(start));
  } catch (error) {
    err(supervisorLine(nameWidth, `${(error as Error).message}; stopping`));
    await stopAll(1);
    return;
  }
  err(supervisorLine(nameWidth, `all roles ready: http://127.0.0.1:${config.port}`));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
