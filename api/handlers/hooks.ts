// Handler of the hooks menu, shared by the HTTP route and the MCP tool: the configured menu as the API shows it,
// made once per configured menu (it does not change while the service runs), so every ask answers the same object.
import type { HooksMenu } from '../../schemas/hooks-menu.js';
import type { HooksResponse } from '../../schemas/api/hooks.js';
import type { ApiContext } from '../deps.js';

const menus = new WeakMap<HooksMenu, HooksResponse>();

/** `GET /hooks`. */
export function getHooks(ctx: ApiContext): HooksResponse {
  const config = ctx.config.hooks;
  let menu = menus.get(config);
  if (menu === undefined) {
    menu = {
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
    };
    menus.set(config, menu);
  }
  return menu;
}
