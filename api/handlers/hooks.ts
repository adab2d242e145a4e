// Handler of the hooks menu, shared by the HTTP route and the MCP tool: the configured menu as the API shows it (it
// does not change while the service runs, so its answer is kept for good).
import { hooksResponse } from '../../schemas/api/hooks.js';
import type { ApiContext } from '../deps.js';
import { type Answer, answerKey } from './answer-cache.js';

/** `GET /hooks`. */
export function getHooks(ctx: ApiContext): Promise<Answer> {
  const config = ctx.config.hooks;
  return ctx.answers.get(answerKey('hooks'), { on: [] }, hooksResponse, () => ({
    open: config.open,
    hooks: config.hooks.map((hook) => ({
      id: hook.id,
      name: hook.name,
      line: hook.line,
      group: hook.group,
      ends: hook.ends,
      status: hook.status,
      builtIn: hook.builtIn,
      antiSniper: hook.antiSniper === null ? null : { limitBps: hook.antiSniper.limitBps, windowSeconds: hook.antiSniper.windowSeconds },
    })),
  }));
}
