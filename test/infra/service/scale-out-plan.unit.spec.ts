import { describe, expect, it } from 'vitest';
import { scaleOutPlan } from '../../../infra/service/scale-out/scale-out-plan.js';
import { loadConfig } from '../../../schemas/config.js';

const names = (env: Record<string, string>) => scaleOutPlan(loadConfig(env)).map((spec) => spec.name);

describe('the scale-out plan', () => {
  it('provides Kafka, the chain and the operational store itself when none is configured', () => {
    const plan = scaleOutPlan(loadConfig({ DATA_DIR: '/srv/data' }));
    expect(plan.map((spec) => [spec.name, spec.store])).toEqual([
      ['kafka', true],
      ['chain', true],
      ['opstore', true],
      ['ingest', false],
      ['project+api', false],
      ['webhooks', false],
    ]);
    expect(plan[0]!.args).toEqual(['infra/kafka-local/kafka-local.ts', '--port', '9092', '--data-dir', '/srv/data/kafka']);
    expect(plan[4]!.args).toEqual(['infra/service/run-role.ts', 'project', 'api']);
  });

  it('uses what is configured instead', () => {
    expect(
      names({
        KAFKA_BROKERS: 'k1:9092',
        YELLOWSTONE_URL: 'http://geyser:10000',
        RPC_URL: 'http://rpc:8899',
        TRIPLIT_URL: 'http://triplit:8080',
        TRIPLIT_TOKEN: 't',
      }),
    ).toEqual(['ingest', 'project+api', 'webhooks']);
  });

  it('runs the API apart from the projections on a ClickHouse server', () => {
    expect(names({ KAFKA_BROKERS: 'k1:9092', CLICKHOUSE_URL: 'http://clickhouse:8123' })).toEqual(['chain', 'opstore', 'ingest', 'project', 'api', 'webhooks']);
  });

  it('knows each role ready by the line its command prints', () => {
    const [kafka, chain, opstore, , projectApi] = scaleOutPlan(loadConfig({}));
    expect(kafka!.ready.test('kafka ready 127.0.0.1:9092')).toBe(true);
    expect(chain!.ready.test('devnet ready rpc=http://127.0.0.1:8899 grpc=http://127.0.0.1:10000')).toBe(true);
    expect(opstore!.ready.test('{"level":30,"name":"opstore","msg":"opstore running"}')).toBe(true);
    expect(projectApi!.ready.test('{"level":30,"name":"project+api","msg":"project+api running"}')).toBe(true);
    expect(projectApi!.ready.test('{"level":30,"name":"project","msg":"project running"}')).toBe(false);
  });
});
