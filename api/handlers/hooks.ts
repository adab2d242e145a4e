// Handler of the hooks menu, shared by the HTTP route and the MCP tool: the configured menu as the API shows it.
import type { HooksResponse } from '../../schemas/api/hooks.js';
import type { ApiContext } from '../deps.js';

/** `GET /hooks`. */
export function getHooks(ctx: ApiContext): HooksResponse {
  const { open, hooks } = ctx.config.hooks;
  return {
    open,
    hooks: hooks.map((hook) => ({
      id: hook.id,
      name: hook.name,
      line: hook.line,
      group: hook.group,
      ends: hook.ends,
      status: hook.status,
      builtIn: hook.builtIn,
      antiSniper: hook.antiSniper === null ? null : { limitBps: hook.antiSniper.limitBps, windowSeconds: hook.antiSniper.windowSeconds },
    })),
  };
}
