// Levels and the grade from a coin's health signals (signals.ts): each signal is `ok`, `caution` or `warning`
// by the thresholds below; the grade counts them. A grade flags warnings only: a coin graded A is not thereby
// safe. Pure, so the scorer stores signals and every read derives the same levels and grade from them.
import type { HealthSignals } from './signals.js';

export type Level = 'ok' | 'caution' | 'warning';
export type Grade = 'A' | 'B' | 'C' | 'D' | 'F';
/** A level per signal; the authority levels are absent when the signals are. */
export interface HealthLevels {
  top10Bps: Level;
  creatorUnlockedBps: Level;
  creatorSoldLaunchBuy: Level;
  sniperBps: Level;
  bundleBps: Level;
  insiderBps: Level;
  washBps: Level;
  mintAuthority?: Level;
  freezeAuthority?: Level;
}

/** A grade older than this reads as null (spec 2.4). */
export const GRADE_TTL_MS = 60 * 60 * 1000;

/** Share signals: at or above `caution` bps it is a caution, at or above `warning` a warning. */
export const THRESHOLDS = {
  top10Bps: { caution: 3_000, warning: 5_000 },
  creatorUnlockedBps: { caution: 500, warning: 1_500 },
  sniperBps: { caution: 300, warning: 1_000 },
  bundleBps: { caution: 300, warning: 1_000 },
  insiderBps: { caution: 100, warning: 500 },
  washBps: { caution: 500, warning: 2_000 },
} as const satisfies Record<string, { caution: number; warning: number }>;

/** Points per level; the grade is read from their sum. */
const POINTS: Record<Level, number> = { ok: 0, caution: 1, warning: 2 };

function shareLevel(bps: number, threshold: { caution: number; warning: number }): Level {
  return bps >= threshold.warning ? 'warning' : bps >= threshold.caution ? 'caution' : 'ok';
}

const flag = (set: boolean): Level => (set ? 'warning' : 'ok');

export function healthLevels(signals: HealthSignals): HealthLevels {
  const levels: HealthLevels = {
    top10Bps: shareLevel(signals.top10Bps, THRESHOLDS.top10Bps),
    creatorUnlockedBps: shareLevel(signals.creatorUnlockedBps, THRESHOLDS.creatorUnlockedBps),
    creatorSoldLaunchBuy: flag(signals.creatorSoldLaunchBuy),
    sniperBps: shareLevel(signals.sniperBps, THRESHOLDS.sniperBps),
    bundleBps: shareLevel(signals.bundleBps, THRESHOLDS.bundleBps),
    insiderBps: shareLevel(signals.insiderBps, THRESHOLDS.insiderBps),
    washBps: shareLevel(signals.washBps, THRESHOLDS.washBps),
  };
  if (signals.mintAuthority !== undefined) levels.mintAuthority = flag(signals.mintAuthority);
  if (signals.freezeAuthority !== undefined) levels.freezeAuthority = flag(signals.freezeAuthority);
  return levels;
}

/** F while the mint or freeze authority is still set (supply can grow, holders can be frozen); otherwise by points
 * (caution 1, warning 2): 0 A, 1 B, 2-3 C, 4-5 D, 6 or more F. */
export function healthGrade(levels: HealthLevels): Grade {
  if (levels.mintAuthority === 'warning' || levels.freezeAuthority === 'warning') return 'F';
  const points = (Object.values(levels) as (Level | undefined)[]).reduce((sum, level) => sum + (level === undefined ? 0 : POINTS[level]), 0);
  return points === 0 ? 'A' : points === 1 ? 'B' : points <= 3 ? 'C' : points <= 5 ? 'D' : 'F';
}
