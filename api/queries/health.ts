// Health reads of the API, over the health read model (projections/health: the scorer's latest check per coin),
// kept while the scorer has written nothing since (projections/read-path.ts).
import { latestHealthCheck as readLatestHealthCheck, type HealthCheck } from '../../projections/health/queries.js';
import { COIN_HEALTH_TABLE } from '../../projections/health/table.js';
import { cachedRead } from '../../projections/read-path.js';

export type { HealthCheck };

/** The coin's latest check, or null when it was never checked. */
export const latestHealthCheck = cachedRead('health-checks', [COIN_HEALTH_TABLE], (mint: string) => mint, readLatestHealthCheck);
