// Levels and the grade from a coin's health signals (signals.ts): each signal is `ok`, `caution` or `warning`
// by the thresholds below; the grade counts them. A grade flags warnings only: a coin graded A is not thereby
// safe. Pure, so the scorer stores signals and every read derives the same levels and grade from them.
import type { HealthSignals } from './signals.js';

export type Level = 'ok' | 'caution' | 'warning';
export type Grade = 'A' | 'B' | 'C' | 'D' | 'F';
/** A level per signal; the authority levels are absent when the signals are. */
export type HealthLevels = { [Signal in keyof HealthSignals]: Level };

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

const shareLevel = (bps: number, { caution, warning }: { caution: number; warning: number }): Level =>
  bps >= warning ? 'warning' : bps >= caution ? 'caution' : 'ok';

/** Shares by THRESHOLDS; the flags (creatorSoldLaunchBuy and the authorities) are a warning while set. */
export function healthLevels(signals: HealthSignals): HealthLevels {
  const levels: HealthLevels = {} as HealthLevels;
  for (const [signal, value] of Object.entries(signals) as [keyof HealthSignals, number | boolean][]) {
    levels[signal] = typeof value === 'boolean' ? (value ? 'warning' : 'ok') : shareLevel(value, THRESHOLDS[signal as keyof typeof THRESHOLDS]);
  }
  return levels;
}

/** F while the mint or freeze authority is still set (supply can grow, holders can be frozen); otherwise by points
 * (caution 1, warning 2): 0 A, 1 B, 2-3 C, 4-5 D, 6 or more F. */
export function healthGrade(levels: HealthLevels): Grade {
  if (levels.mintAuthority === 'warning' || levels.freezeAuthority === 'warning') return 'F';
  const points = Object.values(levels).reduce((sum, level) => sum + POINTS[level], 0);
  return points === 0 ? 'A' : points === 1 ? 'B' : points <= 3 ? 'C' : points <= 5 ? 'D' : 'F';
}
