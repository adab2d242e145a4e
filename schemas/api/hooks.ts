// Schema of `GET /hooks` (spec 2.16): the hooks menu from configuration (schemas/hooks-menu.ts). Only `live` ids
// that are not built in may be passed as `hooks` when preparing a launch, and none while `open` is false.
import { z } from 'zod';
import { HOOK_GROUPS, HOOK_STATUSES } from '../hooks-menu.js';

export const hookItem = z.object({
  id: z.string().describe('Hook id, as passed in `hooks` when preparing a launch'),
  name: z.string().describe('Display name'),
  line: z.string().describe('What the hook does, in one line'),
  group: z.enum(HOOK_GROUPS).describe("launch: acts around launch; life: for the coin's life; games: games for holders"),
  ends: z.string().nullable().describe("When the hook stops acting, counted from launch; null when it acts for the coin's whole life"),
  status: z.enum(HOOK_STATUSES).describe('live: can be chosen now; coming: announced, not yet available'),
  builtIn: z.boolean().describe('On every coin without being chosen (the fee shield); never passed at launch'),
  antiSniper: z
    .object({
      limitBps: z.int().describe('Most a wallet may hold during the window, bps of supply (100 = 1%)'),
      windowSeconds: z.int().describe('Seconds after launch the limit applies'),
    })
    .nullable()
    .describe('The anti-sniper limit and window; null on other hooks'),
});

export const hooksResponse = z.object({
  open: z.boolean().describe('Whether this network takes launches with hooks'),
  hooks: z.array(hookItem),
});

export type HooksResponse = z.output<typeof hooksResponse>;
