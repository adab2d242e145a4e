// The process surface outside /api/v1: /healthz, /readyz (ingest connected and projections within a few
// slots, else 503 { error }) and Prometheus metrics by route pattern.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Olap } from '../../infra/olap/olap.js';
import type { Readiness } from '../../api/app.js';
import { startApiHarness, type ApiHarness } from './harness.js';

let h: ApiHarness;
let app: FastifyInstance;

beforeAll(async () => {
  h = await startApiHarness();
  app = h.app();
});
afterAll(async () => h?.close());

describe('probes', () => {
  const ready = (readiness: () => Readiness | Promise<Readiness>, olap: Olap = h.olap) => h.app(0, { readiness, olap });

  it('answers /healthz while the process is up', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 only when ingest is connected and projections are within a few slots', async () => {
    const status = async (on: FastifyInstance) => {
      const res = await on.inject({ method: 'GET', url: '/readyz' });
      return { status: res.statusCode, body: res.json() };
    };
    expect(await status(app)).toEqual({ status: 200, body: { status: 'ready' } });
    expect(await status(ready(() => ({ ingestConnected: true, projectionLagSlots: 2 })))).toEqual({ status: 200, body: { status: 'ready' } });
    const notReady = { status: 503, body: { error: expect.any(String) } };
    expect(await status(ready(() => ({ ingestConnected: false, projectionLagSlots: 0 })))).toEqual(notReady);
    expect(await status(ready(async () => ({ ingestConnected: true, projectionLagSlots: 500 })))).toEqual(notReady);
    expect(await status(ready(() => ({ ingestConnected: true, projectionLagSlots: null })))).toEqual(notReady);
    expect(await status(ready(() => Promise.reject(new Error('down'))))).toEqual(notReady);
    const deadStore: Olap = {
      exec: async () => {},
      insert: async () => {},
      query: () => Promise.reject(new Error('store down')),
      close: async () => {},
    };
    expect(await status(h.app(0, { olap: deadStore }))).toEqual(notReady);
  });
});

describe('GET /metrics', () => {
  it('counts requests and times them by route pattern and status', async () => {
    const fresh = h.app();
    await fresh.inject({ method: 'GET', url: '/api/v1/coins' });
    await fresh.inject({ method: 'GET', url: `/api/v1/coins/${h.fixture.coins.alpha.mint}` });
    await fresh.inject({ method: 'GET', url: '/api/v1/coins?limit=0' });
    await fresh.inject({ method: 'GET', url: '/api/v1/nowhere' });
    const res = await fresh.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('http_requests_total{method="GET",route="/api/v1/coins",status_code="200"} 1');
    expect(res.body).toContain('http_requests_total{method="GET",route="/api/v1/coins",status_code="400"} 1');
    expect(res.body).toContain('http_requests_total{method="GET",route="/api/v1/coins/:mint",status_code="200"} 1');
    expect(res.body).toContain('http_requests_total{method="GET",route="unmatched",status_code="404"} 1');
    expect(res.body).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v1\/coins\/:mint",status_code="200"\} \d/);
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });
});
