// Handler of the hooks menu, shared by the HTTP route and the MCP tool: the configured menu as the API shows it (it
// does not change while the service runs, so its answer is kept for good). The configuration's menu has the
// answer's fields (schemas/hooks-menu.ts); the response schema leaves out anything beyond them.
import { hooksResponse } from '../../schemas/api/hooks.js';
import type { ApiContext } from '../deps.js';
import { type Answer, answerKey } from './answer-cache.js';

/** `GET /hooks`. */
export function getHooks(ctx: ApiContext): Promise<Answer> {
  return ctx.answers.get(answerKey('hooks'), { on: [] }, hooksResponse, () => ctx.config.hooks);
}
