// Unit tests of the hooks menu: the devnet default matches the anti-sniper terms the devnet's pool venue
// installs, the menu is validated (built-in, live ids, anti-sniper terms) and can be replaced by HOOKS_MENU.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '@solana/kit';
import { ConfigError, loadConfig } from '../../schemas/config.js';
import { DEVNET_ADDRESSES } from '../../schemas/devnet-addresses.js';
import { DEVNET_HOOKS_MENU, hooksMenuSchema, launchableHookIds, type HooksMenu } from '../../schemas/hooks-menu.js';
import { decodePoolConfig } from '../../schemas/programs/pool-venue/accounts.js';
import { poolConfigPda } from '../../schemas/programs/pool-venue/pdas.js';
import { Devnet } from '../../infra/devnet/devnet.js';

describe('hooks menu', () => {
  let devnet: Devnet;
  beforeAll(async () => {
    devnet = await Devnet.start({ speed: 'manual', simulate: false, truth: false });
  });
  afterAll(async () => {
    await devnet.stop();
  });

  it('defaults to the anti-sniper limit and window of the devnet pool venue', () => {
    const [configAddress] = poolConfigPda(DEVNET_ADDRESSES.poolVenueProgram as Address);
    const account = devnet.bank.getAccount(configAddress);
    const onChain = decodePoolConfig(account!.data);
    const antiSniper = loadConfig({}).hooks.hooks.find((hook) => hook.id === 'anti-sniper')!.antiSniper;
    expect(antiSniper).toEqual({ limitBps: onChain!.antiSniperLimitBps, windowSeconds: onChain!.antiSniperWindowSeconds });
  });

  it('offers only live hooks that are not built in for launches', () => {
    expect(launchableHookIds(DEVNET_HOOKS_MENU)).toEqual(['anti-sniper']);
    expect(launchableHookIds({ ...DEVNET_HOOKS_MENU, open: false })).toEqual([]);
  });

  it('has exactly one built-in hook, the fee shield, on the menu', () => {
    expect(DEVNET_HOOKS_MENU.hooks.filter((hook) => hook.builtIn).map((hook) => hook.id)).toEqual(['fee-shield']);
  });

  const variant = (change: (menu: HooksMenu) => void): HooksMenu => {
    const menu = structuredClone(DEVNET_HOOKS_MENU);
    change(menu);
    return menu;
  };

  it.each([
    ['a duplicate id', variant((m) => m.hooks.push({ ...m.hooks[1]! }))],
    [
      'a live hook the programs do not know',
      variant((m) => {
        m.hooks[2]!.status = 'live';
      }),
    ],
    [
      'a built-in hook that is coming',
      variant((m) => {
        m.hooks[0]!.status = 'coming';
      }),
    ],
    [
      'no built-in hook',
      variant((m) => {
        m.hooks[0]!.builtIn = false;
      }),
    ],
    [
      'anti-sniper without its terms',
      variant((m) => {
        m.hooks[1]!.antiSniper = null;
      }),
    ],
    [
      'anti-sniper terms on another hook',
      variant((m) => {
        m.hooks[2]!.antiSniper = { limitBps: 100, windowSeconds: 60 };
      }),
    ],
    [
      'a limit above 100%',
      variant((m) => {
        m.hooks[1]!.antiSniper = { limitBps: 10_001, windowSeconds: 60 };
      }),
    ],
    [
      'an unknown group',
      variant((m) => {
        (m.hooks[1] as { group: string }).group = 'later';
      }),
    ],
  ])('refuses a menu with %s', (_label, menu) => {
    expect(hooksMenuSchema.safeParse(menu).success).toBe(false);
  });

  it('reads a replacement menu from HOOKS_MENU and refuses a bad one', () => {
    const closed = { ...DEVNET_HOOKS_MENU, open: false };
    expect(loadConfig({ HOOKS_MENU: JSON.stringify(closed) }).hooks).toEqual(closed);
    expect(() => loadConfig({ HOOKS_MENU: '{not json' })).toThrow(ConfigError);
    expect(() => loadConfig({ HOOKS_MENU: JSON.stringify({ open: true, hooks: [] }) })).toThrow(/HOOKS_MENU/);
  });
});
