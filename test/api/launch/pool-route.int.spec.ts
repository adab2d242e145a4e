// The pool-venue launch route against a devnet over JSON-RPC: prepare, sign with kit, submit, confirm; the
// caller's mint when the address pool is empty and a pool mint the service signs for when it is not; the
// coin on chain is exactly what was asked for.
import { generateKeyPairSigner, type Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePool } from '../../../schemas/programs/pool-venue/accounts.js';
import { launches } from '../../../api/launch/records.js';
import { PNG, signWire, startLaunchHarness, type LaunchHarness } from './launch-harness.js';

describe('pool-venue launch route', () => {
  let h: LaunchHarness;
  beforeAll(async () => {
    h = await startLaunchHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("launches with the caller's mint when the address pool is empty, and confirm answers the launch", async () => {
    const creator = await h.wallet();
    await h.acceptTerms(creator);
    const mint = await generateKeyPairSigner();
    const prepared = await h.post<{ mint: string; pool: string; transaction: string; mintSource: string; buy: { tokens: string } | null }>(
      '/api/v1/launch/prepare',
      {
        creator: creator.address,
        mint: mint.address,
        name: 'Pool Coin',
        ticker: 'POOL',
        description: 'A coin straight into a pool',
        socials: { website: 'https://pool.example' },
        image: PNG,
        mode: 'holder',
        feeBps: 200,
        buyBps: 100,
      },
    );
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    expect(prepared.body.mintSource).toBe('browser');
    expect(prepared.body.mint).toBe(mint.address);
    expect(prepared.body.buy?.tokens).toBe('10000000000000');

    const signed = await signWire(prepared.body.transaction, [creator, mint]);
    const submitted = await h.post<{ status: string; signature: string }>('/api/v1/launch/submit', { mint: mint.address, transaction: signed });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.status).toBe('confirmed');

    const confirmed = await h.post<{ mint: string; pool: string; signature: string }>('/api/v1/launch/confirm', {
      mint: mint.address,
      signature: submitted.body.signature,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.pool).toBe(prepared.body.pool);
    const pool = decodePool(h.devnet.bank.getAccount(prepared.body.pool as Address)!.data)!;
    expect(pool.creator).toBe(creator.address);
    expect(pool.feeBps).toBe(200);
    const record = await h.opstore.get(launches, mint.address);
    expect(record?.state).toBe('confirmed');
  });
});
