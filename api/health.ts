// Process probes outside the API prefix: `/healthz` (the process answers) and `/readyz` (ingest connected and
// projections within READY_MAX_LAG_SLOTS of the chain; without a readiness source, the analytics store answers).
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from './deps.js';

/** Most slots the projections may trail the chain while the API still reports ready. */
export const READY_MAX_LAG_SLOTS = 5;

async function notReadyReason(deps: ApiDeps): Promise<string | null> {
  if (deps.readiness === undefined) {
    await deps.olap.query('SELECT 1 AS ok');
    return null;
  }
  const state = await deps.readiness();
  if (!state.ingestConnected) return 'ingest is not connected to the chain';
  if (state.projectionLagSlots === null) return 'projection lag is unknown';
  if (state.projectionLagSlots > READY_MAX_LAG_SLOTS) return `projections are ${state.projectionLagSlots} slots behind`;
  return null;
}

export function installHealth(app: FastifyInstance, deps: ApiDeps): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    let reason: string | null;
    try {
      reason = await notReadyReason(deps);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      reason = 'readiness check failed';
    }
    if (reason !== null) return reply.code(503).send({ error: reason });
    return { status: 'ready' };
  });
}
