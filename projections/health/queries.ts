// A coin's latest health check (coin_health, written by the scorer), with its signals as the signal functions
// give them; levels and the grade are derived by the reader (grade.ts).
import type { Olap } from '../../infra/olap/olap.js';
import type { HealthContext, HealthSignals } from './signals.js';
import { COIN_HEALTH_TABLE } from './table.js';

export type HealthCheck = { checkedAt: Date; signals: HealthSignals; context: HealthContext };

/** The latest check of each of `mints` that was checked. */
export async function latestHealthChecks(olap: Olap, mints: readonly string[]): Promise<Map<string, HealthCheck>> {
  const rows = await olap.query<{ mint: string; checkedMs: string; signals: string; context: string }>(
    `SELECT mint, toString(toUnixTimestamp64Milli(checkedAt)) AS checkedMs, signals, context
     FROM ${COIN_HEALTH_TABLE} FINAL WHERE mint IN {mints:Array(String)} LIMIT 1 BY mint`,
    { mints: [...mints] },
  );
  return new Map(
    rows.map((row) => [row.mint, { checkedAt: new Date(Number(row.checkedMs)), signals: JSON.parse(row.signals), context: JSON.parse(row.context) }]),
  );
}
