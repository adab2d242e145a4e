// The hooks menu: which launch hooks this network offers, read by GET /hooks and by the launch routes
// (only live, non-built-in ids may be asked for at launch). One definition, validated here and exposed
// as `config.hooks`; the devnet default matches the anti-sniper limit and window its programs install.
import { z } from 'zod';
import { HOOK_IDS } from './programs/coin-rules.js';
import { DEFAULT_ANTI_SNIPER } from './programs/launchpad/constants.js';

export const HOOK_GROUPS = ['launch', 'life', 'games'] as const;
export const HOOK_STATUSES = ['live', 'coming'] as const;

const hookSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'hook ids are kebab-case'),
  name: z.string().min(1).max(40),
  line: z.string().min(1).max(160),
  group: z.enum(HOOK_GROUPS),
  /** When the hook stops acting, counted from launch (for example "60 seconds after launch");
   * null when it acts for the coin's whole life. */
  ends: z.string().min(1).max(80).nullable(),
  status: z.enum(HOOK_STATUSES),
  /** On every coin without being asked for (the fee shield). */
  builtIn: z.boolean(),
  /** The anti-sniper limit (bps of supply a wallet may hold) and window (seconds after launch). */
  antiSniper: z.object({ limitBps: z.number().int().min(1).max(10_000), windowSeconds: z.number().int().min(1) }).nullable(),
});

export type Hook = z.infer<typeof hookSchema>;

/** Hook ids the launch programs can set as flags: only these may be live without being built in. */
const PROGRAM_HOOK_IDS = new Set(Object.values(HOOK_IDS));

export const hooksMenuSchema = z.object({ open: z.boolean(), hooks: z.array(hookSchema).min(1) }).superRefine((menu, ctx) => {
  const seen = new Set<string>();
  menu.hooks.forEach((hook, index) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['hooks', index], message });
    if (seen.has(hook.id)) issue(`duplicate hook id ${hook.id}`);
    seen.add(hook.id);
    if (hook.builtIn && hook.status !== 'live') issue('a built-in hook must be live');
    if (!hook.builtIn && hook.status === 'live' && !PROGRAM_HOOK_IDS.has(hook.id)) issue(`live hook ${hook.id} is not one the launch programs know`);
    if ((hook.id === 'anti-sniper') !== (hook.antiSniper !== null)) issue('antiSniper is set on the anti-sniper hook and on no other');
  });
  if (menu.hooks.filter((hook) => hook.builtIn).length !== 1)
    ctx.addIssue({ code: 'custom', path: ['hooks'], message: 'exactly one built-in hook (the fee shield)' });
});

export type HooksMenu = z.infer<typeof hooksMenuSchema>;

/** The devnet's menu: the fee shield on every coin, the anti-sniper hook its programs enforce, and a
 * game announced as coming. */
export const DEVNET_HOOKS_MENU: HooksMenu = {
  open: true,
  hooks: [
    {
      id: 'fee-shield',
      name: 'Fee shield',
      line: "The fee split is locked at launch: nobody can redirect where a coin's fees go.",
      group: 'life',
      ends: null,
      status: 'live',
      builtIn: true,
      antiSniper: null,
    },
    {
      id: 'anti-sniper',
      name: 'Anti-sniper',
      line: `No wallet may hold more than ${DEFAULT_ANTI_SNIPER.limitBps / 100}% of supply in the first ${DEFAULT_ANTI_SNIPER.windowSeconds} seconds.`,
      group: 'launch',
      ends: `${DEFAULT_ANTI_SNIPER.windowSeconds} seconds after launch`,
      status: 'live',
      builtIn: false,
      antiSniper: { limitBps: DEFAULT_ANTI_SNIPER.limitBps, windowSeconds: DEFAULT_ANTI_SNIPER.windowSeconds },
    },
    {
      id: 'round-raffle',
      name: 'Round raffle',
      line: 'Each payout round, one holder drawn at random wins a bonus share.',
      group: 'games',
      ends: null,
      status: 'coming',
      builtIn: false,
      antiSniper: null,
    },
  ],
};

/** Ids a launch may ask for: live and not built in, and none while the network takes no hooks. */
export function launchableHookIds(menu: HooksMenu): string[] {
  if (!menu.open) return [];
  return menu.hooks.filter((hook) => hook.status === 'live' && !hook.builtIn).map((hook) => hook.id);
}
