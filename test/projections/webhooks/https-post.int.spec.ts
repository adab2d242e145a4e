// Webhook delivery over HTTPS (projections/webhooks/https-post.ts) against local receivers using the test CA's
// localhost certificate, which the test workers trust through NODE_EXTRA_CA_CERTS (vitest.config.ts): outcomes for
// 2xx, 5xx and redirects (never followed), a cut at the timeout or on abort, loopback refused unless allowed, and
// a name resolved once and connected to at exactly the checked address, with the name kept for Host and SNI.
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { postJson, type PostOptions } from '../../../projections/webhooks/https-post.js';
import type { Resolve } from '../../../projections/webhooks/receiver-address.js';

const fixtures = new URL('../../fixtures/webhooks/', import.meta.url);
const cert = readFileSync(new URL('localhost.pem', fixtures));
const key = readFileSync(new URL('localhost-key.pem', fixtures));

interface Seen {
  method: string;
  url: string;
  host: string | undefined;
  contentType: string | undefined;
  signature: string | undefined;
  servername: string | false | null;
  body: string;
}

interface Receiver {
  port: number;
  requests: Seen[];
  connections: () => number;
  close: () => Promise<void>;
}

const open: Receiver[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((receiver) => receiver.close()));
});

/** An HTTPS receiver on a free port of 127.0.0.1; `answer` is called once the request body has arrived. */
async function startReceiver(answer: (request: IncomingMessage, response: ServerResponse) => void): Promise<Receiver> {
  const requests: Seen[] = [];
  let connections = 0;
  const server = https.createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        host: request.headers.host,
        contentType: request.headers['content-type'],
        signature: request.headers['x-launchtape-signature'] as string | undefined,
        servername: (request.socket as TLSSocket).servername,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      answer(request, response);
    });
  });
  server.on('secureConnection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver: Receiver = {
    port: (server.address() as AddressInfo).port,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  open.push(receiver);
  return receiver;
}

const loopback: PostOptions = { policy: { allowLoopback: true }, timeoutMs: 5_000 };
const body = JSON.stringify({ event: 'trade', mint: 'So11111111111111111111111111111111111111112' });
const headers = { 'X-Launchtape-Signature': 't=1,v1=abc' };

describe('the test CA through NODE_EXTRA_CA_CERTS', () => {
  it('is trusted by a plain https request in the forked worker, without a ca option', async () => {
    const testCa = readFileSync(new URL('ca.pem', fixtures), 'utf8').trim();
    expect(readFileSync(process.env.NODE_EXTRA_CA_CERTS ?? '', 'utf8')).toContain(testCa);
    const receiver = await startReceiver((_request, response) => response.end('hello'));
    const status = await new Promise<number | undefined>((resolve, reject) => {
      https
        .get(`https://localhost:${receiver.port}/`, { agent: false }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode));
        })
        .on('error', reject);
    });
    expect(status).toBe(200);
  });
});

describe('postJson', () => {
  it('delivers a POST and answers ok for a 2xx', async () => {
    const receiver = await startReceiver((_request, response) => {
      response.writeHead(204).end();
    });
    const outcome = await postJson(`https://127.0.0.1:${receiver.port}/hooks/in?x=1`, body, headers, loopback);
    expect(outcome).toEqual({ ok: true, status: 204, error: null });
    expect(receiver.requests).toEqual([
      {
        method: 'POST',
        url: '/hooks/in?x=1',
        host: `127.0.0.1:${receiver.port}`,
        contentType: 'application/json',
        signature: 't=1,v1=abc',
        servername: false,
        body,
      },
    ]);
  });

  it('answers 200 as ok', async () => {
    const receiver = await startReceiver((_request, response) => response.end('{"received":true}'));
    expect(await postJson(`https://127.0.0.1:${receiver.port}/`, body, headers, loopback)).toEqual({
      ok: true,
      status: 200,
      error: null,
    });
  });

  it('answers a 500 as not ok, with the status', async () => {
    const receiver = await startReceiver((_request, response) => response.writeHead(500).end('boom'));
    expect(await postJson(`https://127.0.0.1:${receiver.port}/`, body, headers, loopback)).toEqual({
      ok: false,
      status: 500,
      error: 'receiver answered HTTP 500',
    });
  });

  it('does not follow a redirect', async () => {
    const receiver = await startReceiver((_request, response) => {
      response.writeHead(302, { Location: 'https://10.0.0.1/x' }).end();
    });
    const outcome = await postJson(`https://127.0.0.1:${receiver.port}/`, body, headers, loopback);
    expect(outcome.ok).toBe(false);
    expect(outcome.status).toBe(302);
    expect(outcome.error).toMatch(/redirect to https:\/\/10\.0\.0\.1\/x was not followed/);
    expect(receiver.requests).toHaveLength(1);
  });

  it('cuts a receiver that never answers at the timeout', async () => {
    const receiver = await startReceiver(() => {});
    const started = performance.now();
    const outcome = await postJson(`https://127.0.0.1:${receiver.port}/`, body, headers, { ...loopback, timeoutMs: 300 });
    const elapsed = performance.now() - started;
    expect(outcome).toEqual({ ok: false, status: null, error: 'timed out after 300 ms without a complete answer' });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1_000);
    expect(receiver.requests).toHaveLength(1);
  });

  it('cuts a response body that never ends at the timeout, keeping the status', async () => {
    const receiver = await startReceiver((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.write('partial');
    });
    const outcome = await postJson(`https://127.0.0.1:${receiver.port}/`, body, headers, { ...loopback, timeoutMs: 300 });
    expect(outcome).toEqual({ ok: false, status: 200, error: 'timed out after 300 ms without a complete answer' });
  });

  it('ends the request when its signal aborts', async () => {
    const receiver = await startReceiver(() => {});
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 100);
    const started = performance.now();
    const outcome = await postJson(`https://127.0.0.1:${receiver.port}/`, body, headers, { ...loopback, signal: abort.signal });
    expect(outcome).toEqual({ ok: false, status: null, error: 'delivery aborted' });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('does not start with a signal already aborted', async () => {
    const receiver = await startReceiver((_request, response) => response.end());
    const outcome = await postJson(`https://127.0.0.1:${receiver.port}/`, body, headers, {
      ...loopback,
      signal: AbortSignal.abort(),
    });
    expect(outcome.ok).toBe(false);
    expect(receiver.connections()).toBe(0);
  });

  it('refuses loopback unless allowed, and the receiver sees nothing', async () => {
    const receiver = await startReceiver((_request, response) => response.end());
    const outcome = await postJson(`https://127.0.0.1:${receiver.port}/`, body, headers, {
      policy: { allowLoopback: false },
      timeoutMs: 5_000,
    });
    expect(outcome).toEqual({
      ok: false,
      status: null,
      error: `url: https://127.0.0.1:${receiver.port}/ points to a loopback address (127.0.0.1); webhooks go to public addresses only`,
    });
    const byName = await postJson(`https://receiver.test:${receiver.port}/`, body, headers, {
      policy: { allowLoopback: false, resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
      timeoutMs: 5_000,
    });
    expect(byName.error).toMatch(/resolves to a loopback address/);
    expect(receiver.connections()).toBe(0);
    expect(receiver.requests).toHaveLength(0);
  });

  it('refuses http and private addresses whatever the policy', async () => {
    expect(await postJson('http://example.com/', body, headers, loopback)).toMatchObject({ ok: false, error: /must use https/ });
    expect(await postJson('https://10.0.0.1/', body, headers, loopback)).toMatchObject({ ok: false, error: /private address/ });
  });

  it('connects to the checked address of a name, with the name as Host and SNI, resolving once', async () => {
    const receiver = await startReceiver((_request, response) => response.end());
    const asked: string[] = [];
    const resolve: Resolve = async (hostname) => {
      asked.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const outcome = await postJson(`https://receiver.test:${receiver.port}/hook`, body, headers, {
      policy: { allowLoopback: true, resolve },
      timeoutMs: 5_000,
    });
    expect(outcome).toEqual({ ok: true, status: 200, error: null });
    expect(asked).toEqual(['receiver.test']);
    expect(receiver.requests.map(({ host, servername }) => ({ host, servername }))).toEqual([
      { host: `receiver.test:${receiver.port}`, servername: 'receiver.test' },
    ]);
  });

  it('checks the certificate against the name', async () => {
    const receiver = await startReceiver((_request, response) => response.end());
    const outcome = await postJson(`https://elsewhere.test:${receiver.port}/`, body, headers, {
      policy: { allowLoopback: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
      timeoutMs: 5_000,
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.status).toBeNull();
    expect(outcome.error).toMatch(/^TLS with elsewhere\.test:\d+ failed: .*elsewhere\.test/);
    expect(receiver.requests).toHaveLength(0);
  });

  it('delivers to an IPv6 loopback literal', async () => {
    const server = https.createServer({ cert, key }, (request, response) => {
      request.resume();
      request.on('end', () => response.end());
    });
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(0, '::1', () => resolve(true));
    });
    if (!listening) return; // a host without IPv6 loopback
    try {
      const port = (server.address() as AddressInfo).port;
      expect(await postJson(`https://[::1]:${port}/`, body, headers, loopback)).toEqual({ ok: true, status: 200, error: null });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('reports a name that does not resolve, and cuts a resolver that never answers', async () => {
    const missing = await postJson('https://missing.test/', body, headers, {
      policy: { allowLoopback: true, resolve: () => Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' })) },
      timeoutMs: 5_000,
    });
    expect(missing).toEqual({
      ok: false,
      status: null,
      error: 'url: host missing.test does not resolve (ENOTFOUND); check the name and its DNS records',
    });
    const hanging = await postJson('https://slow.test/', body, headers, {
      policy: { allowLoopback: true, resolve: () => new Promise(() => {}) },
      timeoutMs: 200,
    });
    expect(hanging).toEqual({ ok: false, status: null, error: 'timed out after 200 ms without a complete answer' });
  });

  it('reports a header it cannot send instead of throwing', async () => {
    const receiver = await startReceiver((_request, response) => response.end());
    const outcome = await postJson(`https://127.0.0.1:${receiver.port}/`, body, { 'X-Bad': 'a\r\nInjected: 1' }, loopback);
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/^request not sent: /);
    expect(receiver.requests).toHaveLength(0);
  });

  it('reports a refused connection', async () => {
    const receiver = await startReceiver(() => {});
    const port = receiver.port;
    await receiver.close();
    open.splice(0);
    expect(await postJson(`https://127.0.0.1:${port}/`, body, headers, loopback)).toEqual({
      ok: false,
      status: null,
      error: `connection to 127.0.0.1:${port} refused`,
    });
  });

  it('reads at most 64 KiB of a large answer', async () => {
    const receiver = await startReceiver((_request, response) => {
      response.writeHead(200);
      // Never ends: only the 64 KiB limit can settle the outcome before the timeout.
      response.write(Buffer.alloc(256 * 1024, 'x'));
    });
    const outcome = await postJson(`https://127.0.0.1:${receiver.port}/`, body, headers, { ...loopback, timeoutMs: 2_000 });
    expect(outcome).toEqual({ ok: true, status: 200, error: null });
  });

  it('reuses the connection for repeated deliveries', async () => {
    const receiver = await startReceiver((_request, response) => response.end());
    for (let i = 0; i < 3; i += 1) {
      expect((await postJson(`https://127.0.0.1:${receiver.port}/`, body, headers, loopback)).ok).toBe(true);
    }
    expect(receiver.requests).toHaveLength(3);
    expect(receiver.connections()).toBe(1);
  });
});
