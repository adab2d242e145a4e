// A coin's latest health check (coin_health, written by the scorer), with its signals as the signal functions
// give them; levels and the grade are derived by the reader (signals.ts).
import type { Olap } from '../../infra/olap/olap.js';
import type { HealthContext, HealthSignals } from './signals.js';
import { COIN_HEALTH_TABLE } from './table.js';

/** The latest check of `mint`; undefined before its first. */
export async function latestHealthCheck(olap: Olap, mint: string): Promise<{ checkedAt: Date; signals: HealthSignals; context: HealthContext } | undefined> {
  const [row] = await olap.query<{ checkedMs: string; signals: string; context: string }>(
    `SELECT toString(toUnixTimestamp64Milli(checkedAt)) AS checkedMs, signals, context FROM ${COIN_HEALTH_TABLE} FINAL WHERE mint = {mint:String} LIMIT 1`,
    { mint },
  );
  return row && { checkedAt: new Date(Number(row.checkedMs)), signals: JSON.parse(row.signals), context: JSON.parse(row.context) };
}
