// Integration tests of the platform routes on an empty store (an empty log, the projections' tables created, no
// events): zero totals and 30 empty days without dollar figures, every fund not yet seen, burns without a dollar value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../schemas/config.js';
import { openLiveStore, type LiveStore } from '../fixtures/live-store.js';

const D0 = 1_767_225_600; // 2026-01-01 00:00:00 UTC
const config = loadConfig({});
const W = config.wallets;

describe('an empty store', () => {
  let empty: LiveStore;
  const getEmpty = async (url: string) => {
    const res = await empty.app().inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    empty = await openLiveStore({ config, clock: () => new Date((D0 + 5) * 1000) });
  });

  afterAll(async () => empty?.close());

  it('answers zero totals and 30 empty days without dollar figures', async () => {
    const { status, body } = await getEmpty('/api/v1/platform/stats');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      coinsLaunched: 0,
      coinsGraduated: 0,
      trades: 0,
      volumeLamports: '0',
      paidToHoldersLamports: '0',
      sentToCreatorsLamports: '0',
    });
    expect(body.revenueDaily).toHaveLength(30);
    expect(body.revenueDaily.at(-1)).toEqual({
      date: '2026-01-01',
      feeShareLamports: '0',
      swapReferralLamports: '0',
      apiMicroUsd: '0',
      solMicroUsd: null,
      usdCents: null,
      cumulativeUsdCents: null,
    });
  });

  it('answers every fund as not yet seen, the flywheel leftover included', async () => {
    const { body } = await getEmpty('/api/v1/platform/funds');
    expect(body.burnFund).toEqual({ wallet: W.burnFund, lamports: null, slot: null, asOf: null });
    expect(body.flywheelLeftover).toEqual({ wallet: W.flywheelFund, lamports: null, slot: null, asOf: null, removedOn: '2026-10-18' });
  });

  it('answers burns without a dollar value while no SOL price exists', async () => {
    const { body } = await getEmpty('/api/v1/platform/burns');
    expect(body).toEqual({
      date: '2026-01-01',
      burned_today: '0',
      burned_today_usd: null,
      burned_total: '0',
      original_supply: '1000000000',
      burned_pct_of_supply: '0',
      burn_count: 0,
      last_burn_tx: null,
      burn_fund_sol: null,
    });
  });
});
