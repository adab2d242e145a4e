// Integration tests of the platform routes through app.inject on a store fed through the log (real projections,
// live views): stats totals and 30 days of revenue measured from the app's clock (across a UTC day boundary, with days
// before the window in the cumulative sum), fund balances (unknown until seen, the flywheel's leftover until emptied),
// burns of a day in display units, validation (malformed, impossible and future dates answer 400 { error }, also
// beside an unknown key; unknown keys are ignored, the answer the one without them), and stats kept by one app until
// a trade appended to the log lands in a table they read, then computed afresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../schemas/config.js';
import type { Event } from '../../schemas/events/index.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import { openLiveStore, type LiveStore } from '../fixtures/live-store.js';
import { addr, graduated, launched, priceUpdated, sig, trade } from '../projections/event-fixtures.js';
import { burned, creatorSent, fundBalance, payoutRound, revenue } from '../projections/platform-fixtures.js';

const DAY = 86_400;
const D0 = 1_767_225_600; // 2026-01-01 00:00:00 UTC
const config = loadConfig({});
const STABLE = config.mints.stablecoin;
const W = config.wallets;
const SOL_COIN = addr(1);
const STABLE_COIN = addr(2);
const at = (slot: number, tx: number, time: number) => ({ slot, tx, time });
const P = (slot: number, tx: number, time: number, microUsd: bigint) => priceUpdated({ slot, tx, blockTime: time }, microUsd);

const events: Event[] = [
  launched({ slot: 1, tx: 1, blockTime: D0 - 40 * DAY }, SOL_COIN, { quoteMint: NATIVE_MINT_ID }),
  launched({ slot: 2, tx: 2, blockTime: D0 - 40 * DAY }, STABLE_COIN, { quoteMint: STABLE, quoteDecimals: 6 }),
  P(3, 3, D0 - 40 * DAY, 100_000_000n),
  // 40 days back, before the window: 2 SOL of fee share at $100 = $200.
  revenue(at(4, 4, D0 - 40 * DAY + 10), { kind: 'fee-share', amount: '2000000000', unit: 'lamports', mint: SOL_COIN }),
  trade({ slot: 5, tx: 5, blockTime: D0 - 40 * DAY + 20 }, { mint: SOL_COIN, quoteMint: NATIVE_MINT_ID, quoteAmount: '3000000000' }),
  // $10 of stablecoin volume at $100 = 0.1 SOL.
  trade({ slot: 6, tx: 6, blockTime: D0 - 40 * DAY + 30 }, { mint: STABLE_COIN, quoteMint: STABLE, quoteAmount: '10000000' }),
  fundBalance(at(7, 7, D0 - 40 * DAY + 40), 'flywheel', W.flywheelFund, 37_250_000_000n),
  graduated({ slot: 8, tx: 8, blockTime: D0 - 39 * DAY }, SOL_COIN, addr(600), addr(601)),
  payoutRound(at(9, 9, D0 - 39 * DAY), SOL_COIN, 40_000_000n),
  payoutRound(at(10, 10, D0 - 39 * DAY), STABLE_COIN, 5_000_000n),
  creatorSent(at(11, 11, D0 - 39 * DAY), STABLE_COIN, STABLE, 1_000_000n),
  // Day 0: one price ($150), revenue and two burns.
  P(100, 12, D0 + 3_600, 150_000_000n),
  revenue(at(101, 13, D0 + 4_000), { kind: 'fee-share', amount: '3000000', unit: 'quote', mint: STABLE_COIN, quoteMint: STABLE }),
  revenue(at(102, 14, D0 + DAY - 1), { kind: 'swap-referral', amount: '4000000', unit: 'lamports' }),
  burned(at(103, 15, D0 + 5_000), 1_500_000_000n, 50_000_000n, 950_000_000n, config.mints.platformToken),
  fundBalance(at(103, 15, D0 + 5_000), 'burn', W.burnFund, 950_000_000n),
  burned(at(104, 16, D0 + 6_000), 2_000_123_456n, 60_000_000n, 890_000_000n, config.mints.platformToken),
  fundBalance(at(104, 16, D0 + 6_000), 'burn', W.burnFund, 890_000_000n),
  fundBalance(at(105, 17, D0 + 6_500), 'ai', W.aiFund, 12_000_000_000n),
  // Day 1 from its first second, no price posted: $150 carries forward.
  revenue(at(200, 18, D0 + DAY), { kind: 'fee-share', amount: '10000000', unit: 'lamports', mint: SOL_COIN }),
  revenue(at(201, 19, D0 + DAY + 1), { kind: 'api', amount: '2500000', unit: 'micro-usd' }),
  fundBalance(at(202, 20, D0 + DAY + 2), 'burn', W.burnFund, 990_000_000n),
  P(203, 21, D0 + DAY + 3, 200_000_000n),
];

let store: LiveStore;
/** An app whose clock reads `atSeconds` (unix seconds): a new one per read, so each answer is made at its moment. */
const app = (atSeconds: number) => store.app({ clock: () => new Date(atSeconds * 1000) });
const get = async (url: string, atSeconds = D0 + DAY + 10) => {
  const res = await app(atSeconds).inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  // Every event twice, as a replay brings them: nothing may count twice.
  store = await openLiveStore({ config, clock: () => new Date((D0 + DAY + 10) * 1000), events: [...events, ...events] });
});

afterAll(async () => store?.close());

describe('GET /platform/stats', () => {
  it('answers the totals in lamports, stablecoin amounts valued at the SOL price in force', async () => {
    const { status, body } = await get('/api/v1/platform/stats');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      coinsLaunched: 2,
      coinsGraduated: 1,
      trades: 2,
      volumeLamports: '3100000000',
      paidToHoldersLamports: '90000000',
      sentToCreatorsLamports: '10000000',
    });
  });

  it('answers the last 30 UTC days oldest first, revenue across the day boundary and the cumulative sum from before the window', async () => {
    const { body } = await get('/api/v1/platform/stats');
    const days = body.revenueDaily as Record<string, unknown>[];
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe('2025-12-04');
    expect(days[0]).toEqual({
      date: '2025-12-04',
      feeShareLamports: '0',
      swapReferralLamports: '0',
      apiMicroUsd: '0',
      solMicroUsd: '100000000',
      usdCents: '0',
      cumulativeUsdCents: '20000',
    });
    expect(days.slice(-2)).toEqual([
      // $3 of stablecoin fee share = 0.02 SOL at $150; 0.004 SOL of referrals; 0.024 SOL at $150 = $3.60.
      {
        date: '2026-01-01',
        feeShareLamports: '20000000',
        swapReferralLamports: '4000000',
        apiMicroUsd: '0',
        solMicroUsd: '150000000',
        usdCents: '360',
        cumulativeUsdCents: '20360',
      },
      // The day's average is its one price, $200; 0.01 SOL = $2, plus $2.50 of paid calls.
      {
        date: '2026-01-02',
        feeShareLamports: '10000000',
        swapReferralLamports: '0',
        apiMicroUsd: '2500000',
        solMicroUsd: '200000000',
        usdCents: '450',
        cumulativeUsdCents: '20810',
      },
    ]);
  });

  it('moves its window with the clock: a day later the last day is empty and priced at the last price', async () => {
    const { body } = await get('/api/v1/platform/stats', D0 + 2 * DAY + 5);
    const last = body.revenueDaily.at(-1);
    expect(last).toEqual({
      date: '2026-01-03',
      feeShareLamports: '0',
      swapReferralLamports: '0',
      apiMicroUsd: '0',
      solMicroUsd: '200000000',
      usdCents: '0',
      cumulativeUsdCents: '20810',
    });
    expect(body.revenueDaily[0].date).toBe('2025-12-05');
  });

  it('ignores query parameters: 200 and the answer without them', async () => {
    const plain = await get('/api/v1/platform/stats');
    expect(plain.status).toBe(200);
    for (const url of ['/api/v1/platform/stats?days=7', '/api/v1/platform/stats?_=1700000000000', '/api/v1/platform/stats?a[b]=1&__proto__=1']) {
      expect(await get(url), url).toEqual(plain);
    }
    expect(plain.body.revenueDaily).toHaveLength(30);
  });
});

describe('GET /platform/funds', () => {
  it('answers each fund with its latest balance, unknown ones as null, and the flywheel leftover with its removal day', async () => {
    const { status, body } = await get('/api/v1/platform/funds');
    expect(status).toBe(200);
    expect(body).toEqual({
      burnFund: { wallet: W.burnFund, lamports: '990000000', slot: 202, asOf: new Date((D0 + DAY + 2) * 1000).toISOString() },
      aiFund: { wallet: W.aiFund, lamports: '12000000000', slot: 105, asOf: new Date((D0 + 6_500) * 1000).toISOString() },
      platformShare: { wallet: W.treasury, lamports: null, slot: null, asOf: null },
      flywheelLeftover: {
        wallet: W.flywheelFund,
        lamports: '37250000000',
        slot: 7,
        asOf: new Date((D0 - 40 * DAY + 40) * 1000).toISOString(),
        removedOn: '2026-10-18',
      },
    });
  });
});

describe('GET /platform/burns', () => {
  it('answers a day in display units: whole tokens, SOL and dollars at the latest price, exact and rounded down', async () => {
    const { status, body } = await get('/api/v1/platform/burns?date=2026-01-01');
    expect(status).toBe(200);
    expect(body).toEqual({
      date: '2026-01-01',
      burned_today: '3500.123456',
      // 0.11 SOL at the latest price ($200).
      burned_today_usd: '22',
      burned_total: '3500.123456',
      original_supply: '1000000000',
      burned_pct_of_supply: '0.00035',
      burn_count: 2,
      last_burn_tx: sig(16),
      burn_fund_sol: '0.89',
    });
  });

  it('answers today when the date is left out, with the total so far and the fund now', async () => {
    const { body } = await get('/api/v1/platform/burns');
    expect(body).toEqual({
      date: '2026-01-02',
      burned_today: '0',
      burned_today_usd: '0',
      burned_total: '3500.123456',
      original_supply: '1000000000',
      burned_pct_of_supply: '0.00035',
      burn_count: 0,
      last_burn_tx: null,
      burn_fund_sol: '0.99',
    });
  });

  it('answers a day before any burn with zeros, and no fund balance before the fund was seen', async () => {
    const { body } = await get('/api/v1/platform/burns?date=2025-01-01');
    expect(body).toMatchObject({
      burned_today: '0',
      burned_today_usd: '0',
      burned_total: '0',
      burned_pct_of_supply: '0',
      burn_count: 0,
      last_burn_tx: null,
      burn_fund_sol: null,
    });
  });

  it('answers the burn fund at the end of a past day from its history', async () => {
    const { body } = await get('/api/v1/platform/burns?date=2026-01-01', D0 + 3 * DAY);
    expect(body.burn_fund_sol).toBe('0.89');
  });

  it.each([
    ['a malformed date', '2026-1-01'],
    ['a date with a time', '2026-01-01T00:00:00Z'],
    ['an impossible date', '2026-02-30'],
    ['a month 13', '2026-13-01'],
    ['an empty date', ''],
    ['a day after today', '2026-01-03'],
  ])('answers %s with 400 { error }, also beside an unknown key', async (_label, date) => {
    const { status, body } = await get(`/api/v1/platform/burns?date=${encodeURIComponent(date)}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: expect.any(String) });
    expect(await get(`/api/v1/platform/burns?_=1700000000000&date=${encodeURIComponent(date)}`)).toEqual({ status: 400, body: { error: expect.any(String) } });
  });

  it('ignores an unknown query key: 200 and the answer without it, a known date still applied', async () => {
    const today = await get('/api/v1/platform/burns');
    expect(today.status).toBe(200);
    // `day` is not `date`: today is answered, not 2026-01-01.
    expect(await get('/api/v1/platform/burns?day=2026-01-01')).toEqual(today);
    expect(today.body.date).toBe('2026-01-02');
    const day = await get('/api/v1/platform/burns?date=2026-01-01');
    expect(day.body.burn_count).toBe(2);
    expect(await get('/api/v1/platform/burns?date=2026-01-01&_=1700000000000')).toEqual(day);
  });
});

describe('OpenAPI', () => {
  it('describes the three platform routes', async () => {
    const { body } = await get('/api/v1/openapi.json');
    for (const path of ['/platform/stats', '/platform/funds', '/platform/burns']) expect(body.paths[path].get.responses['200']).toBeDefined();
    expect(body.paths['/platform/burns'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['date']);
  });
});

describe('stats kept while their tables are unchanged', () => {
  it('answers the kept stats until a change of a table they read is announced, then afresh', async () => {
    const built = app(D0 + DAY + 10);
    const stats = async () => (await built.inject({ method: 'GET', url: '/api/v1/platform/stats' })).json();
    const first = await stats();
    expect(await stats()).toEqual(first);
    // A trade of today, through the log: once the projections have written it, the feed announces the trades table.
    await store.append([trade({ slot: 300, tx: 40, blockTime: D0 + DAY + 5 }, { mint: SOL_COIN, quoteMint: NATIVE_MINT_ID, quoteAmount: '7' })]);
    const second = await stats();
    expect(second.trades).toBe(first.trades + 1);
    expect(BigInt(second.volumeLamports) - BigInt(first.volumeLamports)).toBe(7n);
    expect(second.revenueDaily).toEqual(first.revenueDaily);
  });
});
