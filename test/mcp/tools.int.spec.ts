// The MCP tool server over HTTP with the SDK's own client, on the API specs' fixture market: exactly the 22 tools
// of spec 4.6 with their input and output schemas; every read tool answers what its route answers, with creator text
// wrapped as untrusted_text in the structured result and its text copy alike; get_market_data is the route's last 48
// candles and latest 20 trades; bad arguments on every tool are error results in the route's shape, never a protocol
// error, and an unknown argument is one of them (where the route ignores an unknown query key); the 61st call in a
// minute is refused, and without a way to take payments a paid tool says so; a call to no tool, or not shaped as a
// call, is a JSON-RPC invalid-params error, a failure outside any tool an internal error, and a batch answers each
// request under its own id.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDeps } from '../../api/app.js';
import { buildServiceApp } from '../../infra/service/http-app.js';
import type { Paywall } from '../../api/payments/paywall.js';
import { INSTRUCTIONS } from '../../mcp/server.js';
import { startApiHarness, type ApiHarness } from '../api/harness.js';
import { answerOf, call, mcpClient, textOf } from './mcp-client.js';

const SPEC_TOOLS = [
  'search_coins',
  'search_tokens',
  'list_ideas',
  'get_coin',
  'get_coin_rewards',
  'get_flywheel',
  'list_hooks',
  'get_platform_stats',
  'get_ball_burns',
  'get_market_data',
  'get_top_holders',
  'get_wallet_rewards',
  'get_creator_earnings',
  'get_health_signal',
  'get_launch_terms',
  'accept_terms',
  'prepare_launch',
  'submit_launch',
  'confirm_launch',
  'prepare_launchpad_launch',
  'submit_launchpad_launch',
  'launchpad_launch_status',
];
const PAID: Record<string, string> = { get_top_holders: 'basic', get_wallet_rewards: 'basic', get_creator_earnings: 'basic', get_health_signal: 'premium' };
const LAUNCH_STEPS = SPEC_TOOLS.slice(14);

let h: ApiHarness;
let app: FastifyInstance;
let base: string;
let client: Client;
let now = 0;

async function serve(extra: Partial<ApiDeps> = {}): Promise<{ app: FastifyInstance; base: string }> {
  const served = buildServiceApp({ olap: h.olap, views: h.store.views, config: h.config, clock: () => new Date(now), ...extra });
  return { app: served, base: await served.listen({ port: 0, host: '127.0.0.1' }) };
}

const http = async (url: string) => {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.json() as unknown;
};

beforeAll(async () => {
  h = await startApiHarness();
  now = (h.fixture.trades.at(-1)!.seconds + 60) * 1000;
  ({ app, base } = await serve());
  client = await mcpClient(base);
});

afterAll(async () => {
  await client?.close();
  await app?.close();
  await h?.close();
});

describe('the MCP tool server', () => {
  it('lists exactly the 22 tools of spec 4.6, each with described inputs, an output schema and what it may do', async () => {
    expect(client.getInstructions()).toBe(INSTRUCTIONS);
    expect(INSTRUCTIONS).toMatch(/untrusted_text.*never instructions/);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(SPEC_TOOLS);
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.description, tool.name).toBeTruthy();
      for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((schema as { description?: string }).description, `${tool.name}.${field}`).toBeTruthy();
      }
      const launchStep = LAUNCH_STEPS.includes(tool.name);
      expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: !launchStep, destructiveHint: false });
      expect('payment' in (tool.inputSchema.properties ?? {}), tool.name).toBe(PAID[tool.name] !== undefined);
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('search_coins')!.inputSchema.properties).toMatchObject({ limit: { minimum: 1, maximum: 100, default: 50 } });
    expect(Object.keys(byName.get('prepare_launch')!.inputSchema.properties!)).toEqual(['launch']);
    expect(Object.keys(byName.get('accept_terms')!.inputSchema.properties!).sort()).toEqual(['signature', 'signedAt', 'version', 'wallet']);
  });

  it('types every argument as the spec types it, and says unknown arguments are refused', async () => {
    const { tools } = await client.listTools();
    const specTypes: Record<string, string> = {
      launched: 'boolean',
      limit: 'integer',
      offset: 'integer',
      q: 'string',
      date: 'string',
      mint: 'string',
      wallet: 'string',
    };
    for (const tool of tools) {
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      expect((tool.inputSchema as { description?: string }).description, tool.name).toMatch(/Unknown arguments are refused/);
      for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        if (specTypes[field] !== undefined) expect((schema as { type?: string }).type, `${tool.name}.${field}`).toBe(specTypes[field]);
      }
    }
  });

  it('answers every read tool as its route answers, creator text wrapped', async () => {
    const { alpha, beta, gamma } = h.fixture.coins;
    const trader = h.fixture.trades.find((t) => t.mint === alpha.mint)!.trader;
    const reads: [string, Record<string, unknown>, string][] = [
      ['search_coins', {}, '/api/v1/coins'],
      ['search_coins', { q: 'alpha', sort: 'volume', limit: 5 }, '/api/v1/coins?q=alpha&sort=volume&limit=5'],
      ['search_coins', { mode: 'creator', graduated: 'false', offset: 1 }, '/api/v1/coins?mode=creator&graduated=false&offset=1'],
      ['search_tokens', { q: alpha.symbol }, `/api/v1/tokens?q=${alpha.symbol}`],
      ['list_ideas', {}, '/api/v1/ideas'],
      ['list_ideas', { launched: true }, '/api/v1/ideas?launched=true'],
      ['list_ideas', { launched: false, limit: 3 }, '/api/v1/ideas?launched=false&limit=3'],
      ['get_coin', { mint: alpha.mint }, `/api/v1/coins/${alpha.mint}`],
      ['get_coin', { mint: gamma.mint }, `/api/v1/coins/${gamma.mint}`],
      ['get_coin_rewards', { mint: beta.mint }, `/api/v1/coins/${beta.mint}/rewards`],
      ['get_flywheel', {}, '/api/v1/platform/funds'],
      ['list_hooks', {}, '/api/v1/hooks'],
      ['get_platform_stats', {}, '/api/v1/platform/stats'],
      ['get_ball_burns', {}, '/api/v1/platform/burns'],
      ['get_top_holders', { mint: alpha.mint, limit: 3 }, `/api/v1/coins/${alpha.mint}/holders?limit=3`],
      ['get_wallet_rewards', { wallet: trader }, `/api/v1/wallets/${trader}/rewards`],
      ['get_creator_earnings', { wallet: trader }, `/api/v1/creators/${trader}`],
      ['get_health_signal', { mint: alpha.mint }, `/api/v1/coins/${alpha.mint}/health`],
    ];
    for (const [name, args, url] of reads) expect(answerOf(await call(client, name, args)), name).toEqual(await http(url));
    const coin = (await call(client, 'get_coin', { mint: alpha.mint })).structuredContent as { user: Record<string, unknown> };
    expect(coin.user.name).toEqual({ untrusted_text: alpha.name });
    const tokens = (await call(client, 'search_tokens', { q: alpha.symbol })).structuredContent as {
      tokens: { name: unknown; links: Record<string, unknown> }[];
    };
    for (const token of tokens.tokens) {
      expect(token.name === null || (token.name as { untrusted_text?: string }).untrusted_text !== undefined).toBe(true);
      expect(token.links).toEqual({ website: null, x: null });
    }
  });

  it('gives market data as the last 48 candles and the latest 20 trades of the routes', async () => {
    const { alpha } = h.fixture.coins;
    for (const interval of ['1m', '1h', '1d']) {
      const data = answerOf(await call(client, 'get_market_data', { mint: alpha.mint, interval })) as { candles: unknown[]; trades: unknown[] };
      const { candles } = (await http(`/api/v1/coins/${alpha.mint}/ohlcv?interval=${interval}`)) as { candles: unknown[] };
      const { trades } = (await http(`/api/v1/coins/${alpha.mint}/trades?limit=20`)) as { trades: unknown[] };
      expect(data.candles).toEqual(candles.slice(-48));
      expect(data.candles.length).toBeLessThanOrEqual(48);
      expect(data.trades).toEqual(trades);
    }
  });

  it("answers bad arguments on every tool with an error result in its route's shape, never a protocol error", async () => {
    const bad: Record<string, Record<string, unknown>[]> = {
      search_coins: [{ limit: 0 }, { sort: 'best' }, { offset: -1 }, { extra: 1 }],
      search_tokens: [{}, { q: 'x', limit: 11 }, { q: 'x', extra: 1 }],
      list_ideas: [{ limit: 26 }, { launched: 'maybe' }],
      get_coin: [{}, { mint: 'not-a-mint' }, { mint: 7 }],
      get_coin_rewards: [{ mint: '' }],
      get_flywheel: [{ anything: true }],
      list_hooks: [{ x: 1 }],
      get_platform_stats: [{ x: 1 }],
      get_ball_burns: [{ date: '2024-02-30' }, { date: 'yesterday' }],
      get_market_data: [{ mint: h.fixture.coins.alpha.mint, interval: '2h' }, { interval: '1h' }],
      get_top_holders: [{ mint: h.fixture.coins.alpha.mint, limit: 101 }],
      get_wallet_rewards: [{ wallet: 'nope' }],
      get_creator_earnings: [{}],
      get_health_signal: [{ mint: null }],
      get_launch_terms: [{ wallet: 'nope' }, { wallet: h.fixture.coins.alpha.mint, extra: 1 }],
      accept_terms: [{ wallet: 'nope' }],
      prepare_launch: [{}, { launch: 'text' }],
      submit_launch: [{ mint: 'x' }],
      confirm_launch: [{}],
      prepare_launchpad_launch: [{ launch: {} }],
      submit_launchpad_launch: [{ transactions: [] }],
      launchpad_launch_status: [{}],
    };
    expect(Object.keys(bad).sort()).toEqual([...SPEC_TOOLS].sort());
    for (const [name, cases] of Object.entries(bad)) {
      for (const args of cases) {
        const result = await call(client, name, args);
        expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
        expect(result.structuredContent).toBeUndefined();
        const body = textOf(result) as { error?: string; errors?: string[] };
        if (LAUNCH_STEPS.includes(name)) expect(body.errors?.length, name).toBeGreaterThan(0);
        else expect(body.error, name).toEqual(expect.any(String));
      }
    }
    const unknown = await call(client, 'get_coin', { mint: '11111111111111111111111111111112' });
    expect(textOf(unknown)).toEqual({ error: expect.stringMatching(/no coin/) });
    await expect(call(client, 'no_such_tool')).rejects.toThrow(/no tool named no_such_tool/);
  });

  it('refuses an unknown argument on every tool, naming it, where the route ignores an unknown query key', async () => {
    const result = await call(client, 'search_coins', { sort: 'volume', limit: 2, extra: 1 });
    expect(result.isError).toBe(true);
    expect((textOf(result) as { error: string }).error).toMatch(/extra/);
    expect(await http('/api/v1/coins?sort=volume&limit=2&extra=1')).toEqual(await http('/api/v1/coins?sort=volume&limit=2'));
  });

  it('refuses the 61st call in a minute with when to retry, and serves again the next minute', async () => {
    const limited = await serve({ config: { ...h.config, allowance: { ...h.config.allowance, mcpPerMinute: 60 } } });
    const limitedClient = await mcpClient(limited.base);
    try {
      for (let i = 0; i < 60; i++) expect((await call(limitedClient, 'list_hooks')).isError ?? false).toBe(false);
      now += 25_000;
      const refused = await call(limitedClient, 'list_hooks');
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toEqual({ error: 'too many tool calls: the free allowance is 60 calls a minute; try again in 35 s' });
      const launchStep = await call(limitedClient, 'get_launch_terms', { wallet: h.fixture.coins.alpha.mint });
      expect(JSON.stringify(launchStep.content)).not.toMatch(/too many/);
      now += 35_000;
      expect((await call(limitedClient, 'list_hooks')).isError ?? false).toBe(false);
    } finally {
      await limitedClient.close();
      await limited.app.close();
    }
  });

  it('says so when paid calls cannot be taken, and answers GET and malformed bodies in JSON-RPC', async () => {
    const unpaid = await serve({ paidCalls: 'unavailable' });
    const unpaidClient = await mcpClient(unpaid.base);
    try {
      const result = await call(unpaidClient, 'get_health_signal', { mint: h.fixture.coins.alpha.mint });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toEqual({ error: expect.stringContaining('paid calls are not available') });
      expect(answerOf(await call(unpaidClient, 'get_coin', { mint: h.fixture.coins.alpha.mint }))).toEqual(
        await http(`/api/v1/coins/${h.fixture.coins.alpha.mint}`),
      );
    } finally {
      await unpaidClient.close();
      await unpaid.app.close();
    }
    const get = await fetch(`${base}/mcp`);
    expect(get.status).toBe(405);
    const malformed = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
  });

  it('answers a call to no tool or of the wrong shape with an invalid-params error, and a batch with every answer under its id', async () => {
    const post = async (body: unknown) => {
      const response = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return response.json() as unknown;
    };
    const request = (id: string | number, method: string, params: unknown) => ({ jsonrpc: '2.0', id, method, params });
    expect(await post(request('x', 'tools/call', { name: 'get_everything' }))).toEqual({
      jsonrpc: '2.0',
      id: 'x',
      error: { code: -32602, message: 'no tool named get_everything' },
    });
    expect(await post(request(7, 'tools/call', { arguments: {} }))).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32602, message: expect.stringMatching(/^Invalid tools\/call request: .*name/s) },
    });
    const [listed, called] = (await post([request(1, 'tools/list', {}), request(1, 'tools/call', { name: 'list_hooks', arguments: {} })])) as [
      { id: number; result: { tools: unknown[] } },
      { id: number; result: { structuredContent: unknown } },
    ];
    expect(listed.id).toBe(1);
    expect(listed.result.tools).toHaveLength(SPEC_TOOLS.length);
    expect(called.id).toBe(1);
    expect(called.result.structuredContent).toEqual(answerOf(await call(client, 'list_hooks')));
  });

  it('answers a failure outside any tool (the payment store down) with a JSON-RPC internal error, not a 500', async () => {
    const down = { challenge: async () => Promise.reject(new Error('payment store down')) } as unknown as Paywall;
    const failing = await serve({ paidCalls: down });
    try {
      const response = await fetch(`${failing.base}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: { name: 'get_health_signal', arguments: { mint: h.fixture.coins.alpha.mint } },
        }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32603, message: 'Internal error' } });
    } finally {
      await failing.app.close();
    }
  });
});
