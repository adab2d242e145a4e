// Handler of a coin's health (`GET /coins/{mint}/health`), shared by the HTTP route and the MCP tool: the latest
// check's signals with the levels and grade derived from them (projections/health/signals.ts). The scorer writes checks
// on its own schedule (a pass a minute), which nothing announces: an answer is kept half a pass at most.
import { GRADE_TTL_MS, healthGrade, healthLevels } from '../../projections/health/signals.js';
import { latestHealthCheck } from '../../projections/health/queries.js';
import { DEFAULT_INTERVAL_MS } from '../../projections/health/scorer.js';
import { HEALTH_NOTE, healthResponse } from '../../schemas/api/health.js';
import type { ApiContext } from '../deps.js';
import { type Answer, answerKey } from './answer-cache.js';
import { requireCoin } from './coins.js';

/** How long an answer is kept: half the scorer's pass, so a new check shows within one and a half passes. */
export const HEALTH_MAX_AGE_MS = DEFAULT_INTERVAL_MS / 2;

export function getHealth(ctx: ApiContext, mint: string): Promise<Answer> {
  requireCoin(ctx, mint);
  return ctx.answers.get(answerKey('health', { mint }), { on: [], maxAgeMs: HEALTH_MAX_AGE_MS }, healthResponse, async () => {
    const check = await latestHealthCheck(ctx.olap, mint);
    if (check === undefined) return { grade: null, checkedAt: null, signals: null, levels: null, context: null, note: HEALTH_NOTE };
    const levels = healthLevels(check.signals);
    const fresh = ctx.now().getTime() - check.checkedAt.getTime() <= GRADE_TTL_MS;
    return { ...check, grade: fresh ? healthGrade(levels) : null, checkedAt: check.checkedAt.toISOString(), levels, note: HEALTH_NOTE };
  });
}
