// Health reads of the API, over the health read model (projections/health: the scorer's latest check per coin),
// kept while the scorer has written nothing since (projections/kept-reads.ts).
import { latestHealthCheck as readLatestHealthCheck, type HealthCheck } from '../../projections/health/queries.js';
import { COIN_HEALTH_TABLE } from '../../projections/health/table.js';
import { keptRead } from '../../projections/kept-reads.js';

export type { HealthCheck };

const HEALTH_CHECKS = { name: 'health-checks', tables: [COIN_HEALTH_TABLE], max: 10_000 };

/** The coin's latest check, or null when it was never checked. */
export const latestHealthCheck = keptRead(HEALTH_CHECKS, (mint: string) => mint, readLatestHealthCheck);
