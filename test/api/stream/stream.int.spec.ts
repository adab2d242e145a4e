// The live streams over real HTTP, fed by the live views as they fold in a SQLite log (the projections writing chDB
// beside them): every trade of a burst once and in order, as GET /trades lists them; the latest candles as GET /ohlcv
// reads them; a client that reconnects with Last-Event-ID misses and repeats nothing; an id it cannot resume from gets
// `reset`; launches on the platform stream as webhooks word them; a client that never reads is cut while another
// keeps up; a visitor's sixth stream is 429; unknown coins 404; CORS.
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDeps } from '../../../api/app.js';
import { eventContextOf } from '../../../api/stream/event-context.js';
import { MAX_STREAMS_PER_VISITOR } from '../../../api/stream/stream-hub.js';
import { CandleWindow } from '../../../api/views/candle-window.js';
import type { LiveListener, LiveViews } from '../../../api/views/live-views.js';
import { TradeWindow } from '../../../api/views/trade-window.js';
import { coinLaunched } from '../../../projections/webhooks/webhook-events.js';
import { INTERVALS } from '../../../schemas/api/ohlcv.js';
import type { Event } from '../../../schemas/events/index.js';
import { openLiveStore, type LiveStore } from '../../fixtures/live-store.js';
import { addr, launched, logged, trade } from '../../projections/event-fixtures.js';
import { SseClient } from './sse-client.js';

const MINT = addr(1);

let store: LiveStore;
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
  await store.append(events);
  return events.map((event) => event.signature);
}

const trades = (client: SseClient) => client.of('trade').map((message) => JSON.parse(message.data) as { signature: string });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An app listening on a free port; closed with the store. */
async function listening(extra: Partial<ApiDeps> = {}): Promise<{ app: FastifyInstance; base: string }> {
  const served = store.app(extra);
  return { app: served, base: await served.listen({ port: 0, host: '127.0.0.1' }) };
}

beforeAll(async () => {
  store = await openLiveStore({ events: [launched({ slot: 5, tx: 1 }, MINT)] });
  ({ base } = await listening());
  expect((await fetch(`${base}/api/v1/coins/${MINT}`)).status).toBe(200);
}, 60_000);

afterAll(async () => store?.close());

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
    await sleep(300); // the last batch's candles to arrive
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
    // A flood no table needs to hold, handed to the streams by the test: an app whose views' feed is the test's, with
    // a trade window of its own (the coin board, for the coin's existence, is the store's).
    const listeners = new Set<LiveListener>();
    const feed = {
      subscribe(listener: LiveListener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    } as unknown as LiveViews;
    const window = new TradeWindow();
    const flooded = await listening({ views: { feed, board: store.views.board, trades: window, candles: new CandleWindow() } });
    const reader = await new SseClient(`${flooded.base}/api/v1/coins/${MINT}/stream`).open();
    expect(reader.status).toBe(200);
    const socket = connect(Number(new URL(flooded.base).port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(`GET /api/v1/coins/${MINT}/stream HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n`);
    await sleep(200);
    socket.pause(); // it reads nothing more
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);

    // 80,000 trades (about 22 MB of messages): more than the socket buffers hold.
    const flood = 80_000;
    for (let batch = 0; batch < flood / 1_000; batch++) {
      const events: Event[] = [];
      for (let i = 0; i < 1_000; i++) events.push(trade({ slot: 1_000_000 + batch, tx: 1_000_000 + batch * 1_000 + i }, { mint: MINT }));
      const folded = logged(events);
      const change = new Map([[window.name, window.handle(folded)]]);
      for (const listener of listeners) listener(change);
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
  it('sends launches as the coin.launched webhook words them, once however often the log brings them', async () => {
    const client = await new SseClient(`${base}/api/v1/stream`).open();
    const mint = addr(2);
    const launch = launched({ slot: slot + 1, tx: ++tx }, mint);
    await store.append([launch]);
    await client.waitFor((c) => c.of('coin.launched').length > 0, 'the launch');
    const body = JSON.parse(client.of('coin.launched')[0]!.data) as { type: string; network: string; data: { mint: string } };
    expect(body).toMatchObject({ type: 'coin.launched', network: 'mainnet', data: { mint } });
    expect(client.of('coin.launched')[0]!.data).toBe(coinLaunched(eventContextOf(store.config), launch).body);
    await store.append([launch]); // the ingest appending the slot again after a restart
    await sleep(200);
    expect(client.of('coin.launched')).toHaveLength(1);
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
});
