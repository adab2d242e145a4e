// `GET /coins/{mint}/holders` on a store fed through the log (real projections, live views): the holder count and
// the largest holders (venues and service wallets left out, an account that changed hands, a wallet that sold out),
// shares of supply, the next round's baseline (the first claim, then the last round's snapshot) and what the next
// round counts of each wallet; creator-mode coins have no baseline. Bad input answers 400 `{ error }`, also beside
// an unknown query key; an unknown query key is ignored (the answer without it); unknown and foreign mints answer 404.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../schemas/config.js';
import { DEVNET_ADDRESSES } from '../../schemas/devnet-addresses.js';
import { memoEventId, type Event, type FeesClaimedEvent, type PayoutRoundEvent } from '../../schemas/events/index.js';
import { openLiveStore, type LiveStore } from '../fixtures/live-store.js';
import { addr, balanceChanged, graduated, launched, sig, timeOfSlot } from '../projections/event-fixtures.js';

const U = 1_000_000_000_000n; // 0.1% of the fixture supply (10^15 raw units): 10 bps
const HOLDER_COIN = addr(1);
const CREATOR_COIN = addr(2);
const CLAIM_ONLY_COIN = addr(3);
const BARE_COIN = addr(4);
const CURVE = addr(600);
const LOCKED_POOL = addr(601);
const [A, B, C, D, E] = [addr(101), addr(102), addr(103), addr(104), addr(105)];

let tx = 1_000;
function change(slot: number, mint: string, owner: string, account: number, pre: bigint, post: bigint): Event {
  return balanceChanged({ slot, tx: tx++, account: 0 }, { mint: mint as never, owner: owner as never, tokenAccount: addr(account), pre, post });
}

function claimed(slot: number, mint: string): FeesClaimedEvent {
  const signature = sig(tx++);
  return {
    id: memoEventId(signature, 0),
    type: 'fees.claimed',
    network: 'mainnet',
    slot,
    blockTime: timeOfSlot(slot),
    signature,
    v: 1,
    data: {
      mint: mint as never,
      market: CURVE,
      quoteMint: DEVNET_ADDRESSES.stablecoinMint as never,
      total: '10',
      shares: [{ role: 'holders', wallet: addr(700), amount: '10' }],
    },
  };
}

function round(slot: number, mint: string, n: number, snapshotSlot: number, baselineSlot: number): PayoutRoundEvent {
  const signature = sig(tx++);
  return {
    id: memoEventId(signature, 0),
    type: 'payout.round',
    network: 'mainnet',
    slot,
    blockTime: timeOfSlot(slot),
    signature,
    v: 1,
    data: { mint: mint as never, round: n, snapshotSlot, baselineSlot, holdersCounted: 3, potSpent: '5', paidIn: 'pair', tokens: [] },
  };
}

/** The story of the holder coin, and what it leaves: A holds 40 (it emptied one of two accounts after the
 * baseline), B 500 (it bought after the baseline), C 200, D 10 (arrived after the baseline), E's account went to
 * D (so E holds nothing); the curve, the locked pool and the treasury are no holders. The baseline is round 2's
 * snapshot slot 28 (round 1's was 22, the first claim 15). */
function holderCoinEvents(): Event[] {
  return [
    launched({ slot: 5, tx: 1 }, HOLDER_COIN, { curve: CURVE }),
    change(10, HOLDER_COIN, CURVE, 900, 0n, 800n * U),
    change(10, HOLDER_COIN, A, 11, 0n, 100n * U),
    change(11, HOLDER_COIN, B, 12, 0n, 300n * U),
    change(12, HOLDER_COIN, DEVNET_ADDRESSES.treasury, 13, 0n, 50n * U),
    change(13, HOLDER_COIN, E, 15, 0n, 70n * U),
    claimed(15, HOLDER_COIN),
    change(20, HOLDER_COIN, A, 16, 0n, 40n * U),
    change(21, HOLDER_COIN, C, 17, 0n, 200n * U),
    round(23, HOLDER_COIN, 1, 22, 15),
    claimed(24, HOLDER_COIN),
    round(29, HOLDER_COIN, 2, 28, 22),
    change(30, HOLDER_COIN, A, 11, 100n * U, 0n),
    change(31, HOLDER_COIN, B, 12, 300n * U, 500n * U),
    change(32, HOLDER_COIN, D, 15, 70n * U, 80n * U), // E's token account, now owned by D, grew
    graduated({ slot: 40, tx: 2 }, HOLDER_COIN, CURVE, LOCKED_POOL),
    change(40, HOLDER_COIN, LOCKED_POOL, 901, 0n, 200n * U),
  ];
}

function otherEvents(): Event[] {
  return [
    launched({ slot: 6, tx: 3 }, CREATOR_COIN, { mode: 'creator', curve: addr(610) }),
    change(10, CREATOR_COIN, A, 21, 0n, 5n * U),
    claimed(15, CREATOR_COIN),
    launched({ slot: 7, tx: 4 }, CLAIM_ONLY_COIN, { curve: addr(620) }),
    change(10, CLAIM_ONLY_COIN, A, 31, 0n, 7n * U),
    claimed(16, CLAIM_ONLY_COIN),
    claimed(18, CLAIM_ONLY_COIN),
    launched({ slot: 8, tx: 5 }, BARE_COIN, { curve: addr(630) }),
    change(10, BARE_COIN, B, 41, 0n, 9n * U),
  ];
}

let store: LiveStore;
let app: FastifyInstance;

beforeAll(async () => {
  const events = [...holderCoinEvents(), ...otherEvents()].sort((a, b) => a.slot - b.slot);
  // Appended twice, as a replay brings them: it must change nothing.
  store = await openLiveStore({ config: loadConfig({}), events: [...events, ...events] });
  app = store.app();
});

afterAll(async () => store?.close());

async function get(url: string): Promise<{ status: number; body: any }> {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
}

describe('GET /coins/{mint}/holders', () => {
  it('counts and lists holders largest first, with shares of supply and what the next round counts', async () => {
    const { status, body } = await get(`/api/v1/coins/${HOLDER_COIN}/holders`);
    expect(status).toBe(200);
    expect(body).toEqual({
      holders: 4,
      baselineSlot: 28,
      top: [
        // At slot 28: A 140, B 300, C 200, D nothing (E held the account then).
        { wallet: B, amount: (500n * U).toString(), shareBps: 5_000, countsNextRound: (300n * U).toString() },
        { wallet: C, amount: (200n * U).toString(), shareBps: 2_000, countsNextRound: (200n * U).toString() },
        { wallet: D, amount: (80n * U).toString(), shareBps: 800, countsNextRound: '0' },
        { wallet: A, amount: (40n * U).toString(), shareBps: 400, countsNextRound: (40n * U).toString() },
      ],
    });
  });

  it('lists at most `limit` holders, 20 by default', async () => {
    const { body } = await get(`/api/v1/coins/${HOLDER_COIN}/holders?limit=2`);
    expect(body.holders).toBe(4);
    expect(body.top.map((h: { wallet: string }) => h.wallet)).toEqual([B, C]);
  });

  it('takes the first claim as the baseline before any round, the earliest of several', async () => {
    const { body } = await get(`/api/v1/coins/${CLAIM_ONLY_COIN}/holders`);
    expect(body).toEqual({
      holders: 1,
      baselineSlot: 16,
      top: [{ wallet: A, amount: (7n * U).toString(), shareBps: 70, countsNextRound: (7n * U).toString() }],
    });
  });

  it('has no baseline before the first claim, and none ever for a creator-mode coin', async () => {
    for (const mint of [BARE_COIN, CREATOR_COIN]) {
      const { status, body } = await get(`/api/v1/coins/${mint}/holders`);
      expect(status).toBe(200);
      expect(body.baselineSlot).toBeNull();
      expect(body.top).toHaveLength(1);
      expect(body.top[0].countsNextRound).toBeNull();
    }
  });

  it('answers 400 { error } for a bad limit or a bad mint, also beside an unknown query key', async () => {
    for (const limit of ['0', '101', '-1', '1.5', 'abc', '', '1e1', '05']) {
      const { status, body } = await get(`/api/v1/coins/${HOLDER_COIN}/holders?limit=${limit}`);
      expect(status, `limit ${limit}`).toBe(400);
      expect(body).toEqual({ error: expect.any(String) });
    }
    for (const url of [
      `/api/v1/coins/not-a-mint/holders`,
      `/api/v1/coins/${sig(1)}/holders`,
      `/api/v1/coins/${HOLDER_COIN}/holders?offset=1&limit=0`,
      `/api/v1/coins/not-a-mint/holders?offset=1`,
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(body).toEqual({ error: expect.any(String) });
    }
  });

  it('ignores an unknown query key: 200 and the answer without it, a known limit still applied', async () => {
    const plain = await get(`/api/v1/coins/${HOLDER_COIN}/holders`);
    expect(plain.status).toBe(200);
    expect(await get(`/api/v1/coins/${HOLDER_COIN}/holders?offset=1`)).toEqual(plain);
    const limited = await get(`/api/v1/coins/${HOLDER_COIN}/holders?limit=2`);
    expect(limited.body.top).toHaveLength(2);
    expect(await get(`/api/v1/coins/${HOLDER_COIN}/holders?offset=1&limit=2&_=1700000000000`)).toEqual(limited);
  });

  it('answers 404 { error } for an unknown mint and for a token that is not a coin of the service', async () => {
    for (const mint of [addr(999), DEVNET_ADDRESSES.stablecoinMint]) {
      const { status, body } = await get(`/api/v1/coins/${mint}/holders`);
      expect(status).toBe(404);
      expect(body).toEqual({ error: expect.any(String) });
    }
  });

  it('is in the OpenAPI document with its limit', async () => {
    const { body } = await get('/api/v1/openapi.json');
    const operation = body.paths['/coins/{mint}/holders'].get;
    expect(operation.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['limit', 'mint']);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '402', '404', '429', '500']);
  });
});
