// Handler of a coin's health (`GET /coins/{mint}/health`), shared by the HTTP route and the MCP tool: the latest
// check's signals with the levels and grade derived from them (projections/health/grade.ts); the grade is null
// before the first check and once the check is over an hour old. Kept on the read path per coin while its check is
// the same and as fresh.
import { GRADE_TTL_MS, healthGrade, healthLevels } from '../../projections/health/grade.js';
import { serialOf } from '../../projections/read-path.js';
import { HEALTH_NOTE, type HealthResponse } from '../../schemas/api/health.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { findCoin } from '../queries/coins.js';
import { latestHealthCheck } from '../queries/health.js';

/** The answer for a coin never checked: one object, so its JSON is kept. */
const NOT_CHECKED: HealthResponse = { grade: null, checkedAt: null, signals: null, levels: null, context: null, note: HEALTH_NOTE };

export async function getHealth(ctx: ApiContext, mint: string): Promise<HealthResponse> {
  if ((await findCoin(ctx.reads, mint)) === null) throw new NotFoundError(`no coin ${mint} on this network`);
  const check = await latestHealthCheck(ctx.reads, mint);
  if (check === null) return NOT_CHECKED;
  const fresh = ctx.now().getTime() - check.checkedAt.getTime() <= GRADE_TTL_MS;
  // The same answer object while the check is the same kept one and as fresh, so the serializer reuses its JSON.
  return ctx.reads.answer(`health\n${mint}`, { tables: [], variant: `${serialOf(check)}|${fresh}` }, async () => {
    const levels = healthLevels(check.signals);
    return {
      grade: fresh ? healthGrade(levels) : null,
      checkedAt: check.checkedAt.toISOString(),
      signals: check.signals,
      levels,
      context: check.context,
      note: HEALTH_NOTE,
    };
  });
}
