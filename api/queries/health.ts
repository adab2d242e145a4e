// Health reads of the API, over the health read model (projections/health: the scorer's latest check per coin):
// a coin's check is kept on the read path while the scorer has written nothing of that coin since, and coins missed
// together are read in one statement (projections/batched-read.ts).
import { perCoinRead } from '../../projections/batched-read.js';
import { latestHealthChecks, type HealthCheck } from '../../projections/health/queries.js';
import { COIN_HEALTH_TABLE } from '../../projections/health/table.js';
import type { ReadPath } from '../../projections/read-path.js';

export type { HealthCheck };

/** The coin's latest check, or null when it was never checked. */
export function latestHealthCheck(reads: ReadPath, mint: string): HealthCheck | null | Promise<HealthCheck | null> {
  return perCoinRead(reads, 'health-checks', [COIN_HEALTH_TABLE], (mints) => latestHealthChecks(reads.olap, mints))(mint);
}
