// Integration tests of GET /hooks through app.inject: the configured menu as served (every field of spec 2.16),
// a replacement menu from HOOKS_MENU, unknown query keys ignored (the answer without them), and the route in the
// OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Olap } from '../../infra/olap/olap.js';
import { loadConfig } from '../../schemas/config.js';
import { DEVNET_HOOKS_MENU } from '../../schemas/hooks-menu.js';
import { openLiveStore, type LiveStore } from '../fixtures/live-store.js';

/** The menu comes from configuration alone: a store that fails every call proves no query is made (the live views,
 * which every app needs, are an empty store's). */
const noStore: Olap = {
  exec: async () => {
    throw new Error('no store');
  },
  insert: async () => {
    throw new Error('no store');
  },
  query: async () => {
    throw new Error('no store');
  },
  close: async () => {},
};

describe('GET /hooks', () => {
  let store: LiveStore;
  beforeAll(async () => {
    store = await openLiveStore();
  });
  afterAll(async () => store?.close());
  const app = (env: Record<string, string> = {}): FastifyInstance => store.app({ olap: noStore, config: loadConfig(env) });

  it('serves the devnet menu: the built-in fee shield and the anti-sniper limit and window', async () => {
    const res = await app().inject({ method: 'GET', url: '/api/v1/hooks' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.open).toBe(true);
    expect(body.hooks).toEqual(DEVNET_HOOKS_MENU.hooks);
    const shield = body.hooks.find((hook: { builtIn: boolean }) => hook.builtIn);
    expect(shield).toMatchObject({ id: 'fee-shield', status: 'live', antiSniper: null });
    expect(body.hooks.find((hook: { id: string }) => hook.id === 'anti-sniper')).toMatchObject({
      group: 'launch',
      status: 'live',
      builtIn: false,
      antiSniper: { limitBps: 100, windowSeconds: 60 },
    });
    for (const hook of body.hooks) {
      expect(Object.keys(hook).sort()).toEqual(['antiSniper', 'builtIn', 'ends', 'group', 'id', 'line', 'name', 'status']);
    }
  });

  it('serves a menu replaced through HOOKS_MENU', async () => {
    const menu = { open: false, hooks: [DEVNET_HOOKS_MENU.hooks[0]!, { ...DEVNET_HOOKS_MENU.hooks[1]!, antiSniper: { limitBps: 250, windowSeconds: 30 } }] };
    const res = await app({ HOOKS_MENU: JSON.stringify(menu) }).inject({ method: 'GET', url: '/api/v1/hooks' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(menu);
  });

  it('ignores query parameters: 200 and the menu answered without them', async () => {
    const served = app();
    const plain = await served.inject({ method: 'GET', url: '/api/v1/hooks' });
    expect(plain.statusCode).toBe(200);
    for (const url of ['/api/v1/hooks?status=live', '/api/v1/hooks?_=1700000000000', '/api/v1/hooks?a[b]=1&__proto__=1']) {
      const res = await served.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.json()).toEqual(plain.json());
    }
    expect(plain.json().hooks).toEqual(DEVNET_HOOKS_MENU.hooks);
  });

  it('is in the OpenAPI document', async () => {
    const res = await app().inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const doc = res.json();
    expect(doc.paths['/hooks'].get.responses['200']).toBeDefined();
  });
});
