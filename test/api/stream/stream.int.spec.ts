// The live streams over real HTTP, fed by a projection runner on a SQLite log and chDB: every trade of a burst once
// and in order, as GET /trades lists them; the latest candles as GET /ohlcv reads them; a client that reconnects with
// Last-Event-ID misses and repeats nothing; an id it cannot resume from gets `reset`; launches on the platform stream
// as webhooks word them; a client that never reads is cut while another keeps up; a visitor's sixth stream is 429;
// unknown coins 404; CORS; and 503 from a process without the projections.
import { DEVNET_ADDRESSES } from '../../../schemas/devnet-addresses.js';
import { valuingMints } from '../../../projections/prices/sol-value.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app.js';
import { MAX_STREAMS_PER_VISITOR } from '../../../api/stream/stream-hub.js';
import { TOPICS } from '../../../infra/event-log/event-log.js';
import { SqliteEventLog } from '../../../infra/event-log/sqlite-event-log.js';
import type { Olap } from '../../../infra/olap/olap.js';
import { openOlap } from '../../../infra/olap/open-olap.js';
import { ProjectionRunner } from '../../../projections/runner.js';
import { INTERVALS } from '../../../schemas/api/ohlcv.js';
import type { Event } from '../../../schemas/events/index.js';
import { CONFIG } from '../../ingest/chain-fixture.js';
import { addr, launched, trade } from '../../projections/event-fixtures.js';
import { SseClient } from './sse-client.js';

const MINT = addr(1);
const EVENTS = { network: 'mainnet', siteUrl: 'https://launchtape.example', pairSymbol: () => 'SOL', valuing: valuingMints(DEVNET_ADDRESSES.stablecoinMint) };

let dir: string;
let log: SqliteEventLog;
let olap: Olap;
let runner: ProjectionRunner;
let app: FastifyInstance;
let base = '';
let tx = 10;
let slot = 10;

/** Append trades of MINT (a new slot every 10) and return their signatures in order. */
async function appendTrades(count: number): Promise<string[]> {
  const events: Event[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 10 === 0) slot += 1;
    events.push(
      trade({ slot, tx: ++tx }, { mint: MINT, side: i % 3 === 0 ? 'sell' : 'buy', coinAmount: String(1_000_000 + i), quoteAmount: String(30_000 + 7 * i) }),
    );
  }
  await append(events);
  return events.map((event) => event.signature);
}

async function append(events: Event[]): Promise<void> {
  await log.append(
    TOPICS.coinEvents,
    events.map((event) => ({ key: 'mint' in event.data ? String(event.data.mint) : 'platform', value: JSON.stringify(event) })),
  );
}

const trades = (client: SseClient) => client.of('trade').map((message) => JSON.parse(message.data) as { signature: string });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'launchtape-stream-'));
  log = SqliteEventLog.open(join(dir, 'event-log'), { pollIntervalMs: 5 });
  olap = await openOlap({ dataDir: dir });
  runner = await ProjectionRunner.open({ log, olap, maxBatchWaitMs: 20, idleWaitMs: 20, retryDelayMs: 50 });
  runner.start();
  // The runner's batches, and batches a test hands the app itself (a flood no table needs to hold).
  app = buildApp({ olap, config: CONFIG, changes: runner.changes.feed, streams: { events: EVENTS } });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  await append([launched({ slot: 5, tx: 1 }, MINT)]);
  for (let tries = 0; (await fetch(`${base}/api/v1/coins/${MINT}`)).status !== 200; tries++) {
    if (tries > 200) throw new Error('the coin was never projected');
    await sleep(25);
  }
}, 60_000);

afterAll(async () => {
  await app?.close();
  await runner?.stop();
  await log?.close();
  await olap?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a coin stream', () => {
  it('sends every trade of a burst once, in order, as GET /trades lists them, then the latest candle of each interval', async () => {
    const client = await new SseClient(`${base}/api/v1/coins/${MINT}/stream`).open();
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
    const sent = [...(await appendTrades(120)), ...(await appendTrades(80))];
    await client.waitFor((c) => trades(c).length >= sent.length, 'the burst');
    await sleep(100);
    expect(trades(client).map((t) => t.signature)).toEqual(sent);

    const pages = [];
    for (let before: string | null = null, page = 0; page < 2; page++) {
      const answer = (await (await fetch(`${base}/api/v1/coins/${MINT}/trades?limit=100${before ? `&before=${encodeURIComponent(before)}` : ''}`)).json()) as {
        trades: unknown[];
        next: { before: string | null };
      };
      pages.push(...answer.trades);
      before = answer.next.before;
    }
    expect(trades(client)).toEqual(pages.reverse());

    await client.waitFor(
      (c) => INTERVALS.every((interval) => c.of('candle').some((m) => (JSON.parse(m.data) as { interval: string }).interval === interval)),
      'candles',
    );
    await sleep(300); // the candle reads after the last batch
    for (const interval of INTERVALS) {
      const streamed = client
        .of('candle')
        .map((m) => JSON.parse(m.data) as { interval: string; candle: unknown })
        .filter((m) => m.interval === interval)
        .at(-1);
      const read = (await (await fetch(`${base}/api/v1/coins/${MINT}/ohlcv?interval=${interval}`)).json()) as { candles: unknown[] };
      expect(streamed?.candle, interval).toEqual(read.candles.at(-1));
    }
    const ids = client.messages.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    await client.close();
  });

  it('resumes after Last-Event-ID with nothing missed and nothing repeated', async () => {
    const follower = await new SseClient(`${base}/api/v1/coins/${MINT}/stream`).open();
    const first = await new SseClient(`${base}/api/v1/coins/${MINT}/stream`).open();
    const before = await appendTrades(30);
    await first.waitFor((c) => trades(c).length >= before.length, 'the first burst');
    const lastId = first.messages.at(-1)!.id;
    await first.close();
    const during = await appendTrades(40); // sent while it is away
    await follower.waitFor((c) => trades(c).length >= before.length + during.length, 'the follower to see both bursts');

    const again = await new SseClient(`${base}/api/v1/coins/${MINT}/stream`, { 'last-event-id': lastId }).open();
    const after = await appendTrades(10);
    await again.waitFor((c) => trades(c).length >= during.length + after.length, 'the missed trades and the next');
    await sleep(100);
    expect([...trades(first), ...trades(again)].map((t) => t.signature)).toEqual([...before, ...during, ...after]);

    const query = await new SseClient(`${base}/api/v1/coins/${MINT}/stream?lastEventId=${encodeURIComponent(lastId)}`).open();
    await query.waitFor((c) => trades(c).length >= during.length + after.length, 'the same through the query');
    expect(trades(query).map((t) => t.signature)).toEqual([...during, ...after]);

    const stale = await new SseClient(`${base}/api/v1/coins/${MINT}/stream`, { 'last-event-id': 'zz-12' }).open();
    await stale.waitFor((c) => c.messages.length > 0, 'an answer to an unknown id');
    expect(stale.messages[0]).toMatchObject({ event: 'reset' });
    expect(JSON.parse(stale.messages[0]!.data)).toEqual({ reason: expect.any(String) });
    await Promise.all([follower, again, query, stale].map((client) => client.close()));
  });

  it('cuts a client that never reads while another keeps up', async () => {
    await sleep(200); // the server has seen the earlier streams close (a visitor may hold five)
    const reader = await new SseClient(`${base}/api/v1/coins/${MINT}/stream`).open();
    expect(reader.status).toBe(200);
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(`GET /api/v1/coins/${MINT}/stream HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n`);
    await sleep(200);
    socket.pause(); // it reads nothing more
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);

    // 80,000 trades (about 22 MB of messages) handed to the stream directly: more than the socket buffers hold.
    const flood = 80_000;
    for (let batch = 0; batch < flood / 1_000; batch++) {
      const events: Event[] = [];
      for (let i = 0; i < 1_000; i++) events.push(trade({ slot: 1_000_000 + batch, tx: 1_000_000 + batch * 1_000 + i }, { mint: MINT }));
      runner.changes.publish({ events, lastSlot: 1_000_000 + batch, tables: new Map() });
      await sleep(20);
    }
    await reader.waitFor((c) => trades(c).length >= flood, 'the reader to get the whole flood', 60_000);

    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.resume();
    try {
      await closed; // the server cut it
    } finally {
      socket.destroy();
    }
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received.split('event: trade').length - 1).toBeLessThan(flood);
    await reader.close();
  }, 90_000);
});

describe('the platform stream', () => {
  it('sends launches as the coin.launched webhook words them', async () => {
    const client = await new SseClient(`${base}/api/v1/stream`).open();
    const mint = addr(2);
    await append([launched({ slot: slot + 1, tx: ++tx }, mint)]);
    await client.waitFor((c) => c.of('coin.launched').length > 0, 'the launch');
    const body = JSON.parse(client.of('coin.launched')[0]!.data) as { type: string; network: string; data: { mint: string } };
    expect(body).toMatchObject({ type: 'coin.launched', network: 'mainnet', data: { mint } });
    await client.close();
  });
});

describe('stream requests', () => {
  it('refuses a visitor a stream past its limit, unknown coins and bad mints; answers any origin', async () => {
    await sleep(200); // the server has seen earlier streams close
    const open = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_VISITOR }, () => new SseClient(`${base}/api/v1/stream`, { origin: 'https://dashboard.example' }).open()),
    );
    expect(open.map((client) => client.status)).toEqual(open.map(() => 200));
    expect(open[0]!.headers['access-control-allow-origin']).toBe('*');
    const refused = await new SseClient(`${base}/api/v1/stream`).open();
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ error: expect.stringMatching(/too many open streams/) });
    await Promise.all(open.map((client) => client.close()));
    await sleep(200);

    const unknown = await new SseClient(`${base}/api/v1/coins/${addr(77)}/stream`).open();
    expect(unknown.status).toBe(404);
    const bad = await new SseClient(`${base}/api/v1/coins/nope/stream`).open();
    expect(bad.status).toBe(400);
  });

  it('answers 503 in a process without the projections', async () => {
    const bare = buildApp({ olap, config: CONFIG });
    try {
      const answer = await bare.inject({ method: 'GET', url: '/api/v1/stream' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ error: expect.stringMatching(/not served by this process/) });
    } finally {
      await bare.close();
    }
  });
});
