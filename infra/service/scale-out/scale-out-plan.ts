// Which processes the scale-out deployment runs, from the configuration: a local Kafka broker unless KAFKA_BROKERS
// names one, the devnet unless a remote chain is configured, the operational store's server unless TRIPLIT_URL
// names one, then ingest, the projections (with the API beside them while the analytics store is the in-process
// chDB; apart with CLICKHOUSE_URL) and the webhook dispatcher, each its own process.
import { join } from 'node:path';
import type { Config } from '../../../schemas/config.js';

/** Port of the local broker started when KAFKA_BROKERS is unset (Kafka's usual one). */
export const LOCAL_KAFKA_PORT = 9092;

export interface RoleSpec {
  /** Prefix of its log lines. */
  name: string;
  /** The script run with `node --import tsx`, and its arguments. */
  args: string[];
  /** A line of its output that says it is ready. */
  ready: RegExp;
  /** A store or chain the roles after it need: started, and ready, before them. The roles start together. */
  store: boolean;
}

const runRole = (...roles: string[]): RoleSpec => ({
  name: roles.join('+'),
  args: ['infra/service/run-role.ts', ...roles],
  ready: new RegExp(`"msg":"${roles.join('\\+')} running"`),
  store: false,
});

/** The stores the deployment provides itself, which the roles after them are pointed at. */
export function providedStores(config: Config): { kafka: boolean; chain: boolean; opstore: boolean } {
  return { kafka: config.stores.kafkaBrokers === undefined, chain: config.chain.yellowstoneUrl === undefined, opstore: config.stores.triplitUrl === undefined };
}

export function scaleOutPlan(config: Config): RoleSpec[] {
  const provided = providedStores(config);
  const plan: RoleSpec[] = [];
  if (provided.kafka) {
    const dataDir = join(config.dataDir, 'kafka');
    plan.push({
      name: 'kafka',
      args: ['infra/kafka-local/kafka-local.ts', '--port', String(LOCAL_KAFKA_PORT), '--data-dir', dataDir],
      ready: /^kafka ready /,
      store: true,
    });
  }
  if (provided.chain)
    plan.push({ name: 'chain', args: ['infra/devnet/main.ts', '--speed', 'realtime', '--data-dir-from-config'], ready: /^devnet ready /, store: true });
  if (provided.opstore) plan.push({ ...runRole('opstore'), store: true });
  plan.push(runRole('ingest'));
  if (config.stores.clickhouseUrl === undefined) plan.push(runRole('project', 'api'));
  else plan.push(runRole('project'), runRole('api'));
  plan.push(runRole('webhooks'));
  return plan;
}
