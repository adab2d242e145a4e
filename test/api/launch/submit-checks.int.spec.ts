// Submit's checks (spec 4.2, 4.3 rule 5, 3.3): a transaction altered after prepare (an added transfer,
// changed data, a changed account, a replaced blockhash), a missing or bad signature are refused with what to
// fix, and nothing is sent; wallets may add compute-budget and guard instructions; a sponsored launch caps the
// priority fee a wallet may put on the sponsor. A repeated submit never sends twice and answers the same;
// different transactions after a submit are refused; confirm answers 409 until the launch lands.
import {
  appendTransactionMessageInstruction,
  compileTransaction,
  decompileTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  partiallySignTransaction,
  signBytes,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit';
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ChainClient } from '../../../api/chain.js';
import { launches } from '../../../api/launch/records.js';
import { otherSpellings } from '../../fixtures/base64-spellings.js';
import { PNG, signWire, startLaunchHarness, type LaunchHarness } from './launch-harness.js';

let h: LaunchHarness;
let creator: KeyPairSigner;
let send: MockInstance<ChainClient['send']>;

beforeAll(async () => {
  h = await startLaunchHarness({ sponsor: true, confirmWaitMs: 400 });
});
afterAll(async () => h?.close());
beforeEach(async () => {
  // A wallet per test: each may prepare 5 launches an hour.
  creator = await h.wallet(20n);
  await h.acceptTerms(creator);
  send = vi.spyOn(ChainClient.prototype, 'send');
});
afterEach(() => {
  send.mockRestore();
  h.resume();
});

async function preparePool(extra: Record<string, unknown> = {}) {
  const mint = await generateKeyPairSigner();
  const reply = await h.post<{ mint: string; transaction: string }>('/api/v1/launch/prepare', {
    creator: creator.address,
    mint: mint.address,
    name: 'Checked',
    ticker: 'CHK',
    mode: 'holder',
    feeBps: 100,
    buyBps: 50,
    ...extra,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { mint, transaction: reply.body.transaction };
}

/** Rebuild the prepared message with `change`, then sign it with `signers` as a wallet would. */
async function altered(base64: string, change: (instructions: Instruction[]) => Instruction[], signers: KeyPairSigner[], blockhash?: string) {
  const tx = getTransactionDecoder().decode(Buffer.from(base64, 'base64'));
  const message = decompileTransactionMessage(getCompiledTransactionMessageDecoder().decode(tx.messageBytes));
  const lifetime = blockhash ? { ...message.lifetimeConstraint, blockhash } : message.lifetimeConstraint;
  const instructions = change([...message.instructions]);
  let rebuilt = { ...message, instructions: [], lifetimeConstraint: lifetime } as unknown as typeof message;
  for (const ix of instructions) rebuilt = appendTransactionMessageInstruction(ix, rebuilt) as typeof message;
  const signed = await partiallySignTransaction(
    signers.map((s) => s.keyPair),
    compileTransaction(rebuilt as Parameters<typeof compileTransaction>[0]),
  );
  return getBase64EncodedWireTransaction(signed);
}

async function expectRefused(mint: string, transaction: string, pattern: RegExp) {
  const reply = await h.post<{ errors: string[] }>('/api/v1/launch/submit', { mint, transaction });
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(
    reply.body.errors.some((line) => pattern.test(line)),
    reply.body.errors.join('\n'),
  ).toBe(true);
  expect(send).not.toHaveBeenCalled();
  const record = await h.opstore.get(launches, mint);
  expect(record).toMatchObject({ state: 'prepared', submittedHash: null, sent: 0 });
}

describe('altered transactions are refused and nothing is sent', () => {
  it('an added transfer to another wallet', async () => {
    const { mint, transaction } = await preparePool();
    const thief = await generateKeyPairSigner();
    const tx = await altered(
      transaction,
      (ixs) => [...ixs, getTransferSolInstruction({ source: creator, destination: thief.address, amount: 1_000_000_000n })],
      [creator, mint],
    );
    await expectRefused(mint.address, tx, /^transaction: an added instruction for program 11111111111111111111111111111111 is not allowed/);
  });

  it('a changed amount (the first buy) in the instruction data', async () => {
    const { mint, transaction } = await preparePool();
    const tx = await altered(
      transaction,
      ([create]) => {
        const data = new Uint8Array(create!.data!);
        // buyBps sits right before maxQuoteIn (u64) and hooks (u8) at the end of CreatePool's data.
        new DataView(data.buffer).setUint16(data.length - 11, 1000, true);
        return [{ ...create!, data }];
      },
      [creator, mint],
    );
    await expectRefused(mint.address, tx, /^transaction: instruction 1 \(program \S+\) has changed data/);
  });

  it('a changed recipient in a creator coin', async () => {
    const partner = await generateKeyPairSigner();
    const thief = await generateKeyPairSigner();
    const { mint, transaction } = await preparePool({ mode: 'creator', buyBps: 0, recipients: [{ wallet: partner.address, pct: 100 }] });
    const tx = await altered(
      transaction,
      ([create]) => [{ ...create!, data: replaceBytes(new Uint8Array(create!.data!), addressBytes(partner.address), addressBytes(thief.address)) }],
      [creator, mint],
    );
    await expectRefused(mint.address, tx, /has changed data/);
  });

  it('a changed account', async () => {
    const { mint, transaction } = await preparePool();
    const other = await generateKeyPairSigner();
    const tx = await altered(
      transaction,
      ([create]) => [{ ...create!, accounts: create!.accounts!.map((a, i) => (i === 6 ? { ...a, address: other.address } : a)) }],
      [creator, mint],
    );
    await expectRefused(mint.address, tx, /^transaction: instruction 1 \(program \S+\) account 7 is \S+, prepared as \S+/);
  });

  it('a replaced blockhash', async () => {
    const { mint, transaction } = await preparePool();
    const { value } = await h.rpc.getLatestBlockhash({ commitment: 'processed' }).send();
    h.devnet.step();
    const tx = await altered(transaction, (ixs) => ixs, [creator, mint], value.blockhash);
    await expectRefused(mint.address, tx, /^transaction: blockhash was replaced/);
  });

  it('a missing mint signature', async () => {
    const { mint, transaction } = await preparePool();
    await expectRefused(
      mint.address,
      await signWire(transaction, [creator]),
      /^transaction: the mint keypair signature \(\S+\) is missing; sign with that key/,
    );
  });

  it('a bad creator signature', async () => {
    const { mint, transaction } = await preparePool();
    const other = await generateKeyPairSigner();
    const signed = getTransactionDecoder().decode(Buffer.from(await signWire(transaction, [creator, mint]), 'base64')) as Transaction;
    const forged = {
      ...signed,
      signatures: { ...signed.signatures, [creator.address]: (await signBytes(other.keyPair.privateKey, signed.messageBytes)) as SignatureBytes },
    };
    await expectRefused(mint.address, getBase64EncodedWireTransaction(forged as Transaction), /^transaction: the creator signature \(\S+\) is not valid/);
  });

  it('a transaction re-spelled in base64 (the free bits of its last character set)', async () => {
    const { mint, transaction } = await preparePool();
    const signed = await signWire(transaction, [creator, mint]);
    const spellings = otherSpellings(signed);
    expect(spellings.length).toBeGreaterThan(0);
    for (const respelled of spellings) await expectRefused(mint.address, respelled, /^transaction: must be base64 as a standard encoder writes it/);
  });

  it('garbage instead of a transaction', async () => {
    const { mint } = await preparePool();
    await expectRefused(mint.address, Buffer.from('not a transaction at all').toString('base64'), /^transaction: is not a wire transaction/);
  });
});

describe('additions wallets may make', () => {
  it('compute-budget and guard instructions are accepted and the launch lands', async () => {
    const { mint, transaction } = await preparePool();
    const guard: Instruction = { programAddress: h.config.programs.guard, accounts: [], data: new Uint8Array([1, 2, 3]) };
    const tx = await altered(
      transaction,
      (ixs) => [getSetComputeUnitLimitInstruction({ units: 300_000 }), getSetComputeUnitPriceInstruction({ microLamports: 1_000n }), ...ixs, guard],
      [creator, mint],
    );
    const reply = await h.post<{ status: string }>('/api/v1/launch/submit', { mint: mint.address, transaction: tx });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(['confirmed', 'pending']).toContain(reply.body.status);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a sponsored launch refuses a priority fee above the cap and takes a small one', async () => {
    const mint = await generateKeyPairSigner();
    const prepared = await h.post<{ transactions: string[]; sponsored: boolean }>('/api/v1/launch/launchpad/prepare', {
      creator: creator.address,
      mint: mint.address,
      name: 'Sponsored',
      ticker: 'SPN',
      image: PNG,
    });
    expect(prepared.body.sponsored).toBe(true);
    const pricey = await altered(
      prepared.body.transactions[0]!,
      (ixs) => [getSetComputeUnitLimitInstruction({ units: 1_000_000 }), getSetComputeUnitPriceInstruction({ microLamports: 1_000_000n }), ...ixs],
      [creator, mint],
    );
    const refused = await h.post<{ errors: string[] }>('/api/v1/launch/launchpad/submit', { mint: mint.address, transactions: [pricey] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      expect.stringMatching(/^transactions\[0\]: its compute-budget instructions set a priority fee of 1000000 lamports, more than the 100000/),
    ]);
    expect(send).not.toHaveBeenCalled();
    const modest = await altered(prepared.body.transactions[0]!, (ixs) => [getSetComputeUnitPriceInstruction({ microLamports: 10n }), ...ixs], [creator, mint]);
    const accepted = await h.post<{ status: string }>('/api/v1/launch/launchpad/submit', { mint: mint.address, transactions: [modest] });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });
});

describe('submitting again', () => {
  it('the same transaction answers the same and is never sent twice; a different one is refused with 409', async () => {
    const { mint, transaction } = await preparePool();
    const signed = await signWire(transaction, [creator, mint]);
    const first = await h.post<{ status: string; signature: string }>('/api/v1/launch/submit', { mint: mint.address, transaction: signed });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('confirmed');
    const again = await h.post<{ status: string; signature: string }>('/api/v1/launch/submit', { mint: mint.address, transaction: signed });
    expect(again).toEqual(first);
    expect(send).toHaveBeenCalledTimes(1);
    const other = await altered(transaction, (ixs) => [getSetComputeUnitPriceInstruction({ microLamports: 5n }), ...ixs], [creator, mint]);
    const refused = await h.post<{ errors: string[] }>('/api/v1/launch/submit', { mint: mint.address, transaction: other });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatch(/already submitted \(signature \S+\); it is not sent again/);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('confirm answers 409 while the launch has not landed, then the launch', async () => {
    const { mint, transaction } = await preparePool();
    h.pause();
    const submitted = await h.post<{ status: string; signature: string }>('/api/v1/launch/submit', {
      mint: mint.address,
      transaction: await signWire(transaction, [creator, mint]),
    });
    expect(submitted.body.status).toBe('pending');
    const early = await h.post<{ errors: string[] }>('/api/v1/launch/confirm', { mint: mint.address, signature: submitted.body.signature });
    expect(early.status).toBe(409);
    expect(early.body.errors[0]).toMatch(/has not landed yet; call POST \/launch\/confirm again/);
    h.resume();
    for (;;) {
      const reply = await h.post<{ mint: string; signature: string }>('/api/v1/launch/confirm', { mint: mint.address, signature: submitted.body.signature });
      if (reply.status === 200) {
        expect(reply.body).toMatchObject({ mint: mint.address, signature: submitted.body.signature });
        break;
      }
      expect(reply.status).toBe(409);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('an unknown mint is 404, a wrong signature at confirm is 400', async () => {
    const nobody = await generateKeyPairSigner();
    expect((await h.post('/api/v1/launch/submit', { mint: nobody.address, transaction: PNG })).status).toBe(404);
    const { mint, transaction } = await preparePool();
    const submitted = await h.post<{ signature: string }>('/api/v1/launch/submit', {
      mint: mint.address,
      transaction: await signWire(transaction, [creator, mint]),
    });
    const wrong = await h.post<{ errors: string[] }>('/api/v1/launch/confirm', {
      mint: mint.address,
      signature: submitted.body.signature.replace(/^./, (c) => (c === '1' ? '2' : '1')),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatch(/^signature: not this launch's signature/);
  });
});

function addressBytes(address: Address): Uint8Array {
  return new Uint8Array(getAddressEncoder().encode(address));
}

function replaceBytes(data: Uint8Array, from: Uint8Array, to: Uint8Array): Uint8Array {
  const out = new Uint8Array(data);
  for (let i = 0; i + from.length <= out.length; i++) {
    if (from.every((b, j) => out[i + j] === b)) {
      out.set(to, i);
      return out;
    }
  }
  throw new Error('bytes not found');
}
