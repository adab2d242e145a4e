// The pool-venue launch route end to end: a wallet made with @solana/kit gets SOL by airdrop, signs the
// terms, prepares, signs (creator, and the mint keypair when the mint is its own), submits and confirms, with
// the chain stepped while it waits; the coin then flows through ingest and projections and reads back from
// the API with everything it was launched with. Covers a holder coin with a first buy on the caller's mint,
// and a creator coin with recipients, an address-pool mint and the anti-sniper hook, which the pool venue
// enforces on chain (a sniper's large buy fails inside the window, a small one lands). The metadata URI a coin
// carries on chain resolves through the site to the launch's metadata document and uploaded image.
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  partiallySignTransaction,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Base64EncodedWireTransaction,
  type KeyPairSigner,
} from '@solana/kit';
import { getCreateAssociatedTokenIdempotentInstruction } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoinFull } from '../../schemas/api/coin-full.js';
import { COIN_TOTAL_SUPPLY } from '../../schemas/programs/coin-rules.js';
import { swapInstruction } from '../../schemas/programs/pool-venue/builders.js';
import { ASSOCIATED_TOKEN_PROGRAM_ID, associatedTokenAddress, TOKEN_2022_PROGRAM_ID } from '../../schemas/programs/token-addresses.js';
import { CONFIG } from '../ingest/chain-fixture.js';
import { PNG, SITE, SOL, signWire, startLaunchService, type LaunchService } from './launch-wallet.js';

interface Prepared {
  mint: string;
  pool: string;
  transaction: string;
  lastValidBlockHeight: number;
  buy: { bps: number; tokens: string; maxLamports: string } | null;
  mintSource: 'pool' | 'browser';
}

describe('pool-venue launches end to end', () => {
  let s: LaunchService;
  beforeAll(async () => {
    s = await startLaunchService({ seed: 41 });
  });
  afterAll(async () => {
    await s?.stop();
  });

  async function launch(creator: KeyPairSigner, body: Record<string, unknown>) {
    const mint = await generateKeyPairSigner();
    const prepared = await s.post<Prepared>('/api/v1/launch/prepare', { creator: creator.address, mint: mint.address, image: PNG, ...body });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const signers = prepared.body.mintSource === 'browser' ? [creator, mint] : [creator];
    const transaction = await signWire(prepared.body.transaction, signers);
    const submitted = await s.stepping(() => s.post<{ status: string; signature: string }>('/api/v1/launch/submit', { mint: prepared.body.mint, transaction }));
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const confirmed = await s.stepping(async () => {
      for (;;) {
        const reply = await s.post<{ mint: string; slot: number }>('/api/v1/launch/confirm', { mint: prepared.body.mint, signature: submitted.body.signature });
        if (reply.status !== 409) return reply;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return prepared.body;
  }

  async function readBack(mint: string): Promise<CoinFull> {
    await s.h.settle();
    const coin = await s.get<CoinFull>(`/api/v1/coins/${mint}`);
    expect(coin.status).toBe(200);
    const list = await s.get<{ coins: { mint: string }[] }>(`/api/v1/coins?q=${mint}`);
    expect(list.body.coins.map((c) => c.mint)).toEqual([mint]);
    return coin.body;
  }

  /** Follow a URI the coin carries on chain to this service's site, through the app. */
  async function follow(uri: string) {
    expect(uri.startsWith(`${SITE}/`), uri).toBe(true);
    return s.app.inject({ method: 'GET', url: new URL(uri).pathname });
  }

  it("launches a holder coin with a first buy on the caller's mint, and reads it back", async () => {
    const creator = await s.wallet(10n);
    await s.acceptTerms(creator);
    const prepared = await launch(creator, {
      name: 'Harbor Light',
      ticker: 'HRBR',
      description: 'A lighthouse coin.\nSecond line.',
      socials: { x: 'https://x.com/harbor', website: 'https://harbor.example' },
      mode: 'holder',
      feeBps: 150,
      basket: [
        { mint: CONFIG.mints.basket[0], weight: 6000 },
        { mint: CONFIG.mints.basket[1], weight: 4000 },
      ],
      buyBps: 200,
    });
    expect(prepared.mintSource).toBe('browser');
    const owner = s.h.devnet.truth!;
    const slot = s.h.devnet.bank.latestBlock.slot;
    expect(owner.balanceAt(creator.address, prepared.mint as Address, slot)).toBe((COIN_TOTAL_SUPPLY * 200n) / 10_000n);

    const coin = await readBack(prepared.mint);
    expect(coin.user).toMatchObject({
      name: 'Harbor Light',
      symbol: 'HRBR',
      description: 'A lighthouse coin.\nSecond line.',
      socials: { x: 'https://x.com/harbor', telegram: null, website: 'https://harbor.example' },
      uri: `${SITE}/coins/${prepared.mint}/metadata.json`,
    });
    expect(coin).toMatchObject({
      venue: 'pool-venue',
      mode: 'holder',
      creator: { wallet: creator.address },
      holdersPaid: 'basket',
      basket: [
        { mint: CONFIG.mints.basket[0], weight: 6000 },
        { mint: CONFIG.mints.basket[1], weight: 4000 },
      ],
      fee: { bps: 150 },
      pair: { kind: 'sol' },
      hooks: [],
      token: 'spl',
    });
    expect(coin.pools.map((p) => p.address)).toContain(prepared.pool);

    // The metadata URI written on chain resolves to the launch's metadata, and its image to the uploaded bytes.
    const metadata = await follow(coin.user.uri);
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(metadata.json()).toEqual({
      name: 'Harbor Light',
      symbol: 'HRBR',
      description: 'A lighthouse coin.\nSecond line.',
      image: `${SITE}/coins/${prepared.mint}/image`,
      external_url: `${SITE}/coins/${prepared.mint}`,
      extensions: { website: 'https://harbor.example', twitter: 'https://x.com/harbor' },
    });
    const image = await follow((metadata.json() as { image: string }).image);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);
  });

  it('launches a creator coin with recipients on an address-pool mint with the anti-sniper hook, enforced on chain', async () => {
    await s.keys.addPoolMints(1);
    const creator = await s.wallet(10n);
    const partner = await generateKeyPairSigner();
    await s.acceptTerms(creator);
    const prepared = await launch(creator, {
      name: 'Guarded',
      ticker: 'GRD',
      mode: 'creator',
      feeBps: 300,
      recipients: [
        { wallet: creator.address, pct: 75, label: 'me' },
        { wallet: partner.address, pct: 25 },
      ],
      hooks: ['anti-sniper'],
    });
    expect(prepared.mintSource).toBe('pool');
    expect(await s.keys.freePoolMints()).toBe(0);

    // A sniper inside the 60-second window: above 1% of supply fails on chain, 0.5% lands.
    const sniper = await s.wallet(50n);
    const mint = prepared.mint as Address;
    const buy = async (lamports: bigint) => {
      const { value: lifetime } = await s.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
      const message = appendTransactionMessageInstructions(
        [
          getCreateAssociatedTokenIdempotentInstruction(
            {
              payer: sniper,
              ata: associatedTokenAddress(sniper.address, mint, TOKEN_2022_PROGRAM_ID),
              owner: sniper.address,
              mint,
              tokenProgram: TOKEN_2022_PROGRAM_ID,
            },
            { programAddress: ASSOCIATED_TOKEN_PROGRAM_ID },
          ),
          swapInstruction({
            programId: CONFIG.programs.poolVenue,
            trader: sniper.address,
            mint,
            tokenProgram: TOKEN_2022_PROGRAM_ID,
            args: { side: 'buy', amountIn: lamports, minOut: 1n },
          }),
        ],
        setTransactionMessageLifetimeUsingBlockhash(lifetime, setTransactionMessageFeePayer(sniper.address, createTransactionMessage({ version: 0 }))),
      );
      const signed = await partiallySignTransaction([sniper.keyPair], compileTransaction(message));
      return s.rpc
        .sendTransaction(getBase64EncodedWireTransaction(signed) as Base64EncodedWireTransaction, { encoding: 'base64', preflightCommitment: 'confirmed' })
        .send()
        .then(
          () => 'landed',
          (error: { context?: { logs?: string[] } }) => (error.context?.logs ?? []).join('\n'),
        );
    };
    expect(await buy(5n * SOL)).toMatch(/anti-sniper/);
    expect(await buy(SOL / 10n)).toBe('landed');

    const coin = await readBack(prepared.mint);
    expect(coin).toMatchObject({
      venue: 'pool-venue',
      mode: 'creator',
      hooks: ['anti-sniper'],
      token: 'token-2022',
      fee: { bps: 300 },
      creator: { wallet: creator.address },
      creatorSplit: [
        { wallet: creator.address, pct: 75 },
        { wallet: partner.address, pct: 25 },
      ],
    });
    expect(coin.user.name).toBe('Guarded');
    expect(coin.user.description).toBeNull();
  });
});
