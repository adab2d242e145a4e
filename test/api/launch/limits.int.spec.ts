// Limits and lifetimes: 5 prepares a wallet an hour over both routes (the sixth is 429 and leaves nothing
// behind), an expired blockhash (submit answers 410 and the launch is abandoned, its address-pool mint goes
// back to the pool), launchpad status moving to abandoned, and the sponsor's daily limits.
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPrepareWindows, launches, sponsorDays, sponsorSpending } from '../../../api/launch/records.js';
import { utcDay } from '../../../api/launch/sponsorship.js';
import { PNG, signWire, startLaunchHarness, type LaunchHarness } from './launch-harness.js';

let h: LaunchHarness;
beforeAll(async () => {
  h = await startLaunchHarness({ sponsor: true, poolMints: 1 });
});
afterAll(async () => h?.close());

async function creator(): Promise<KeyPairSigner> {
  const wallet = await h.wallet(5n);
  await h.acceptTerms(wallet);
  return wallet;
}

const poolBody = async (wallet: KeyPairSigner) => ({
  creator: wallet.address,
  mint: (await generateKeyPairSigner()).address,
  name: 'Limited',
  ticker: 'LIM',
  mode: 'holder',
  feeBps: 100,
});
const launchpadBody = async (wallet: KeyPairSigner) => ({
  creator: wallet.address,
  mint: (await generateKeyPairSigner()).address,
  name: 'Limited',
  ticker: 'LIM',
  image: PNG,
  sponsored: false,
});

describe('prepare limit', () => {
  it('takes 5 prepares a wallet an hour over both routes, refuses the sixth with 429, and stores nothing for it', async () => {
    const wallet = await creator();
    for (let i = 0; i < 3; i++) expect((await h.post('/api/v1/launch/prepare', await poolBody(wallet))).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await h.post('/api/v1/launch/launchpad/prepare', await launchpadBody(wallet))).status).toBe(200);
    const sixth = await launchpadBody(wallet);
    const reply = await h.post<{ errors: string[] }>('/api/v1/launch/launchpad/prepare', sixth);
    expect(reply.status).toBe(429);
    expect(reply.body.errors).toEqual([
      expect.stringMatching(/^creator: at most 5 launch prepares a wallet an hour over both routes; prepare again after \d{4}-\d\d-\d\dT/),
    ]);
    expect(await h.opstore.get(launches, sixth.mint)).toBeNull();
    expect((await h.opstore.get(launchPrepareWindows, wallet.address))?.at).toHaveLength(5);
    expect((await h.post('/api/v1/launch/prepare', await poolBody(wallet))).status).toBe(429);
    // Another wallet is not affected.
    expect((await h.post('/api/v1/launch/prepare', await poolBody(await creator()))).status).toBe(200);
  });

  it('counts concurrent prepares exactly', async () => {
    const wallet = await creator();
    const replies = await Promise.all(Array.from({ length: 8 }, async () => h.post('/api/v1/launch/prepare', await poolBody(wallet))));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(5);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(3);
  });
});

describe('expired blockhash', () => {
  it('submit answers 410 and the launch is abandoned; its address-pool mint returns to the pool', async () => {
    const wallet = await creator();
    const free = await h.keys.freePoolMints();
    h.pause();
    try {
      const prepared = await h.post<{ mint: string; transaction: string; mintSource: string; lastValidBlockHeight: number }>(
        '/api/v1/launch/prepare',
        await poolBody(wallet),
      );
      expect(prepared.body.mintSource).toBe(free > 0 ? 'pool' : 'browser');
      if (free > 0) expect(await h.keys.freePoolMints()).toBe(free - 1);
      h.devnet.step(152);
      const signed = await signWire(prepared.body.transaction, [wallet]);
      const reply = await h.post<{ errors: string[] }>('/api/v1/launch/submit', { mint: prepared.body.mint, transaction: signed });
      expect(reply.status).toBe(410);
      expect(reply.body.errors[0]).toMatch(/^transaction: its blockhash expired \(the chain passed block height \d+\); prepare the launch again/);
      expect(await h.opstore.get(launches, prepared.body.mint)).toMatchObject({ state: 'abandoned', sent: 0 });
      expect(await h.keys.freePoolMints()).toBe(free);
    } finally {
      h.resume();
    }
  });

  it('launchpad status turns abandoned once the prepared transactions expire, and the sponsor reservation is released', async () => {
    const wallet = await creator();
    h.pause();
    try {
      const body = { ...(await launchpadBody(wallet)), sponsored: true };
      const prepared = await h.post<{ mint: string; sponsored: boolean }>('/api/v1/launch/launchpad/prepare', body);
      expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
      expect((await h.opstore.get(sponsorSpending, body.mint))?.released).toBe(false);
      const reserved = BigInt((await h.opstore.get(sponsorSpending, body.mint))!.lamports);
      const dayBefore = BigInt((await h.opstore.get(sponsorDays, utcDay(Date.now())))!.lamports);
      expect((await h.get<{ status: string }>(`/api/v1/launch/launchpad/status?mint=${body.mint}`)).body.status).toBe('prepared');
      h.devnet.step(152);
      expect(await h.get(`/api/v1/launch/launchpad/status?mint=${body.mint}`)).toEqual({
        status: 200,
        body: { mint: body.mint, status: 'abandoned', page: null },
      });
      expect((await h.opstore.get(sponsorSpending, body.mint))?.released).toBe(true);
      expect(BigInt((await h.opstore.get(sponsorDays, utcDay(Date.now())))!.lamports)).toBe(dayBefore - reserved);
    } finally {
      h.resume();
    }
  });
});

describe('sponsor limits', () => {
  it('sponsors at most 5 launches a wallet a UTC day, then prepares unsponsored (or refuses when sponsorship is required)', async () => {
    const wallet = await creator();
    const day = utcDay(Date.now());
    const today = await h.opstore.get(sponsorDays, day);
    const wallets = [...(today?.wallets ?? []), ...Array.from({ length: 5 }, () => wallet.address)];
    if (today) await h.opstore.update(sponsorDays, day, { wallets });
    else await h.opstore.insert(sponsorDays, { id: day, lamports: '0', wallets });
    const required = await h.post<{ errors: string[] }>('/api/v1/launch/launchpad/prepare', { ...(await launchpadBody(wallet)), sponsored: true });
    expect(required.status).toBe(400);
    expect(required.body.errors).toEqual([expect.stringMatching(/^sponsored: a wallet gets at most 5 sponsored launches a UTC day/)]);
    const { sponsored: _s, ...auto } = await launchpadBody(wallet);
    const fallback = await h.post<{ sponsored: boolean }>('/api/v1/launch/launchpad/prepare', auto);
    expect(fallback.status).toBe(200);
    expect(fallback.body.sponsored).toBe(false);
  });

  it('stays within 1 SOL of sponsored costs a day overall', async () => {
    const wallet = await creator();
    const day = utcDay(Date.now());
    const today = await h.opstore.get(sponsorDays, day);
    const nearlyAll = (1_000_000_000n - 1_000n).toString();
    if (today) await h.opstore.update(sponsorDays, day, { lamports: nearlyAll });
    else await h.opstore.insert(sponsorDays, { id: day, lamports: nearlyAll, wallets: [] });
    const reply = await h.post<{ errors: string[] }>('/api/v1/launch/launchpad/prepare', { ...(await launchpadBody(wallet)), sponsored: true });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([expect.stringMatching(/^sponsored: the sponsor has spent its 1 SOL for today/)]);
  });
});

describe('unknown launches', () => {
  it('status of an unknown mint is 404, a malformed one 400', async () => {
    const nobody = await generateKeyPairSigner();
    expect((await h.get(`/api/v1/launch/launchpad/status?mint=${nobody.address}`)).status).toBe(404);
    expect((await h.get<{ errors: string[] }>('/api/v1/launch/launchpad/status?mint=zzz')).body.errors[0]).toMatch(/^mint: /);
  });
});
