// Paid calls end to end on the devnet, paid only by the official x402 client (@x402/fetch with @x402/svm's client
// scheme and a @solana/kit signer): the whole read path, the service's paywall over the devnet's JSON-RPC with its
// sealed fee-payer key, the API listening on a port. Each paid route answers 402 unpaid and 200 paid, moving exactly
// the price from the payer to the payment wallet and no SOL of the payer's; the day's `apiMicroUsd` rises by exactly
// what was paid; and every bad payment is answered without data and without charge.
import { generateKeyPairSigner, getBase64Encoder, getTransactionDecoder, type KeyPairSigner, type Signature } from '@solana/kit';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader, decodePaymentSignatureHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import { wrapFetchWithPayment } from '@x402/fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainClient } from '../../api/chain.js';
import { paymentKey, paymentRecords } from '../../api/payments/payment-records.js';
import { Paywall } from '../../api/payments/paywall.js';
import type { Config } from '../../schemas/config.js';
import { simWallet } from '../ingest/chain-fixture.js';
import { startPayingService, type PayingService } from './paying-service.js';

const SEED = 61;
const BASIC = 10_000n;
const PREMIUM = 50_000n;

let s: PayingService;
let payer: KeyPairSigner;
let mint: string;
let otherMint: string;
let creator: string;
let holder: string;
let firstPaidSlot = 0;
let paidTotal = 0n;

let h: PayingService['h'];
let config: Config;
let base: string;
const stablecoin = () => config.mints.stablecoin;

async function balances() {
  return {
    payer: await s.stablecoinBalance(payer.address),
    payments: await s.stablecoinBalance(s.config.wallets.payments),
    payerSol: (await s.rpc.getBalance(payer.address, { commitment: 'confirmed' }).send()).value,
  };
}

async function challengeOf(path: string): Promise<PaymentRequired> {
  const response = await fetch(`${base}${path}`);
  expect(response.status).toBe(402);
  return decodePaymentRequiredHeader(response.headers.get('payment-required')!);
}

/** A payment the official client signs for `required` (optionally altered first), as its PAYMENT-SIGNATURE header. */
async function signedFor(required: PaymentRequired, alter: (accepted: PaymentRequired['accepts'][number]) => void = () => undefined, signer = payer) {
  const copy = structuredClone(required);
  alter(copy.accepts[0]!);
  const payload = await s.x402Of(signer, [stablecoin(), ...s.config.mints.basket]).createPaymentPayload(copy);
  return encodePaymentSignatureHeader(payload);
}

/** The message bytes of the transaction in a PAYMENT-SIGNATURE header. */
function decodeTransactionMessage(header: string): Uint8Array {
  const { transaction } = decodePaymentSignatureHeader(header).payload as { transaction: string };
  return new Uint8Array(getTransactionDecoder().decode(getBase64Encoder().encode(transaction)).messageBytes);
}

async function refusedWithoutCharge(path: string, header: string, status = 402): Promise<string> {
  const before = await balances();
  const response = await fetch(`${base}${path}`, { headers: { 'PAYMENT-SIGNATURE': header } });
  const body = (await response.json()) as { error: string };
  expect(response.status, body.error).toBe(status);
  expect(Object.keys(body)).toEqual(['error']);
  expect(response.headers.get('payment-response')).toBeNull();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await balances()).toEqual(before);
  return body.error;
}

beforeAll(async () => {
  s = await startPayingService({ seed: SEED });
  ({ h, config, base } = s);
  payer = await s.fundedPayer(1_000_000n);
  const coins = h.devnet.simulator!.state.coins;
  const withHolders = coins.find((c) => [...h.devnet.truth!.holdersAt(c.mint, h.devnet.bank.latestBlock.slot)].length > 2)!;
  mint = withHolders.mint;
  otherMint = coins.find((c) => c.mint !== mint)!.mint;
  creator = simWallet(SEED, withHolders.creator).address;
  holder = [...h.devnet.truth!.holdersAt(mint, h.devnet.bank.latestBlock.slot).keys()][0]!;
}, 180_000);

afterAll(async () => {
  await s?.stop();
});

describe('paid reads over x402', () => {
  it('answer 402 unpaid, with the x402 v2 requirements in PAYMENT-REQUIRED, readable by a page of any origin', async () => {
    for (const [path, price] of [
      [`/api/v1/coins/${mint}/holders`, BASIC],
      [`/api/v1/coins/${mint}/health`, PREMIUM],
    ] as const) {
      const response = await fetch(`${base}${path}`, { headers: { origin: 'https://dashboard.example' } });
      expect(response.status).toBe(402);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toContain('PAYMENT-REQUIRED');
      expect(response.headers.get('access-control-expose-headers')).toContain('PAYMENT-RESPONSE');
      expect(await response.json()).toEqual({ error: expect.stringContaining('payment required') });
      const required = decodePaymentRequiredHeader(response.headers.get('payment-required')!);
      expect(required.x402Version).toBe(2);
      expect(required.resource.url).toBe(`${config.siteUrl}${path}`);
      expect(required.accepts).toEqual([
        {
          scheme: 'exact',
          network: config.payments.network,
          asset: stablecoin(),
          amount: price.toString(),
          payTo: config.wallets.payments,
          maxTimeoutSeconds: 60,
          extra: { feePayer: config.wallets.feePayer, recentBlockhash: expect.any(String), lastValidBlockHeight: expect.stringMatching(/^\d+$/) },
        },
      ]);
    }
  });

  it("serve each paid route to the official client, moving exactly the price and none of the payer's SOL", async () => {
    const routes = [
      [`/api/v1/coins/${mint}/holders`, BASIC],
      [`/api/v1/wallets/${holder}/rewards`, BASIC],
      [`/api/v1/creators/${creator}`, BASIC],
      [`/api/v1/coins/${mint}/health`, PREMIUM],
    ] as const;
    const payFetch = wrapFetchWithPayment(fetch, s.x402Of(payer));
    for (const [path, price] of routes) {
      const before = await balances();
      const response = await payFetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
      const receipt = decodePaymentResponseHeader(response.headers.get('payment-response')!);
      expect(receipt).toMatchObject({ success: true, network: config.payments.network, payer: payer.address, transaction: expect.any(String) });
      const free = await h.get(path);
      expect(await response.json()).toEqual(free.body);
      const after = await balances();
      expect(after).toEqual({ payer: before.payer - price, payments: before.payments + price, payerSol: before.payerSol });
      const landed = await s.rpc
        .getTransaction(receipt.transaction as Signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0, encoding: 'json' })
        .send();
      expect(landed?.transaction.message.accountKeys[0]).toBe(config.wallets.feePayer);
      if (firstPaidSlot === 0) firstPaidSlot = Number(landed!.slot);
      paidTotal += price;
    }
  });
});

describe('payments refused without data and without charge', () => {
  const holders = () => `/api/v1/coins/${mint}/holders`;

  it('a PAYMENT-SIGNATURE used again, also after the service restarted', async () => {
    const header = await signedFor(await challengeOf(holders()));
    const first = await fetch(`${base}${holders()}`, { headers: { 'PAYMENT-SIGNATURE': header } });
    expect(first.status).toBe(200);
    paidTotal += BASIC;
    expect(await refusedWithoutCharge(holders(), header)).toMatch(/already used/);
    expect(await refusedWithoutCharge(`/api/v1/wallets/${holder}/rewards`, header)).toMatch(/not for this call/);
    await s.restart();
    base = s.base;
    expect(await refusedWithoutCharge(holders(), header)).toMatch(/already used/);
  });

  it('a payment to another recipient, of another mint, of a lower amount, or at the Basic price on the Premium route', async () => {
    const required = await challengeOf(holders());
    const stranger = (await generateKeyPairSigner()).address;
    const altered = [
      (a: PaymentRequired['accepts'][number]) => void (a.payTo = stranger),
      (a: PaymentRequired['accepts'][number]) => void (a.asset = config.mints.basket[2]!),
      (a: PaymentRequired['accepts'][number]) => void (a.amount = (BASIC - 1n).toString()),
    ];
    for (const alter of altered) expect(await refusedWithoutCharge(holders(), await signedFor(required, alter))).toMatch(/does not match this call's price/);
    // The requirements echoed as asked, with a transaction that pays someone else: the facilitator's checks refuse it.
    const disguised = decodePaymentSignatureHeader(await signedFor(required, (a) => void (a.payTo = stranger)));
    disguised.accepted = required.accepts[0]!;
    expect(await refusedWithoutCharge(holders(), encodePaymentSignatureHeader(disguised))).toMatch(/refused: .*recipient/);
    const health = `/api/v1/coins/${mint}/health`;
    const atBasic = await signedFor(await challengeOf(health), (a) => void (a.amount = BASIC.toString()));
    expect(await refusedWithoutCharge(health, atBasic)).toMatch(/does not match this call's price/);
  });

  it('a payment made for another call: another route of the same price, another coin of the same route', async () => {
    const header = await signedFor(await challengeOf(holders()));
    for (const path of [`/api/v1/creators/${creator}`, `/api/v1/wallets/${holder}/rewards`, `/api/v1/coins/${otherMint}/holders`]) {
      expect(await refusedWithoutCharge(path, header)).toMatch(
        new RegExp(`^the payment is for ${config.siteUrl}${holders()}, not for this call \\(${config.siteUrl}${path}\\)`),
      );
    }
    // It still pays for its own call, whatever the query.
    const response = await fetch(`${base}${holders()}?limit=5`, { headers: { 'PAYMENT-SIGNATURE': header } });
    expect(response.status).toBe(200);
    paidTotal += BASIC;
  });

  it('a payment whose blockhash expired', async () => {
    const header = await signedFor(await challengeOf(holders()));
    for (let i = 0; i < 160; i++) h.devnet.bank.produceBlock();
    expect(await refusedWithoutCharge(holders(), header)).toMatch(/refused: .*simulation/);
    // The service hands out one recent blockhash for a second (api/chain.ts): the one it gave above has just been
    // made to expire, far faster than any chain makes 150 blocks, so the next challenges wait for a new one.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
  });

  it('a malformed PAYMENT-SIGNATURE header', async () => {
    const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const good = decodePaymentSignatureHeader(await signedFor(await challengeOf(holders())));
    for (const header of ['not base64 at all!', json({}), json({ ...good, x402Version: 1 }), json({ ...good, payload: { transaction: 'AAAA' } })]) {
      expect(await refusedWithoutCharge(holders(), header)).toMatch(/x402|cannot be decoded|refused/);
    }
  });

  it('a payer without the funds', async () => {
    const poor = await s.fundedPayer(BASIC - 1n);
    const header = await signedFor(await challengeOf(holders()), undefined, poor);
    expect(await refusedWithoutCharge(holders(), header)).toMatch(/refused: .*simulation/);
  });

  it('answer a call naming an unknown coin 404 without asking for payment, as the free coin list would', async () => {
    const unknown = (await generateKeyPairSigner()).address;
    for (const path of [`/api/v1/coins/${unknown}/holders`, `/api/v1/coins/${unknown}/health`, `/api/v1/wallets/${holder}/rewards?coin=${unknown}`]) {
      const response = await fetch(`${base}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(await response.json()).toEqual({ error: `no coin ${unknown} on this network` });
      expect(response.headers.get('payment-required')).toBeNull();
    }
  });

  it('a paid request for an unknown mint (404) or with a bad parameter (400) is not charged, and its payment still pays', async () => {
    const header = await signedFor(await challengeOf(holders()));
    const unknown = (await generateKeyPairSigner()).address;
    expect(await refusedWithoutCharge(`/api/v1/coins/${unknown}/holders`, header, 404)).toMatch(/no coin/);
    expect(await refusedWithoutCharge(`${holders()}?limit=0`, header, 400)).toMatch(/limit/);
    const before = await balances();
    const response = await fetch(`${base}${holders()}`, { headers: { 'PAYMENT-SIGNATURE': header } });
    expect(response.status).toBe(200);
    expect(decodePaymentResponseHeader(response.headers.get('payment-response')!).success).toBe(true);
    expect((await balances()).payer).toBe(before.payer - BASIC);
    paidTotal += BASIC;
  });
});

describe('settlement', () => {
  const holders = () => `/api/v1/coins/${mint}/holders`;

  it('settles a payment offered twice at once for one answer only', async () => {
    const header = await signedFor(await challengeOf(holders()));
    const before = await balances();
    const answers = await Promise.all([0, 1].map(() => fetch(`${base}${holders()}`, { headers: { 'PAYMENT-SIGNATURE': header } })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 402]);
    const refused = answers.find((r) => r.status === 402)!;
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/already used|being settled/) });
    expect((await balances()).payer).toBe(before.payer - BASIC);
    paidTotal += BASIC;
  });

  it('resolves a settlement whose confirmation timed out from the chain, on the next use or by the sweep, never sending again', async () => {
    const chain = new ChainClient(h.devnet.rpcUrl!);
    const quick = await Paywall.open({
      network: config.payments.network,
      asset: stablecoin(),
      payTo: config.wallets.payments,
      feePayer: config.wallets.feePayer,
      keys: s.keys,
      chain,
      opstore: s.opstore,
      siteUrl: config.siteUrl,
      confirmWaitMs: 150,
      pollMs: 20,
    });
    const { app: quickApp, base: quickBase } = await s.serve({ paidCalls: quick });
    try {
      const nextUse = await signedFor(await challengeOf(holders()));
      const bySweep = await signedFor(await challengeOf(holders()));
      const before = await balances();
      s.blocks(false); // no block lands: the payments are sent but cannot confirm
      const pending = await Promise.all([nextUse, bySweep].map((header) => fetch(`${quickBase}${holders()}`, { headers: { 'PAYMENT-SIGNATURE': header } })));
      for (const response of pending) {
        expect(response.status).toBe(402);
        expect(await response.json()).toEqual({ error: expect.stringMatching(/not confirmed yet/) });
        expect(decodePaymentResponseHeader(response.headers.get('payment-response')!)).toMatchObject({ success: false, errorReason: 'settlement_pending' });
      }
      const signatures = pending.map((r) => decodePaymentResponseHeader(r.headers.get('payment-response')!).transaction);
      s.blocks(true);
      for (const signature of signatures) await s.waitLanded(signature as Signature);
      expect(await balances()).toMatchObject({ payer: before.payer - 2n * BASIC, payments: before.payments + 2n * BASIC });

      const answered = await fetch(`${quickBase}${holders()}`, { headers: { 'PAYMENT-SIGNATURE': nextUse } });
      expect(answered.status).toBe(200);
      expect(decodePaymentResponseHeader(answered.headers.get('payment-response')!)).toMatchObject({ success: true, transaction: signatures[0] });
      expect(await refusedWithoutCharge(holders(), nextUse)).toMatch(/already used/);

      const sweepKey = paymentKey(decodeTransactionMessage(bySweep));
      expect(await s.opstore.get(paymentRecords, sweepKey)).toMatchObject({ state: 'settling', signature: signatures[1] });
      await quick.sweep(0);
      expect(await s.opstore.get(paymentRecords, sweepKey)).toMatchObject({ state: 'settled', served: false, signature: signatures[1] });
      const owed = await fetch(`${quickBase}${holders()}`, { headers: { 'PAYMENT-SIGNATURE': bySweep } });
      expect(owed.status).toBe(200);
      expect((await balances()).payer).toBe(before.payer - 2n * BASIC);
      paidTotal += 2n * BASIC;
    } finally {
      await quickApp.close();
    }
  });
});

describe('past the free allowance', () => {
  it('answers 429 with Retry-After and the price of the request, and serves a request that pays it', async () => {
    let now = Date.UTC(2030, 0, 1, 12, 0, 0);
    const { app: limited, base: url } = await s.serve({
      config: { ...config, allowance: { ...config.allowance, perMinute: 2, trustedProxies: 0 } },
      clock: () => new Date(now),
    });
    try {
      const coin = `/api/v1/coins/${mint}`;
      for (let i = 0; i < 2; i++) expect((await fetch(`${url}${coin}`)).status).toBe(200);
      now += 15_000;
      const refused = await fetch(`${url}${coin}`);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: expect.stringMatching(/free allowance is 2 requests a minute; try again in 45 s, or pay \$0\.01/) });
      expect(refused.headers.get('retry-after')).toBe('45');
      expect(refused.headers.get('ratelimit')).toBe('free;r=0;t=45');
      expect(refused.headers.get('ratelimit-policy')).toBe('free;q=2;w=60');
      const required = decodePaymentRequiredHeader(refused.headers.get('payment-required')!);
      expect(required.accepts[0]).toMatchObject({ amount: BASIC.toString(), asset: stablecoin(), payTo: config.wallets.payments });
      const premium = await fetch(`${url}/api/v1/coins/${mint}/health`);
      expect(premium.status).toBe(429);
      expect(decodePaymentRequiredHeader(premium.headers.get('payment-required')!).accepts[0]!.amount).toBe(PREMIUM.toString());

      const header = encodePaymentSignatureHeader(await s.x402Of(payer).createPaymentPayload(required));
      const before = await balances();
      const served = await fetch(`${url}${coin}`, { headers: { 'PAYMENT-SIGNATURE': header } });
      expect(served.status).toBe(200);
      expect(await served.json()).toEqual((await h.get(coin)).body);
      expect(decodePaymentResponseHeader(served.headers.get('payment-response')!)).toMatchObject({ success: true, payer: payer.address });
      expect(await balances()).toEqual({ payer: before.payer - BASIC, payments: before.payments + BASIC, payerSol: before.payerSol });
      paidTotal += BASIC;
      const again = await fetch(`${url}${coin}`, { headers: { 'PAYMENT-SIGNATURE': header } });
      expect(again.status).toBe(402);

      now += 45_000;
      const open = await fetch(`${url}${coin}`, { headers: { 'PAYMENT-SIGNATURE': header } });
      expect(open.status).toBe(200);
      expect(open.headers.get('payment-response')).toBeNull();
      expect(open.headers.get('ratelimit')).toBe('free;r=1;t=60');
    } finally {
      await limited.close();
    }
  });
});

describe('revenue', () => {
  it("counts every payment that settled, and only those, once in its UTC day's apiMicroUsd", async () => {
    const last = await h.settle();
    await h.useClock(new Date(h.devnet.bank.getBlock(last)!.blockTime * 1000));
    const { body } = await h.get<{ revenueDaily: { date: string; apiMicroUsd: string }[] }>('/api/v1/platform/stats');
    const firstDay = new Date(h.devnet.bank.getBlock(firstPaidSlot)!.blockTime * 1000).toISOString().slice(0, 10);
    const paidDays = body.revenueDaily.filter((d) => d.date >= firstDay);
    expect(paidDays.length).toBeGreaterThan(0);
    expect(body.revenueDaily.filter((d) => d.date < firstDay).every((d) => d.apiMicroUsd === '0')).toBe(true);
    expect(paidDays.reduce((sum, d) => sum + BigInt(d.apiMicroUsd), 0n)).toBe(paidTotal);
  });
});
