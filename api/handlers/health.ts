// Handler of a coin's health (`GET /coins/{mint}/health`), shared by the HTTP route and the MCP tool: the latest
// check's signals with the levels and grade derived from them (projections/health/grade.ts); the grade is null
// before the first check and once the check is over an hour old.
import { GRADE_TTL_MS, healthGrade, healthLevels } from '../../projections/health/grade.js';
import { HEALTH_NOTE, type HealthResponse } from '../../schemas/api/health.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { findCoin } from '../queries/coins.js';
import { latestHealthCheck } from '../queries/health.js';

export async function getHealth(ctx: ApiContext, mint: string): Promise<HealthResponse> {
  if ((await findCoin(ctx.reads, mint)) === null) throw new NotFoundError(`no coin ${mint} on this network`);
  const check = await latestHealthCheck(ctx.reads, mint);
  if (check === null) return { grade: null, checkedAt: null, signals: null, levels: null, context: null, note: HEALTH_NOTE };
  const levels = healthLevels(check.signals);
  const fresh = ctx.now().getTime() - check.checkedAt.getTime() <= GRADE_TTL_MS;
  return {
    grade: fresh ? healthGrade(levels) : null,
    checkedAt: check.checkedAt.toISOString(),
    signals: check.signals,
    levels,
    context: check.context,
    note: HEALTH_NOTE,
  };
}
