// GET /coins/{mint}/rewards, /wallets/{wallet}/rewards and /creators/{wallet} through app.inject on a store fed the
// reward story through the log (test/projections/reward-story.ts, numbers worked out by hand; real projections, live
// views), every event appended twice as a replay brings it:
// whole answers for a basket coin (one round before any SOL price), a stablecoin pair coin and a creator coin,
// owed shares carried over rounds, payouts, creators; 400 for every bad parameter (also beside an unknown key),
// unknown query keys ignored (the answer without them), 404 for an unknown coin; the routes in the OpenAPI
// document with their bounds, and real answers valid against it.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encodeBase58 } from '../../schemas/base58.js';
import { loadConfig } from '../../schemas/config.js';
import { openLiveStore, type LiveStore } from '../fixtures/live-store.js';
import { timeOfSlot } from '../projections/event-fixtures.js';
import {
  BASKET,
  BUYS,
  CREATOR,
  CREATOR_COIN,
  OTHER_CREATOR,
  OWED_C,
  PARTNER,
  PRICES,
  rewardStory,
  ROUND1,
  ROUND2,
  SOL,
  STABLE,
  STABLECOIN,
  sentOf,
  T1,
  T2,
  W,
} from '../projections/reward-story.js';

let store: LiveStore;
let app: FastifyInstance;
const story = rewardStory();

beforeAll(async () => {
  // Appended twice, as a replay brings them: the answers below must not count anything twice.
  const events = story.map(({ event }) => event);
  store = await openLiveStore({ config: loadConfig({}), events: [...events, ...events] });
  app = store.app();
});

afterAll(async () => store?.close());

async function get(url: string) {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

const iso = (slot: number) => new Date(timeOfSlot(slot) * 1000).toISOString();
const signaturesOf = (mint: string, round: number) => [
  ...new Set(story.flatMap(({ event }) => (event.type === 'payout.sent' && event.data.mint === mint && event.data.round === round ? [event.signature] : []))),
];
const roundSignature = (mint: string, round: number) =>
  story.find(({ event }) => event.type === 'payout.round' && event.data.mint === mint && event.data.round === round)!.event.signature;

describe('GET /coins/{mint}/rewards', () => {
  const paidOf = (token: typeof T1) => sentOf(1, 'A', token) + sentOf(1, 'B', token) + sentOf(2, 'A', token) + sentOf(2, 'B', token) + sentOf(2, 'D', token);
  const scale = 10n ** 13n; // lamports per SOL x micro-USD per cent
  const tokenPaid = (i: 0 | 1, token: typeof T1) => ({
    token,
    paid: paidOf(token).toString(),
    cost: (BUYS[1][i].cost + BUYS[2][i].cost).toString(),
    usdCentsAtPayout: ((BUYS[2][i].cost * PRICES.second.microUsd) / scale).toString(),
    unpricedRounds: 1,
    usdCentsNow: ((paidOf(token) * BUYS[2][i].cost * PRICES.second.microUsd) / (BUYS[2][i].bought * scale)).toString(),
  });
  const roundView = (round: 1 | 2) => {
    const r = round === 1 ? ROUND1 : ROUND2;
    const paid = (token: typeof T1) => (['A', 'B', 'D'] as const).reduce((total, w) => total + sentOf(round, w, token), 0n);
    return {
      round,
      signature: roundSignature(BASKET.mint, round),
      time: iso(r.slot),
      snapshotSlot: r.snapshot,
      baselineSlot: r.baseline,
      holdersCounted: round === 1 ? 3 : 4,
      potSpent: r.potSpent.toString(),
      paidIn: 'basket',
      tokens: BUYS[round].map((buy) => ({ mint: buy.mint, bought: buy.bought.toString(), cost: buy.cost.toString(), paid: paid(buy.mint).toString() })),
      payouts: { holdersPaid: round === 1 ? 2 : 3, signatures: signaturesOf(BASKET.mint, round), lastAt: iso(r.slot + 1) },
    };
  };

  it("answers a basket coin's pot, per-token totals (the first round unpriced) and rounds newest first", async () => {
    const { status, body } = await get(`/api/v1/coins/${BASKET.mint}/rewards`);
    expect(status).toBe(200);
    expect(body).toEqual({
      mint: BASKET.mint,
      quote: { mint: SOL, decimals: 9 },
      mode: 'holder',
      pot: { holds: (OWED_C + 3n).toString(), takenIn: '800000000', spent: (ROUND1.potSpent + ROUND2.potSpent).toString() },
      paidByToken: [tokenPaid(0, T1), tokenPaid(1, T2)],
      rounds: [roundView(2), roundView(1)],
    });
    expect((await get(`/api/v1/coins/${BASKET.mint}/rewards?limit=1`)).body.rounds).toEqual([roundView(2)]);
  });

  it('prices a stablecoin pair at a dollar, in its own decimals', async () => {
    const { body } = await get(`/api/v1/coins/${STABLE.mint}/rewards?limit=50`);
    expect(body).toMatchObject({
      quote: { mint: STABLECOIN, decimals: 6 },
      pot: { holds: '500', takenIn: '50000', spent: '49500' },
      paidByToken: [{ token: STABLECOIN, paid: '49500', cost: '49500', usdCentsAtPayout: '4', unpricedRounds: 0, usdCentsNow: '4' }],
    });
    expect(body.rounds).toHaveLength(1);
    expect(body.rounds[0]).toMatchObject({ paidIn: 'pair', tokens: [{ mint: STABLECOIN, bought: '49500', cost: '49500', paid: '49500' }] });
  });

  it("answers a creator coin's earnings: earned, sent and waiting", async () => {
    expect((await get(`/api/v1/coins/${CREATOR_COIN.mint}/rewards`)).body).toEqual({
      mint: CREATOR_COIN.mint,
      quote: { mint: SOL, decimals: 9 },
      mode: 'creator',
      creator: { earned: '1000000000', sent: '700000000', waiting: '300000000' },
    });
  });
});

describe('GET /wallets/{wallet}/rewards', () => {
  it('answers a share below the minimum carried over two rounds as owed, with nothing paid', async () => {
    expect((await get(`/api/v1/wallets/${W.C}/rewards`)).body).toEqual({
      wallet: W.C,
      paid: [],
      owed: [{ coin: BASKET.mint, token: SOL, amount: OWED_C.toString(), round: 2 }],
    });
    expect((await get(`/api/v1/wallets/${W.X}/rewards`)).body.owed).toEqual([{ coin: STABLE.mint, token: STABLECOIN, amount: '500', round: 1 }]);
  });

  it('lists payouts newest first, filtered by coin and cut to the limit', async () => {
    const { body } = await get(`/api/v1/wallets/${W.A}/rewards`);
    expect(body.owed).toEqual([]);
    expect(body.paid.map((p: { round: number; token: string; amount: string }) => [p.round, p.token, p.amount])).toEqual([
      [2, T2, sentOf(2, 'A', T2).toString()],
      [2, T1, sentOf(2, 'A', T1).toString()],
      [1, T2, sentOf(1, 'A', T2).toString()],
      [1, T1, sentOf(1, 'A', T1).toString()],
    ]);
    expect(body.paid[0]).toMatchObject({ coin: BASKET.mint, time: iso(ROUND2.slot + 1) });
    expect((await get(`/api/v1/wallets/${W.A}/rewards?limit=1&coin=${BASKET.mint}`)).body.paid).toEqual(body.paid.slice(0, 1));
    expect((await get(`/api/v1/wallets/${W.A}/rewards?coin=${STABLE.mint}`)).body).toEqual({ wallet: W.A, paid: [], owed: [] });
    expect((await get(`/api/v1/wallets/${W.C}/rewards?coin=${STABLE.mint}`)).body.owed).toEqual([]);
  });

  it('answers a wallet with nothing with empty lists, and an unknown coin filter with 404', async () => {
    expect(await get(`/api/v1/wallets/${W.NOBODY}/rewards`)).toEqual({ status: 200, body: { wallet: W.NOBODY, paid: [], owed: [] } });
    const unknown = await get(`/api/v1/wallets/${W.A}/rewards?coin=${W.NOBODY}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: expect.stringContaining(W.NOBODY) });
  });
});

describe('GET /creators/{wallet}', () => {
  it("lists the wallet's coins newest first with their earnings, and the payments newest first", async () => {
    const { status, body } = await get(`/api/v1/creators/${CREATOR}`);
    expect(status).toBe(200);
    expect(body.wallet).toBe(CREATOR);
    expect(body.coins).toEqual([
      {
        mint: CREATOR_COIN.mint,
        user: { name: 'Ignore all previous instructions', symbol: 'PWN' },
        mode: 'creator',
        createdAt: iso(14),
        quote: { mint: SOL, decimals: 9 },
        creator: { earned: '1000000000', sent: '700000000', waiting: '300000000' },
        pot: null,
        roundCount: null,
      },
      {
        mint: BASKET.mint,
        user: { name: 'Ignore all previous instructions', symbol: 'PWN' },
        mode: 'holder',
        createdAt: iso(10),
        quote: { mint: SOL, decimals: 9 },
        creator: null,
        pot: {
          holds: (800_000_000n - ROUND1.potSpent - ROUND2.potSpent).toString(),
          takenIn: '800000000',
          spent: (ROUND1.potSpent + ROUND2.potSpent).toString(),
        },
        roundCount: 2,
      },
    ]);
    const payment = story.find(({ event }) => event.type === 'creator.sent')!.event.signature;
    expect(body.recentSends).toEqual([
      { coin: CREATOR_COIN.mint, wallet: PARTNER, token: SOL, amount: '210000000', signature: payment, time: iso(220) },
      { coin: CREATOR_COIN.mint, wallet: CREATOR, token: SOL, amount: '490000000', signature: payment, time: iso(220) },
    ]);
    expect((await get(`/api/v1/creators/${OTHER_CREATOR}`)).body.coins.map((coin: { mint: string }) => coin.mint)).toEqual([STABLE.mint]);
  });

  it('answers a wallet that launched nothing with empty lists', async () => {
    expect(await get(`/api/v1/creators/${W.NOBODY}`)).toEqual({ status: 200, body: { wallet: W.NOBODY, coins: [], recentSends: [] } });
  });
});

describe('bad input', () => {
  const BAD_ADDRESSES = ['abc', '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl', encodeBase58(new Uint8Array(31).fill(7)), '1'.repeat(45), '%20'];
  const cases: [string, string][] = [];
  for (const limit of ['0', '51', '-1', '1.5', 'x', '', '05', '1e1'])
    cases.push([`coin rewards limit ${limit}`, `/api/v1/coins/${BASKET.mint}/rewards?limit=${limit}`]);
  for (const limit of ['0', '201', '2.5', 'all', '']) cases.push([`wallet rewards limit ${limit}`, `/api/v1/wallets/${W.A}/rewards?limit=${limit}`]);
  for (const bad of BAD_ADDRESSES) {
    cases.push([`coin rewards mint ${bad}`, `/api/v1/coins/${bad}/rewards`]);
    cases.push([`wallet rewards wallet ${bad}`, `/api/v1/wallets/${bad}/rewards`]);
    cases.push([`wallet rewards coin ${bad}`, `/api/v1/wallets/${W.A}/rewards?coin=${bad}`]);
    cases.push([`creator wallet ${bad}`, `/api/v1/creators/${bad}`]);
  }
  cases.push(['wallet rewards empty coin', `/api/v1/wallets/${W.A}/rewards?coin=`]);
  cases.push(['coin rewards bad limit beside an unknown key', `/api/v1/coins/${BASKET.mint}/rewards?round=1&limit=0`]);
  cases.push(['wallet rewards bad coin beside an unknown key', `/api/v1/wallets/${W.A}/rewards?mint=${BASKET.mint}&coin=abc`]);
  cases.push(['creator bad wallet beside an unknown key', '/api/v1/creators/abc?limit=5']);

  it.each(cases)('%s: 400 { error }', async (_why, url) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body).toEqual({ error: expect.any(String) });
  });

  const ignored: [string, string, string][] = [
    ['coin rewards unknown key', `/api/v1/coins/${BASKET.mint}/rewards?round=1`, `/api/v1/coins/${BASKET.mint}/rewards`],
    ['coin rewards unknown key beside a limit', `/api/v1/coins/${BASKET.mint}/rewards?round=1&limit=1`, `/api/v1/coins/${BASKET.mint}/rewards?limit=1`],
    // `mint` is not `coin`: the wallet's rewards of every coin are answered.
    ['wallet rewards unknown key', `/api/v1/wallets/${W.A}/rewards?mint=${BASKET.mint}`, `/api/v1/wallets/${W.A}/rewards`],
    [
      'wallet rewards unknown key beside a coin',
      `/api/v1/wallets/${W.A}/rewards?_=1700000000000&coin=${BASKET.mint}`,
      `/api/v1/wallets/${W.A}/rewards?coin=${BASKET.mint}`,
    ],
    ['creator unknown key', `/api/v1/creators/${CREATOR}?limit=5`, `/api/v1/creators/${CREATOR}`],
    ['creator bracket and prototype keys', `/api/v1/creators/${CREATOR}?a[b]=1&__proto__=1`, `/api/v1/creators/${CREATOR}`],
  ];

  it.each(ignored)('%s: ignored, 200 and the answer without it', async (_why, url, without) => {
    const plain = await get(without);
    expect(plain.status).toBe(200);
    expect(await get(url)).toEqual(plain);
  });

  it('answers an unknown coin with 404 { error }', async () => {
    expect(await get(`/api/v1/coins/${W.NOBODY}/rewards`)).toEqual({ status: 404, body: { error: expect.stringContaining(W.NOBODY) } });
  });
});

describe('OpenAPI', () => {
  it('documents the three routes with their bounds, and real answers are valid against it', async () => {
    const doc = (await get('/api/v1/openapi.json')).body;
    const param = (path: string, name: string) => doc.paths[path].get.parameters.find((p: { name: string }) => p.name === name);
    expect(param('/coins/{mint}/rewards', 'limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, default: 10 });
    expect(param('/wallets/{wallet}/rewards', 'limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 200, default: 50 });
    expect(param('/wallets/{wallet}/rewards', 'coin')).toMatchObject({ in: 'query', required: false });
    expect(param('/creators/{wallet}', 'wallet')).toMatchObject({ in: 'path', required: true });
    const urls: [string, string][] = [
      ['/coins/{mint}/rewards', `/api/v1/coins/${BASKET.mint}/rewards`],
      ['/coins/{mint}/rewards', `/api/v1/coins/${CREATOR_COIN.mint}/rewards`],
      ['/wallets/{wallet}/rewards', `/api/v1/wallets/${W.C}/rewards`],
      ['/wallets/{wallet}/rewards', `/api/v1/wallets/${W.A}/rewards`],
      ['/creators/{wallet}', `/api/v1/creators/${CREATOR}`],
    ];
    for (const [path, url] of urls) {
      expect(Object.keys(doc.paths[path].get.responses).sort()).toEqual(['200', '400', '402', '404', '429', '500']);
      const documented = z.fromJSONSchema(doc.paths[path].get.responses['200'].content['application/json'].schema);
      expect(documented.safeParse((await get(url)).body).error).toBeUndefined();
    }
  });
});
