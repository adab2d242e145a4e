// `GET /coins/{mint}/health` on a store fed through the log (real projections, live views) and the periodic scorer:
// a coin with every warning sign (a sniper, a bundle, an insider, a wash pair, a creator that sold its launch buy), a
// quiet coin graded A, a coin whose freeze authority is still set (F), a coin launched before the authority facts
// existed (no authority signals); the grade goes null after an hour while the signals stay; a coin not checked yet
// answers nulls. The scorer checks coins again after a balance change or 30 minutes. A bad mint answers 400
// `{ error }`, also beside an unknown query key; an unknown query key is ignored (the answer without it); unknown and
// foreign mints answer 404. One app keeps an answer while the check is the same and as fresh, and answers anew once it
// goes stale or is checked again (past the few seconds nothing-announced answers are kept).
import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEALTH_MAX_AGE_MS } from '../../api/handlers/health.js';
import { HealthScorer } from '../../projections/health/scorer.js';
import { HEALTH_NOTE } from '../../schemas/api/health.js';
import { loadConfig } from '../../schemas/config.js';
import { DEVNET_ADDRESSES } from '../../schemas/devnet-addresses.js';
import type { Event } from '../../schemas/events/index.js';
import { openLiveStore, type LiveStore } from '../fixtures/live-store.js';
import { addr, balanceChanged, graduated, launched, sig, trade } from '../projections/event-fixtures.js';

const U = 1_000_000_000_000n; // 10 bps of the fixture supply (10^15)
const CHECKED = new Date('2025-06-01T12:00:00.000Z');
const config = loadConfig({});
const RISKY = addr(1);
const CALM = addr(2);
const FROZEN = addr(3);
const OLD = addr(4);
const LATE = addr(5);
const CREATOR = addr(500);
const CURVE = addr(600);
const [S1, A, B, C, W1, W2, FRIEND, H1] = [201, 202, 203, 204, 205, 206, 207, 208].map(addr);

let tx = 1_000;
let account = 1;
const accounts = new Map<string, Address>();
function change(slot: number, mint: Address, owner: Address, pre: bigint, post: bigint, txNumber = tx++): Event {
  const key = `${mint}/${owner}`;
  if (!accounts.has(key)) accounts.set(key, addr(10_000 + account++));
  return balanceChanged({ slot, tx: txNumber, account: account++ }, { mint, owner, tokenAccount: accounts.get(key)!, pre, post });
}
const traded = (slot: number, mint: Address, trader: Address, side: 'buy' | 'sell', coins: bigint): Event =>
  trade({ slot, tx: tx++ }, { mint, trader, side, coinAmount: coins.toString() });

function riskyEvents(): Event[] {
  const sent = tx++;
  return [
    launched({ slot: 100, tx: 1 }, RISKY, {}, { mintAuthority: null, freezeAuthority: null }),
    change(100, RISKY, CURVE, 0n, 700n * U),
    traded(100, RISKY, CREATOR, 'buy', 100n * U),
    change(100, RISKY, CREATOR, 0n, 100n * U),
    traded(101, RISKY, S1, 'buy', 80n * U),
    change(101, RISKY, S1, 0n, 80n * U),
    ...[A, B, C].flatMap((w) => [traded(102, RISKY, w, 'buy', 30n * U), change(102, RISKY, w, 0n, 30n * U)]),
    traded(140, RISKY, W2, 'buy', 20n * U),
    change(140, RISKY, W2, 0n, 20n * U),
    traded(150, RISKY, W1, 'buy', 50n * U),
    change(150, RISKY, W1, 0n, 50n * U),
    traded(150, RISKY, W2, 'sell', 20n * U),
    change(150, RISKY, W2, 20n * U, 0n),
    traded(160, RISKY, W2, 'buy', 40n * U),
    change(160, RISKY, W2, 0n, 40n * U),
    traded(160, RISKY, W1, 'sell', 50n * U),
    change(160, RISKY, W1, 50n * U, 0n),
    traded(170, RISKY, CREATOR, 'sell', 60n * U),
    change(170, RISKY, CREATOR, 100n * U, 40n * U),
    // The creator hands coins to a friend: one transaction, two balance changes.
    change(180, RISKY, CREATOR, 40n * U, 30n * U, sent),
    change(180, RISKY, FRIEND, 0n, 10n * U, sent),
    change(181, RISKY, DEVNET_ADDRESSES.treasury as Address, 0n, 100n * U),
  ];
}

function otherEvents(): Event[] {
  return [
    launched({ slot: 100, tx: 2 }, CALM, { curve: addr(610) }, { mintAuthority: null, freezeAuthority: null }),
    traded(200, CALM, H1, 'buy', 50n * U),
    change(200, CALM, H1, 0n, 50n * U),
    graduated({ slot: 300, tx: 3 }, CALM, addr(610), addr(611)),
    launched({ slot: 100, tx: 4 }, FROZEN, { creator: addr(501), curve: addr(620) }, { mintAuthority: null, freezeAuthority: addr(77) }),
    launched({ slot: 100, tx: 5 }, OLD, { creator: addr(502), curve: addr(630) }),
  ];
}

let store: LiveStore;

const scorer = (at: Date) => new HealthScorer({ olap: store.olap, serviceWallets: Object.values(config.wallets), clock: () => at });

// A new app per read: each has its own answer cache, so a read at another moment (or after the scorer wrote) is made
// afresh rather than served from an answer kept for a few seconds under the same key.
async function get(url: string, at = CHECKED): Promise<{ status: number; body: any }> {
  const response = await store.app({ clock: () => at }).inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
}

beforeAll(async () => {
  store = await openLiveStore({ config, clock: () => CHECKED, events: [...riskyEvents(), ...otherEvents()] });
  expect(await scorer(CHECKED).runOnce()).toBe(4);
  // Launched after the pass: a coin not checked yet.
  await store.append([launched({ slot: 400, tx: 6 }, LATE, { creator: addr(503), curve: addr(640) })]);
});

afterAll(async () => store?.close());

describe('GET /coins/{mint}/health', () => {
  it('scores every warning sign of a risky coin by its definition', async () => {
    const { status, body } = await get(`/api/v1/coins/${RISKY}/health`);
    expect(status).toBe(200);
    expect(body).toEqual({
      // sold launch buy 2, snipers 2, bundle 1, insider 1, wash 1: 7 points.
      grade: 'F',
      checkedAt: CHECKED.toISOString(),
      signals: {
        top10Bps: 2_500, // S1 80, W2 40, A B C and the creator 30 each, FRIEND 10 (curve and treasury left out)
        creatorUnlockedBps: 300,
        creatorSoldLaunchBuy: true, // 60 of its 100
        sniperBps: 1_700, // S1, A, B, C (slots 101-102 of a launch at 100)
        bundleBps: 900, // A, B, C in slot 102
        insiderBps: 100, // FRIEND
        washBps: 1_600, // W1 and W2 both ways, slots 150 and 160: 50 + 20 + 40 + 50
        mintAuthority: false,
        freezeAuthority: false,
      },
      levels: {
        top10Bps: 'ok',
        creatorUnlockedBps: 'ok',
        creatorSoldLaunchBuy: 'warning',
        sniperBps: 'warning',
        bundleBps: 'caution',
        insiderBps: 'caution',
        washBps: 'caution',
        mintAuthority: 'ok',
        freezeAuthority: 'ok',
      },
      context: { holders: 7, creatorOtherLaunches: 1, creatorOtherGraduations: 1 },
      note: HEALTH_NOTE,
    });
  });

  it('grades a quiet coin A, a coin whose freeze authority is still set F, and leaves out authorities it does not know', async () => {
    const calm = (await get(`/api/v1/coins/${CALM}/health`)).body;
    expect(calm.grade).toBe('A');
    expect(calm.signals).toMatchObject({ top10Bps: 500, sniperBps: 0, bundleBps: 0, washBps: 0, insiderBps: 0, creatorSoldLaunchBuy: false });
    expect(calm.context).toEqual({ holders: 1, creatorOtherLaunches: 1, creatorOtherGraduations: 0 });
    const frozen = (await get(`/api/v1/coins/${FROZEN}/health`)).body;
    expect([frozen.grade, frozen.signals.freezeAuthority, frozen.levels.freezeAuthority]).toEqual(['F', true, 'warning']);
    const old = (await get(`/api/v1/coins/${OLD}/health`)).body;
    expect(old.grade).toBe('A');
    expect(Object.keys(old.signals)).not.toContain('mintAuthority');
    expect(Object.keys(old.levels)).not.toContain('freezeAuthority');
  });

  it('reads the grade as null once the check is over an hour old, the signals still shown', async () => {
    const hour = 60 * 60 * 1000;
    expect((await get(`/api/v1/coins/${CALM}/health`, new Date(CHECKED.getTime() + hour))).body.grade).toBe('A');
    const stale = (await get(`/api/v1/coins/${CALM}/health`, new Date(CHECKED.getTime() + hour + 1))).body;
    expect(stale).toMatchObject({ grade: null, checkedAt: CHECKED.toISOString(), signals: { top10Bps: 500 }, note: HEALTH_NOTE });
  });

  it('answers nulls for a coin not checked yet', async () => {
    const { status, body } = await get(`/api/v1/coins/${LATE}/health`);
    expect(status).toBe(200);
    expect(body).toEqual({ grade: null, checkedAt: null, signals: null, levels: null, context: null, note: HEALTH_NOTE });
  });

  it('ignores an unknown query key: 200 and the answer without it', async () => {
    const plain = await get(`/api/v1/coins/${RISKY}/health`);
    expect(plain.status).toBe(200);
    for (const query of ['limit=1', '_=1700000000000', 'a[b]=1', '__proto__=1']) {
      const url = `/api/v1/coins/${RISKY}/health?${query}`;
      expect(await get(url), url).toEqual(plain);
    }
    expect(await get(`/api/v1/coins/${LATE}/health?limit=1`)).toEqual(await get(`/api/v1/coins/${LATE}/health`));
  });

  it('answers 400 { error } for a bad mint, with or without an unknown query key, 404 for an unknown mint or a token that is not a coin', async () => {
    for (const url of ['/api/v1/coins/nope/health', `/api/v1/coins/${sig(1)}/health`, '/api/v1/coins/nope/health?limit=1']) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(body).toEqual({ error: expect.any(String) });
    }
    for (const mint of [addr(999), DEVNET_ADDRESSES.stablecoinMint]) {
      const { status, body } = await get(`/api/v1/coins/${mint}/health`);
      expect(status).toBe(404);
      expect(body).toEqual({ error: expect.any(String) });
    }
  });

  it('is in the OpenAPI document', async () => {
    const { body } = await get('/api/v1/openapi.json');
    const operation = body.paths['/coins/{mint}/health'].get;
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(['mint']);
    expect(Object.keys(operation.responses['200'].content['application/json'].schema.properties).sort()).toEqual([
      'checkedAt',
      'context',
      'grade',
      'levels',
      'note',
      'signals',
    ]);
  });
});

describe('health scorer', () => {
  it('checks a coin again after a balance change, and every coin again after 30 minutes', async () => {
    const soon = new Date(CHECKED.getTime() + 60_000);
    expect([...(await scorer(soon).dueCoins(soon)).keys()]).toEqual([LATE]);
    await store.append([change(500, CALM, H1, 50n * U, 20n * U)]);
    expect([...(await scorer(soon).dueCoins(soon)).keys()].sort()).toEqual([CALM, LATE].sort());
    const later = new Date(CHECKED.getTime() + 31 * 60_000);
    expect([...(await scorer(later).dueCoins(later)).keys()].sort()).toEqual([RISKY, CALM, FROZEN, OLD, LATE].sort());
    expect(await scorer(soon).runOnce()).toBe(2);
    expect((await get(`/api/v1/coins/${CALM}/health`, soon)).body).toMatchObject({ checkedAt: soon.toISOString(), signals: { top10Bps: 200 } });
  });

  it('answers the same while the check is the same and as fresh, anew once it goes stale or is checked again', async () => {
    let at = new Date(CHECKED.getTime() + 2 * 60_000);
    // One app, its clock moved: its answers are kept a few seconds (nothing announces the scorer's writes), so the
    // machine's time is moved past that between the steps; the rest of the store runs on real timers.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const app = store.app({ clock: () => at });
      const health = async () => (await app.inject({ method: 'GET', url: `/api/v1/coins/${CALM}/health` })).json();
      const passKept = () => vi.setSystemTime(Date.now() + HEALTH_MAX_AGE_MS + 1);
      const first = await health();
      expect(first.grade).not.toBeNull();
      expect(await health()).toEqual(first);
      at = new Date(at.getTime() + 60 * 60_000);
      passKept();
      const stale = await health();
      expect(stale).toMatchObject({ grade: null, checkedAt: first.checkedAt });
      expect(await health()).toEqual(stale);
      expect(await scorer(at).runOnce()).toBe(5);
      passKept();
      const rechecked = await health();
      expect(rechecked).toMatchObject({ checkedAt: at.toISOString(), grade: first.grade });
    } finally {
      vi.useRealTimers();
    }
  });
});
