// A coin's latest health check (coin_health, written by the scorer), with its signals as the signal functions
// give them; levels and the grade are derived by the reader (grade.ts).
import type { Olap } from '../../infra/olap/olap.js';
import type { HealthContext, HealthSignals } from './signals.js';
import { COIN_HEALTH_TABLE, type CoinHealthRow } from './table.js';

export interface HealthCheck {
  checkedAt: Date;
  signals: HealthSignals;
  context: HealthContext;
}

/** A coin_health row as read: its check time as unix milliseconds text instead of the stored DateTime. */
type Row = Omit<CoinHealthRow, 'mint' | 'checkedAt' | 'activitySlot'> & { checkedMs: string };

/** The coin's latest check, or null when it was never checked. */
export async function latestHealthCheck(olap: Olap, mint: string): Promise<HealthCheck | null> {
  const rows = await olap.query<Row>(
    `SELECT toString(toUnixTimestamp64Milli(checkedAt)) AS checkedMs, top10Bps, creatorUnlockedBps, creatorSoldLaunchBuy, sniperBps,
       bundleBps, insiderBps, washBps, mintAuthority, freezeAuthority, holders, creatorLaunches, creatorGraduations
     FROM ${COIN_HEALTH_TABLE} FINAL WHERE mint = {mint:String} LIMIT 1`,
    { mint },
  );
  const row = rows[0];
  if (row === undefined) return null;
  const signals: HealthSignals = {
    top10Bps: Number(row.top10Bps),
    creatorUnlockedBps: Number(row.creatorUnlockedBps),
    creatorSoldLaunchBuy: Number(row.creatorSoldLaunchBuy) === 1,
    sniperBps: Number(row.sniperBps),
    bundleBps: Number(row.bundleBps),
    insiderBps: Number(row.insiderBps),
    washBps: Number(row.washBps),
  };
  if (row.mintAuthority !== null) signals.mintAuthority = Number(row.mintAuthority) === 1;
  if (row.freezeAuthority !== null) signals.freezeAuthority = Number(row.freezeAuthority) === 1;
  return {
    checkedAt: new Date(Number(row.checkedMs)),
    signals,
    context: { holders: Number(row.holders), creatorOtherLaunches: Number(row.creatorLaunches), creatorOtherGraduations: Number(row.creatorGraduations) },
  };
}
