// Ledger store against a real SQLite file: a bank's chain saved block by block restores into a fresh
// bank (accounts, blocks, transactions, statuses, blockhashes, slot numbers, balance history), old
// transactions are pruned past retention, a crash keeps the last committed block, and a data dir
// refuses another seed.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createNoopSigner, type Address, type Instruction } from '@solana/kit';
import { getAddMemoInstruction } from '@solana-program/memo';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterEach, describe, expect, it } from 'vitest';
import { keyPairFromLabel, type Ed25519KeyPair } from '../../../infra/crypto/ed25519.js';
import { Bank, type Block } from '../../../infra/devnet/ledger/bank.js';
import { LedgerGenesisMismatch, LedgerStore, type LedgerGenesis } from '../../../infra/devnet/ledger/ledger-store.js';
import { devnetPrograms } from '../../../infra/devnet/programs/index.js';
import type { Account, ExecutedTransaction } from '../../../infra/devnet/runtime/types.js';
import { SYSTEM_PROGRAM } from '../../../infra/devnet/runtime/well-known.js';
import { BalanceHistory, SOL } from '../../../infra/devnet/truth/balance-history.js';
import { buildTransaction } from '../../../infra/devnet/tx-builder.js';
import { DEVNET_ADDRESSES } from '../../../schemas/devnet-addresses.js';

const SOL_LAMPORTS = 1_000_000_000n;
const GENESIS: LedgerGenesis = { seed: 7, speed: 'manual' };
const payer = keyPairFromLabel('ledger-store payer');
const recipients = [0, 1, 2, 3].map((i) => keyPairFromLabel(`ledger-store recipient ${i}`).address);
const dirs: string[] = [];
const stores: LedgerStore[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-store-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newBank(retainSlots?: number): Bank {
  const ids = {
    launchpad: DEVNET_ADDRESSES.launchpadProgram as Address,
    poolVenue: DEVNET_ADDRESSES.poolVenueProgram as Address,
    guard: DEVNET_ADDRESSES.guardProgram as Address,
  };
  return new Bank({ ...devnetPrograms(ids), ...(retainSlots === undefined ? {} : { retainSlots }) });
}

/** Bank, truth and store wired as devnet.ts does: truth folds each block, then the store saves it. */
function openChain(dir: string, options: { retainSlots?: number; onSave?: (ms: number) => void } = {}) {
  const bank = newBank(options.retainSlots);
  const truth = new BalanceHistory();
  const store = LedgerStore.open(dir, GENESIS);
  stores.push(store);
  const restored = store.restore(bank, truth);
  bank.onBlock((block) => truth.applyBlock(block));
  bank.onBlock((block) => {
    const started = performance.now();
    store.saveBlock(block, bank, JSON.stringify({ slot: block.slot }));
    options.onSave?.(performance.now() - started);
  });
  return { bank, truth, store, restored };
}

function wallet(lamports: bigint): Account {
  return { lamports, data: new Uint8Array(0), owner: SYSTEM_PROGRAM, executable: false, rentEpoch: 0n };
}

function transfer(bank: Bank, from: Ed25519KeyPair, to: Address, lamports: bigint, memo?: string): ExecutedTransaction {
  const instructions: Instruction[] = [getTransferSolInstruction({ source: createNoopSigner(from.address), destination: to, amount: lamports })];
  if (memo) instructions.push(getAddMemoInstruction({ memo, signers: [createNoopSigner(from.address)] }));
  const { wire } = buildTransaction({ feePayer: from.address, instructions, blockhash: bank.latestBlock.blockhash, signers: [from] });
  return bank.submit(wire);
}

function accountsOf(bank: Bank): Map<string, Account> {
  return new Map([...bank.accounts.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
}

describe('LedgerStore', () => {
  it('restores a saved chain into a fresh bank and continues it', () => {
    const dir = join(tempDir(), 'nested', 'devnet');
    const first = openChain(dir);
    expect(first.restored).toBeNull();
    expect(existsSync(join(dir, 'ledger.sqlite'))).toBe(true);

    first.bank.setAccount(payer.address, wallet(100n * SOL_LAMPORTS));
    first.bank.setAccount(recipients[3]!, {
      lamports: 5_000_000n,
      data: Uint8Array.of(1, 2, 3, 250),
      owner: DEVNET_ADDRESSES.guardProgram as Address,
      executable: false,
      rentEpoch: 2n ** 64n - 1n,
    });
    first.bank.produceBlock();
    const landed: ExecutedTransaction[] = [];
    for (let slot = 0; slot < 12; slot++) {
      for (let i = 0; i < 3; i++)
        landed.push(transfer(first.bank, payer, recipients[i]!, BigInt(1_000_000 * (slot + 1) + i), i === 0 ? `slot ${slot}` : undefined));
      if (slot === 5) landed.push(transfer(first.bank, payer, recipients[0]!, 1_000n * SOL_LAMPORTS)); // fails, pays the fee
      if (slot === 8) first.bank.setAccount(recipients[3]!, wallet(0n)); // closed: gone from the store too
      first.bank.produceBlock();
    }
    expect(landed.some((tx) => tx.meta.err !== null)).toBe(true);
    const { bank, truth } = first;
    const latest = bank.latestBlock;
    const expected = {
      accounts: accountsOf(bank),
      transactions: landed.map((tx) => bank.getTransaction(tx.signature)),
      statuses: landed.map((tx) => bank.signatureStatus(tx.signature)),
      blocks: Array.from({ length: latest.slot + 1 }, (_, slot) => bank.getBlock(slot)?.transactions),
    };
    const owners = [payer.address, ...recipients];
    const balances = owners.map((owner) => Array.from({ length: latest.slot + 2 }, (_, slot) => truth.balanceAt(owner, SOL, slot)));
    first.store.close();

    const second = openChain(dir);
    expect(second.restored).toEqual({ simulatorState: JSON.stringify({ slot: latest.slot }) });
    expect(second.bank.latestBlock).toEqual({ ...latest, accountWrites: [] });
    expect(second.bank.workingSlot).toBe(latest.slot + 1);
    expect(accountsOf(second.bank)).toEqual(expected.accounts);
    expect(second.bank.getAccount(recipients[3]!)).toBeUndefined();
    expect(landed.map((tx) => second.bank.getTransaction(tx.signature))).toEqual(expected.transactions);
    expect(landed.map((tx) => second.bank.signatureStatus(tx.signature))).toEqual(expected.statuses);
    expect(Array.from({ length: latest.slot + 1 }, (_, slot) => second.bank.getBlock(slot)?.transactions)).toEqual(expected.blocks);
    expect(second.bank.isBlockhashValid(latest.blockhash)).toBe(true);
    expect(owners.map((owner) => Array.from({ length: latest.slot + 2 }, (_, slot) => second.truth.balanceAt(owner, SOL, slot)))).toEqual(balances);
    expect(() => second.bank.submit(landed[0]!.wire)).toThrow(/already been processed/);

    const next = transfer(second.bank, payer, recipients[1]!, 42n);
    const block = second.bank.produceBlock();
    expect(block).toMatchObject({ slot: latest.slot + 1, parentSlot: latest.slot, previousBlockhash: latest.blockhash, blockHeight: latest.blockHeight + 1 });
    expect(second.bank.signatureStatus(next.signature)).toMatchObject({ slot: block.slot, err: null });
    expect(second.truth.balance(recipients[1]!, SOL)).toBe(balances[2]!.at(-1)! + 42n);
    second.store.close();

    const third = openChain(dir);
    expect(third.bank.latestBlock.blockhash).toBe(block.blockhash);
    expect(third.bank.getTransaction(next.signature)).toEqual(second.bank.getTransaction(next.signature));
    expect(third.truth.balance(recipients[1]!, SOL)).toBe(second.truth.balance(recipients[1]!, SOL));
  });

  it('prunes transactions past retention and keeps blockhash validity across a restart', () => {
    const dir = tempDir();
    const first = openChain(dir, { retainSlots: 20 });
    first.bank.setAccount(payer.address, wallet(100n * SOL_LAMPORTS));
    first.bank.produceBlock();
    const landed: ExecutedTransaction[] = [];
    for (let slot = 0; slot < 230; slot++) {
      if (slot % 5 === 0) landed.push(transfer(first.bank, payer, recipients[slot % 3]!, BigInt(slot + 1)));
      first.bank.produceBlock();
    }
    const hashes = Array.from({ length: first.bank.latestBlock.slot }, (_, slot) => first.bank.getBlock(slot)?.blockhash);
    const retainedHashes = landed.map((tx) => tx.recentBlockhash);
    const expected = {
      transactions: landed.map((tx) => first.bank.getTransaction(tx.signature)),
      statuses: landed.map((tx) => first.bank.signatureStatus(tx.signature)),
      valid: retainedHashes.map((hash) => first.bank.isBlockhashValid(hash)),
      blocks: hashes,
    };
    expect(expected.transactions.filter((tx) => tx === null).length).toBeGreaterThan(0);
    expect(expected.valid.filter(Boolean).length).toBeGreaterThan(0);
    expect(expected.valid.filter((valid) => !valid).length).toBeGreaterThan(0);
    const lastSlot = first.bank.latestBlock.slot;
    first.store.close();

    const db = new Database(join(dir, 'ledger.sqlite'), { readonly: true });
    const oldest = db.prepare('SELECT MIN(slot) AS slot, COUNT(*) AS n FROM transactions').get() as { slot: number; n: number };
    const state = db.prepare('SELECT key, value FROM state').all() as { key: string; value: string }[];
    db.close();
    expect(oldest.slot).toBeGreaterThan(lastSlot - 20 - 32);
    expect(Object.fromEntries(state.map((row) => [row.key, row.value]))).toMatchObject({ schema_version: '1', genesis: JSON.stringify(GENESIS) });

    const second = openChain(dir, { retainSlots: 20 });
    expect(second.bank.latestBlock.slot).toBe(lastSlot);
    expect(landed.map((tx) => second.bank.getTransaction(tx.signature))).toEqual(expected.transactions);
    expect(landed.map((tx) => second.bank.signatureStatus(tx.signature))).toEqual(expected.statuses);
    expect(retainedHashes.map((hash) => second.bank.isBlockhashValid(hash))).toEqual(expected.valid);
    expect(Array.from({ length: lastSlot }, (_, slot) => second.bank.getBlock(slot)?.blockhash)).toEqual(expected.blocks);
  });

  it('restores the last committed block after a crash, even one during a save', () => {
    const dir = tempDir();
    const first = openChain(dir);
    first.bank.setAccount(payer.address, wallet(100n * SOL_LAMPORTS));
    first.bank.produceBlock();
    for (let slot = 0; slot < 5; slot++) {
      transfer(first.bank, payer, recipients[slot % 3]!, 1_000n + BigInt(slot));
      first.bank.produceBlock();
    }
    const committed = first.bank.latestBlock;
    const committedAccounts = accountsOf(first.bank);
    // A save that fails half-way (after its header and first transaction rows) must leave nothing behind.
    const good = transfer(first.bank, payer, recipients[0]!, 7n);
    const broken = { ...good, index: 1, signature: 'broken', meta: undefined } as unknown as ExecutedTransaction;
    const half: Block = { ...committed, slot: committed.slot + 1, parentSlot: committed.slot, transactions: [good, broken], accountWrites: [] };
    expect(() => first.store.saveBlock(half, first.bank, null)).toThrow();
    // Crash: the process dies without closing; what is on disk is the database and its WAL.
    const crashed = join(tempDir(), 'crashed');
    mkdirSync(crashed);
    for (const file of ['ledger.sqlite', 'ledger.sqlite-wal']) {
      if (existsSync(join(dir, file))) copyFileSync(join(dir, file), join(crashed, file));
    }

    const second = openChain(crashed);
    expect(second.restored).toEqual({ simulatorState: JSON.stringify({ slot: committed.slot }) });
    expect(second.bank.latestBlock).toEqual({ ...committed, accountWrites: [] });
    expect(second.bank.getBlock(committed.slot + 1)).toBeUndefined();
    expect(second.bank.getTransaction(good.signature)).toBeNull();
    expect(accountsOf(second.bank)).toEqual(committedAccounts);
    const again = transfer(second.bank, payer, recipients[0]!, 7n);
    expect(again.signature).toBe(good.signature);
    expect(second.bank.produceBlock().slot).toBe(committed.slot + 1);

    // The original process goes on after the failed save; reopening its dir without closing sees that too.
    const sealed = first.bank.produceBlock();
    expect(sealed.transactions.map((tx) => tx.signature)).toEqual([good.signature]);
    const third = openChain(dir);
    expect(third.bank.latestBlock.blockhash).toBe(sealed.blockhash);
    expect(third.bank.getTransaction(good.signature)).toEqual(first.bank.getTransaction(good.signature));
    expect(third.truth.balance(recipients[0]!, SOL)).toBe(first.truth.balance(recipients[0]!, SOL));
  });

  it('refuses a data dir created with another seed', () => {
    const dir = tempDir();
    const first = openChain(dir);
    first.bank.produceBlock();
    first.store.close();
    expect(() => LedgerStore.open(dir, { seed: 8, speed: 'manual' })).toThrow(LedgerGenesisMismatch);
    expect(() => LedgerStore.open(dir, { seed: 8, speed: 'manual' })).toThrow(/seed 7.*--seed 7/);
    const reopened = LedgerStore.open(dir, { seed: 7, speed: 'max' });
    stores.push(reopened);
    expect(reopened.genesis).toEqual(GENESIS);
  });

  it('saves a block of 1,000 transactions in well under a second', () => {
    const saves: number[] = [];
    const { bank } = openChain(tempDir(), { onSave: (ms) => saves.push(ms) });
    bank.setAccount(payer.address, wallet(1_000n * SOL_LAMPORTS));
    bank.produceBlock();
    saves.length = 0;
    for (let block = 0; block < 4; block++) {
      for (let i = 0; i < 1_000; i++) transfer(bank, payer, recipients[i % 3]!, BigInt(block * 1_000 + i + 1), i % 10 === 0 ? 'memo' : undefined);
      expect(bank.produceBlock().transactions).toHaveLength(1_000);
    }
    const steady = saves.slice(1);
    const mean = steady.reduce((a, b) => a + b, 0) / steady.length;
    console.log(`ledger-store: saveBlock of 1,000 transactions: ${saves.map((ms) => ms.toFixed(1)).join(', ')} ms (steady mean ${mean.toFixed(1)} ms)`);
    expect(mean).toBeLessThan(500);
  });
});
