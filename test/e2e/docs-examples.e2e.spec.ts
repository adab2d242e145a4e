// The docs pages' examples, run as a reader would run them against a started service: given a devnet market the
// service has indexed and its HTTP server listening (the read API and the MCP tool server), each example runs
// (docs-blocks.ts), `localhost:8080` read as the test's address (and the streams' 15 s cut to 3), and what it prints
// is what the page says it prints. The examples that pay, launch or need the free allowance: docs-paying-examples.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEncryptionKey } from '../../infra/keys/secret-box.js';
import { openOpStore } from '../../infra/opstore/open-op-store.js';
import type { OpStore } from '../../infra/opstore/op-store.js';
import { docsBlock, importTsExample, runShExample, runTsExample } from './docs-blocks.js';
import { startService, type ServiceHarness } from './service-harness.js';

let h: ServiceHarness;
let address: string;
let opstore: OpStore;
let dir: string;
/** An HTTPS receiver of the test CA (trusted through NODE_EXTRA_CA_CERTS), and the headers of what it got. */
let receiver: Server;
let receiverUrl: string;
let secret: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'launchtape-docs-'));
  opstore = await openOpStore({ dataDir: dir });
  const webhooks = { sealKey: newEncryptionKey(), policy: { allowLoopback: true }, network: 'devnet' as const };
  h = await startService({ seed: 5, rpc: true, api: { opstore, webhooks } });
  await h.step(80);
  await h.settle();
  address = (await h.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', '');
  const fixtures = new URL('../fixtures/webhooks/', import.meta.url);
  receiver = createServer(
    { key: readFileSync(new URL('localhost-key.pem', fixtures)), cert: readFileSync(new URL('localhost.pem', fixtures)) },
    (request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(200).end();
      });
    },
  );
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `https://127.0.0.1:${(receiver.address() as { port: number }).port}`;
}, 180_000);

afterAll(async () => {
  receiver?.close();
  await h?.stop();
  await opstore?.close();
  rmSync(dir, { recursive: true, force: true });
});

const shAddresses = () => ({ 'localhost:8080': address, '--max-time 15': '--max-time 3' });

describe('the docs examples', () => {
  it("api.md: two pages of the busiest coin's trades, the second from where the first ended, its candles and the API's version", async () => {
    const lines = (await runShExample('api.md', shAddresses())).trimEnd().split('\n');
    // The two pages and the last item's time a line each, the candles as node prints them, the version last.
    const [first, lastTime, second] = lines;
    const candles = lines.slice(3, -1).join('\n');
    const version = lines.at(-1);
    const page = JSON.parse(first!);
    expect(page.trades).toHaveLength(3);
    expect(lastTime).toBe(page.next.before);
    const next = JSON.parse(second!);
    expect(next.trades.length).toBeGreaterThan(0);
    expect(next.trades[0].time < page.trades[2].time).toBe(true);
    expect(candles).toContain('open');
    expect(version).toBe('1.0.0');
  });

  it('design.md: one read of each view and one from ClickHouse, about the same market', async () => {
    const [signature, close, trades] = (await runShExample('design.md', shAddresses())).trimEnd().split('\n');
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(close).toMatch(/^\d+(\.\d+)?$/);
    expect(Number(trades)).toBeGreaterThan(0);
  });

  it("streams.md: the busiest coin's stream and the platform stream answer as Server-Sent Events", async () => {
    const printed = await runShExample('streams.md', shAddresses());
    expect(printed).toContain('retry: 2000');
  });

  it("operations.md: the probes answer, the metrics count requests and the devnet's JSON-RPC gives its slot", async () => {
    const [healthz, readyz, ...rest] = (await runShExample('operations.md', { ...shAddresses(), '127.0.0.1:8899': new URL(h.devnet.rpcUrl!).host }))
      .trimEnd()
      .split('\n');
    expect(JSON.parse(healthz!)).toEqual({ status: 'ok' });
    expect(JSON.parse(readyz!)).toEqual({ status: 'ready' });
    const slot = JSON.parse(rest.pop()!);
    expect(slot.result).toBeGreaterThan(0);
    expect(rest.length).toBeGreaterThan(0);
    for (const line of rest) expect(line).toMatch(/^http_requests_total\{.*\} \d+$/);
  });

  it('mcp.md: an agent connects, lists the tools, finds the coin with the most volume and reads its market data', async () => {
    const printed = await runTsExample('mcp.md', { '127.0.0.1:8080': address });
    expect(printed).toContain('untrusted_text');
    expect(printed).toContain("'search_coins'");
    expect(printed).toContain("'get_market_data'");
    expect(printed).toContain('candles:');
  });

  it("mcp.md: the client configuration names the service's MCP endpoint", async () => {
    const configured = JSON.parse(docsBlock('mcp.md', 'json', 0).replaceAll('localhost:8080', address));
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'docs', version: '1' } },
    };
    const response = await fetch(configured.mcpServers.launchtape.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(initialize),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"serverInfo":{"name":"launchtape"');
  });

  it("webhooks.md: a wallet's signed calls list its webhooks (none yet), create one on a receiver and test it", async () => {
    const printed = await runTsExample('webhooks.md', { '127.0.0.1:8080': address }, { env: { WEBHOOK_URL: `${receiverUrl}/hooks` } });
    expect(printed).toContain('webhooks: []');
    expect(printed).toContain('status: 201');
    expect(printed).toMatch(/secret: 'whsec_/);
    expect(printed).toContain('delivered: true');
    expect(received).toHaveLength(1);
    secret = /secret: '(whsec_[^']+)'/.exec(printed)![1]!;
  });

  it("webhooks.md: the page's verification code accepts the test delivery, both ways, and refuses it altered", async () => {
    type Verifying = {
      verify(secret: string, rawBody: string, header: string): boolean;
      verifyStandard(secret: string, rawBody: string, headers: Record<string, string>): unknown;
      receive(secret: string, rawBody: string, headers: Record<string, string>): number;
    };
    const page = await importTsExample<Verifying>('webhooks.md', 1, {});
    const { headers, body } = received[0]!;
    const flat = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));
    expect(page.verify(secret, body, flat['service-signature']!)).toBe(true);
    expect(page.verifyStandard(secret, body, flat)).toMatchObject({ type: 'webhook.test' });
    expect(page.receive(secret, body, flat)).toBe(200);
    const altered = body.replace('"id":"', '"id":"x');
    expect(page.verify(secret, altered, flat['service-signature']!)).toBe(false);
    expect(() => page.verifyStandard(secret, altered, flat)).toThrow();
    expect(page.receive(secret, altered, flat)).toBe(401);
  });
});
