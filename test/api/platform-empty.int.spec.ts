// Integration tests of the platform routes on an empty analytics store (tables created, no events): zero totals
// and 30 empty days without dollar figures, every fund not yet seen, burns without a dollar value.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/app.js';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import { READ_MODEL_PROJECTORS } from '../../projections/read-models.js';
import { loadConfig } from '../../schemas/config.js';

const D0 = 1_767_225_600; // 2026-01-01 00:00:00 UTC
const config = loadConfig({});
const W = config.wallets;
const apps: FastifyInstance[] = [];

describe('an empty store', () => {
  let emptyDir: string;
  let empty: Olap;
  const getEmpty = async (url: string) => {
    const built = buildApp({ olap: empty, config, clock: () => new Date((D0 + 5) * 1000) });
    apps.push(built);
    const res = await built.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    emptyDir = mkdtempSync(join(tmpdir(), 'platform-empty-'));
    empty = await openOlap({ dataDir: emptyDir });
    for (const projector of READ_MODEL_PROJECTORS) for (const table of projector.tables) await empty.exec(table.ddl);
  });

  afterAll(async () => {
    for (const built of apps) await built.close();
    await empty.close();
    rmSync(emptyDir, { recursive: true, force: true });
  });

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
