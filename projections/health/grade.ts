// Levels and the grade from a coin's health signals (signals.ts): each signal is `ok`, `caution` or `warning`
// by the thresholds below; the grade counts them. A grade flags warnings only: a coin graded A is not thereby
// safe. Pure, so the scorer stores signals and every read derives the same levels and grade from them.
import type { z } from 'zod';
import type { HealthResponse, healthLevels as levelsSchema } from '../../schemas/api/health.js';
import type { HealthSignals } from './signals.js';

type Level = 'ok' | 'caution' | 'warning';
/** A level per signal; the authority levels are absent when the signals are. */
type HealthLevels = z.output<typeof levelsSchema>;

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

const POINTS: Record<Level, number> = { ok: 0, caution: 1, warning: 2 };

/** Shares by THRESHOLDS; the flags (creatorSoldLaunchBuy and the authorities) are a warning while set. */
export function healthLevels(signals: HealthSignals): HealthLevels {
  const levels = Object.entries(signals).map(([signal, value]: [string, number | boolean]): [string, Level] => {
    if (typeof value === 'boolean') return [signal, value ? 'warning' : 'ok'];
    const { caution, warning } = THRESHOLDS[signal as keyof typeof THRESHOLDS];
    return [signal, value >= warning ? 'warning' : value >= caution ? 'caution' : 'ok'];
  });
  return Object.fromEntries(levels) as HealthLevels;
}

/** F while the mint or freeze authority is still set (supply can grow, holders can be frozen); otherwise by points
 * (caution 1, warning 2): 0 A, 1 B, 2-3 C, 4-5 D, 6 or more F. */
export function healthGrade(levels: HealthLevels): NonNullable<HealthResponse['grade']> {
  if (levels.mintAuthority === 'warning' || levels.freezeAuthority === 'warning') return 'F';
  const points = Object.values(levels).reduce((sum, level) => sum + POINTS[level], 0);
  return points === 0 ? 'A' : points === 1 ? 'B' : points <= 3 ? 'C' : points <= 5 ? 'D' : 'F';
}
