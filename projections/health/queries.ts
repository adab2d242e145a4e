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
type Row = Omit<CoinHealthRow, 'checkedAt' | 'activitySlot'> & { checkedMs: string };

/** The latest check of each of `mints` that was checked. */
export async function latestHealthChecks(olap: Olap, mints: readonly string[]): Promise<Map<string, HealthCheck>> {
  const rows = await olap.query<Row>(
    `SELECT mint, toString(toUnixTimestamp64Milli(checkedAt)) AS checkedMs, top10Bps, creatorUnlockedBps, creatorSoldLaunchBuy, sniperBps,
       bundleBps, insiderBps, washBps, mintAuthority, freezeAuthority, holders, creatorLaunches, creatorGraduations
     FROM ${COIN_HEALTH_TABLE} FINAL WHERE mint IN {mints:Array(String)} LIMIT 1 BY mint`,
    { mints: [...mints] },
  );
  return new Map(rows.map((row) => [row.mint, healthCheck(row)]));
}

function healthCheck(row: Row): HealthCheck {
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
