// The launchpad launch route end to end with a @solana/kit wallet against the devnet's JSON-RPC: a SOL pair
// with a first buy, a basket and a referrer (two transactions: the coin and its buy, then the fee split), submitted
// while the chain stands still so it answers pending and status is polled from sending to confirmed; a
// sponsored stablecoin pair (one transaction, the sponsor pays and signs); a sponsored SOL pair with a first
// buy (the creator pays exactly the buy). Each coin reads back from the API with its launch facts.
import { generateKeyPairSigner, type Address, type KeyPairSigner, type Signature } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sponsorSpending } from '../../api/launch/records.js';
import type { CoinFull } from '../../schemas/api/coin-full.js';
import { FEE_SPLIT_BPS } from '../../schemas/programs/fee-split.js';
import { decodeCurve, decodeQuoteConfig } from '../../schemas/programs/launchpad/accounts.js';
import { curvePda, quoteConfigPda } from '../../schemas/programs/launchpad/pdas.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import { CONFIG } from '../ingest/chain-fixture.js';
import { PNG, SITE, SOL, signWire, startLaunchService, type LaunchService } from './launch-wallet.js';

interface Prepared {
  mint: string;
  transactions: string[];
  buyTokens: string | null;
  buyMaxLamports: string | null;
  sponsored: boolean;
}

describe('launchpad launches end to end', () => {
  let s: LaunchService;
  beforeAll(async () => {
    s = await startLaunchService({ seed: 43 });
  });
  afterAll(async () => {
    await s?.stop();
  });

  const balance = async (wallet: string) => (await s.rpc.getBalance(wallet as Address, { commitment: 'confirmed' }).send()).value;
  const curveOf = (mint: string) => decodeCurve(s.h.devnet.bank.getAccount(curvePda(CONFIG.programs.launchpad, mint as Address)[0])!.data)!;

  async function prepare(creator: KeyPairSigner, body: Record<string, unknown>) {
    const mint = await generateKeyPairSigner();
    const prepared = await s.post<Prepared>('/api/v1/launch/launchpad/prepare', { creator: creator.address, mint: mint.address, image: PNG, ...body });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const transactions = await Promise.all(prepared.body.transactions.map((tx, i) => signWire(tx, i === 0 ? [creator, mint] : [creator])));
    return { mint: mint.address, prepared: prepared.body, transactions };
  }

  async function readBack(mint: string): Promise<CoinFull> {
    await s.h.settle();
    const coin = await s.get<CoinFull>(`/api/v1/coins/${mint}`);
    expect(coin.status).toBe(200);
    return coin.body;
  }

  it('launches a SOL pair with a first buy, basket and referrer in two transactions; status goes sending -> confirmed', async () => {
    const creator = await s.wallet(10n);
    const referrer = await generateKeyPairSigner();
    await s.acceptTerms(creator);
    const basket = [
      { mint: CONFIG.mints.basket[2], weight: 5000 },
      { mint: CONFIG.mints.basket[3], weight: 5000 },
    ];
    const { mint, prepared, transactions } = await prepare(creator, {
      name: 'Curve Rider',
      ticker: 'RIDE',
      description: 'Bonding all the way.',
      socials: { telegram: 'https://t.me/curverider' },
      holdersPaid: 'basket',
      basket,
      buyLamports: (2n * SOL).toString(),
      referrer: referrer.address,
      sponsored: false,
    });
    expect(prepared.transactions).toHaveLength(2);
    expect(prepared.sponsored).toBe(false);
    expect((await s.get<{ status: string }>(`/api/v1/launch/launchpad/status?mint=${mint}`)).body.status).toBe('prepared');

    // The chain stands still: submit sends the coin, waits, and answers pending.
    const submitted = await s.post<{ status: string; signature: string }>('/api/v1/launch/launchpad/submit', { mint, transactions });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.status).toBe('pending');
    const seen = new Set<string>();
    const final = await s.stepping(async () => {
      for (;;) {
        const reply = await s.get<{ status: string; page: string | null }>(`/api/v1/launch/launchpad/status?mint=${mint}`);
        seen.add(reply.body.status);
        if (reply.body.status === 'confirmed' || reply.body.status === 'abandoned') return reply.body;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    expect(final).toEqual({ mint, status: 'confirmed', page: `${SITE}/coins/${mint}` });
    expect(seen.has('sending')).toBe(true);

    const curve = curveOf(mint);
    expect(curve.splitLocked).toBe(true);
    expect(curve.referrer).toBe(referrer.address);
    expect(curve.split.map((r) => [r.role, r.bps])).toEqual([
      ['holders', FEE_SPLIT_BPS.holdersOrCreator],
      ['service', FEE_SPLIT_BPS.service],
      ['ai-fund', FEE_SPLIT_BPS.aiFund],
      ['burn', FEE_SPLIT_BPS.burn],
      ['referrer', FEE_SPLIT_BPS.referrerOrLiquidity],
    ]);
    expect(s.h.devnet.truth!.balanceAt(creator.address, mint as Address, s.h.devnet.bank.latestBlock.slot)).toBe(BigInt(prepared.buyTokens!));

    const coin = await readBack(mint);
    expect(coin).toMatchObject({
      venue: 'launchpad',
      mode: 'holder',
      holdersPaid: 'basket',
      basket,
      pair: { kind: 'sol' },
      fee: { bps: 100 },
      token: 'spl',
      hooks: [],
      creator: { wallet: creator.address },
      user: {
        name: 'Curve Rider',
        symbol: 'RIDE',
        description: 'Bonding all the way.',
        socials: { x: null, telegram: 'https://t.me/curverider', website: null },
      },
    });
  });

  it('launches a sponsored stablecoin pair in one transaction: the sponsor pays and signs', async () => {
    const creator = await s.wallet(1n);
    await s.acceptTerms(creator);
    const [creatorBefore, sponsorBefore] = await Promise.all([balance(creator.address), balance(CONFIG.wallets.sponsor)]);
    const { mint, prepared, transactions } = await prepare(creator, { name: 'Dollar Curve', ticker: 'DCRV', quoteMint: CONFIG.mints.stablecoin });
    expect(prepared.sponsored).toBe(true);
    expect(prepared.transactions).toHaveLength(1);
    const submitted = await s.stepping(() =>
      s.post<{ status: string; signature: string; result: { sponsored: boolean } }>('/api/v1/launch/launchpad/submit', { mint, transactions }),
    );
    expect(submitted.body.status, JSON.stringify(submitted.body)).toBe('confirmed');
    expect(submitted.body.result.sponsored).toBe(true);
    expect(await balance(creator.address)).toBe(creatorBefore);
    expect(await balance(CONFIG.wallets.sponsor)).toBeLessThan(sponsorBefore);
    // What the sponsor paid (fee and rent, from the transaction's own balances) stays within its reservation.
    const landed = await s.rpc
      .getTransaction(submitted.body.signature as Signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send();
    const paid = landed!.meta!.preBalances[0]! - landed!.meta!.postBalances[0]!;
    const reserved = await s.opstore.get(sponsorSpending, mint);
    expect(paid).toBeGreaterThan(0n);
    expect(paid).toBeLessThanOrEqual(BigInt(reserved!.lamports));

    const coin = await readBack(mint);
    expect(coin).toMatchObject({
      venue: 'launchpad',
      pair: { kind: 'stablecoin', mint: CONFIG.mints.stablecoin },
      quote: { decimals: 6 },
      holdersPaid: 'pair',
    });
    expect(coin.user.name).toBe('Dollar Curve');
  });

  it('launches a sponsored SOL pair with a first buy: the creator pays exactly the buy', async () => {
    const creator = await s.wallet(3n);
    await s.acceptTerms(creator);
    const before = await balance(creator.address);
    const { mint, prepared, transactions } = await prepare(creator, { name: 'Free Ride', ticker: 'FREE', buyLamports: (SOL / 2n).toString() });
    expect(prepared.sponsored).toBe(true);
    const submitted = await s.stepping(async () => {
      const reply = await s.post<{ status: string }>('/api/v1/launch/launchpad/submit', { mint, transactions });
      for (;;) {
        const status = await s.get<{ status: string }>(`/api/v1/launch/launchpad/status?mint=${mint}`);
        if (status.body.status !== 'sending') return { reply, status: status.body.status };
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    expect(submitted.reply.status, JSON.stringify(submitted.reply.body)).toBe(200);
    expect(submitted.status).toBe('confirmed');
    expect(before - (await balance(creator.address))).toBe(BigInt(prepared.buyMaxLamports!));
    expect((await readBack(mint)).user.symbol).toBe('FREE');
  });

  it('lists the pairs a launch may choose as the chain configures them: GET /token-quotes', async () => {
    const last = await s.h.settle();
    const answer = await s.get<{ quotes: { mint: string; symbol: string | null; decimals: number | null; priceUsd: string | null; launchpad: boolean }[] }>(
      '/token-quotes',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.quotes.map((quote) => quote.mint)).toEqual([NATIVE_MINT_ID, CONFIG.mints.stablecoin]);
    const prices = s.h.devnet.simulator!.log.ofKind('price').filter((action) => action.ok && action.slot <= last);
    const solMicroUsd = BigInt(prices.at(-1)!.detail.solMicroUsd as string);
    for (const quote of answer.body.quotes) {
      const account = s.h.devnet.bank.getAccount(quoteConfigPda(CONFIG.programs.launchpad, quote.mint as Address)[0]);
      const config = account === undefined ? null : decodeQuoteConfig(account.data);
      expect(quote.launchpad, quote.mint).toBe(config?.enabled === true);
      expect(quote.decimals, quote.mint).toBe(config!.quoteDecimals);
    }
    const [sol, stable] = answer.body.quotes;
    expect(sol).toMatchObject({
      symbol: 'SOL',
      priceUsd: Number(solMicroUsd) / 1_000_000,
    });
    expect(stable).toMatchObject({ symbol: 'USDC', priceUsd: 1 });
  });
});
