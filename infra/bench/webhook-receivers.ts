// The webhook bench's receivers: HTTPS servers on 127.0.0.1 with the test CA's localhost certificate
// (test/fixtures/webhooks). Healthy ones answer 200 as soon as a request's body is in; one hangs: it takes the
// request and never answers, so each try there ends only by the sender's timeout. Every try is recorded with the
// wall time its headers came in: the webhook (URL path /hook/<n>), the event id header, and the coin and slot the
// body names.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { wallMs } from './bench-ipc.js';

export interface Arrival {
  hook: number;
  eventId: string;
  mint: string | null;
  slot: number | null;
  at: number;
}

export interface HangingTry {
  at: number;
  /** How long until the sender gave up and closed the connection; null while it is still open. */
  cutAfterMs: number | null;
}

const FIXTURES = new URL('../../test/fixtures/webhooks/', import.meta.url);

function hookOf(request: IncomingMessage): number {
  const match = /^\/hook\/(\d+)$/.exec(request.url ?? '');
  return match === null ? -1 : Number(match[1]);
}

function eventIdOf(request: IncomingMessage): string {
  const id = request.headers['service-event-id'];
  return typeof id === 'string' ? id : '';
}

function bodyFacts(body: string): { mint: string | null; slot: number | null } {
  try {
    const data = (JSON.parse(body) as { data?: { mint?: unknown; slot?: unknown } }).data;
    return { mint: typeof data?.mint === 'string' ? data.mint : null, slot: typeof data?.slot === 'number' ? data.slot : null };
  } catch {
    return { mint: null, slot: null };
  }
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return `https://127.0.0.1:${(server.address() as { port: number }).port}`;
}

export class Receivers {
  readonly arrivals: Arrival[] = [];
  readonly hangingTries: HangingTry[] = [];
  /** Requests that named no webhook (a wrong path): a bench fault. */
  strays = 0;
  private readonly waiters = new Set<() => void>();

  private constructor(
    private readonly servers: Server[],
    readonly healthyUrls: string[],
    readonly hangingUrl: string,
  ) {}

  /** `healthy` servers answering at once, and one that hangs. */
  static async start(healthy: number): Promise<Receivers> {
    const tls = { key: readFileSync(new URL('localhost-key.pem', FIXTURES)), cert: readFileSync(new URL('localhost.pem', FIXTURES)) };
    const servers: Server[] = [];
    let receivers: Receivers | null = null;
    const urls: string[] = [];
    for (let i = 0; i < healthy; i++) {
      const server = createServer(tls, (request, response) => {
        const at = wallMs();
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          response.writeHead(200, { 'Content-Length': '0' }).end();
          receivers?.arrived(request, at, Buffer.concat(chunks).toString('utf8'));
        });
      });
      servers.push(server);
      urls.push(await listen(server));
    }
    const hanging = createServer(tls, (request, response) => {
      const tried: HangingTry = { at: wallMs(), cutAfterMs: null };
      receivers?.hangingTries.push(tried);
      request.resume();
      response.on('close', () => (tried.cutAfterMs = wallMs() - tried.at));
    });
    servers.push(hanging);
    const hangingUrl = await listen(hanging);
    receivers = new Receivers(servers, urls, hangingUrl);
    return receivers;
  }

  /** Forget what arrived (between phases). */
  clear(): void {
    this.arrivals.length = 0;
    this.hangingTries.length = 0;
    this.strays = 0;
  }

  /** Resolves once `done()` holds, checked at every arrival; false if `timeoutMs` passed first. */
  until(done: () => boolean, timeoutMs: number): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const check = (): void => {
        if (!done()) return;
        finish(true);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      const finish = (result: boolean): void => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(result);
      };
      this.waiters.add(check);
    });
  }

  async close(): Promise<void> {
    for (const server of this.servers) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  private arrived(request: IncomingMessage, at: number, body: string): void {
    const hook = hookOf(request);
    if (hook < 0) {
      this.strays++;
      return;
    }
    this.arrivals.push({ hook, eventId: eventIdOf(request), ...bodyFacts(body), at });
    for (const check of [...this.waiters]) check();
  }
}
