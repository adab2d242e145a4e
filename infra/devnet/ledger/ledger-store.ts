// Persistence of the devnet ledger in SQLite (`<dataDir>/ledger.sqlite`, WAL): every sealed block is
// saved in one transaction (header, transactions, accounts it wrote, ground-truth balance changes,
// simulator state), old transactions are pruned past the bank's retention, and a restart restores
// the bank and the balance history so the same chain continues from its last committed block.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Address } from '@solana/kit';
import type { BalanceChange, BalanceHistory } from '../truth/balance-history.js';
import { MAX_PROCESSING_AGE, type Bank, type Block } from './bank.js';
import { bigintFromSql, bigintToSql, bytesFromSql, decodeTransaction, encodeTransactionBody } from './ledger-codec.js';

export const LEDGER_SCHEMA_VERSION = 1;
/** Transaction row ids are slot * 2^24 + index: appends in key order, slot ranges are rowid ranges. */
const SLOT_STRIDE = 2 ** 24;
/** Saves between two prunes of old transactions and block headers. */
const PRUNE_EVERY = 32;

/** What the chain was created with; a data dir only continues a chain of the same seed. */
export interface LedgerGenesis {
  seed: number;
  speed: string;
}

export class LedgerGenesisMismatch extends Error {
  constructor(dataDir: string, stored: LedgerGenesis, requested: LedgerGenesis) {
    super(
      `data dir ${dataDir} holds a devnet created with seed ${stored.seed} (speed ${stored.speed}), ` +
        `not seed ${requested.seed}: pass --seed ${stored.seed} or use another --data-dir`,
    );
    this.name = 'LedgerGenesisMismatch';
  }
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS blocks (
  slot INTEGER PRIMARY KEY, parent_slot INTEGER NOT NULL, blockhash TEXT NOT NULL, previous_blockhash TEXT NOT NULL,
  block_height INTEGER NOT NULL, block_time INTEGER NOT NULL, transaction_count INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS transactions (
  id INTEGER PRIMARY KEY, slot INTEGER NOT NULL, idx INTEGER NOT NULL, signature TEXT NOT NULL, wire BLOB NOT NULL, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS accounts (
  address TEXT PRIMARY KEY, lamports NOT NULL, data BLOB NOT NULL, owner TEXT NOT NULL, executable INTEGER NOT NULL, rent_epoch NOT NULL);
CREATE TABLE IF NOT EXISTS balance_keys (id INTEGER PRIMARY KEY, mint TEXT NOT NULL, owner TEXT NOT NULL, UNIQUE (mint, owner));
CREATE TABLE IF NOT EXISTS balance_changes (id INTEGER PRIMARY KEY, key_id INTEGER NOT NULL, slot INTEGER NOT NULL, amount NOT NULL);
`;

interface BlockRow {
  slot: number;
  parent_slot: number;
  blockhash: string;
  previous_blockhash: string;
  block_height: number;
  block_time: number;
}

export class LedgerStore {
  private readonly db: Database.Database;
  private readonly balanceKeys = new Map<string, number>();
  private pendingChanges: BalanceChange[] = [];
  private unsubscribe: (() => void) | null = null;
  private savesSincePrune = 0;
  private readonly sql;
  private readonly persist: Database.Transaction<(block: Block, bank: Bank, simulatorState: string | null) => void>;
  /** The genesis parameters recorded in the data dir, when known. */
  readonly genesis: LedgerGenesis | null;

  /** Open (creating if needed) `<dataDir>/ledger.sqlite`; refuses a chain created with another seed. */
  static open(dataDir: string, genesis?: LedgerGenesis): LedgerStore {
    mkdirSync(dataDir, { recursive: true });
    return new LedgerStore(dataDir, genesis);
  }

  private constructor(dataDir: string, genesis: LedgerGenesis | undefined) {
    this.db = new Database(join(dataDir, 'ledger.sqlite'));
    try {
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      this.db.exec(SCHEMA);
      const version = this.getState('schema_version');
      if (version === null) this.setState('schema_version', String(LEDGER_SCHEMA_VERSION));
      else if (Number(version) !== LEDGER_SCHEMA_VERSION) {
        throw new Error(`ledger ${dataDir} has schema version ${version}; this devnet reads version ${LEDGER_SCHEMA_VERSION}`);
      }
      const stored = this.getState('genesis');
      const storedGenesis = stored === null ? null : (JSON.parse(stored) as LedgerGenesis);
      if (genesis && storedGenesis && storedGenesis.seed !== genesis.seed) throw new LedgerGenesisMismatch(dataDir, storedGenesis, genesis);
      if (genesis && !storedGenesis) this.setState('genesis', JSON.stringify({ seed: genesis.seed, speed: genesis.speed }));
      this.genesis = storedGenesis ?? genesis ?? null;
    } catch (error) {
      this.db.close();
      throw error;
    }
    const db = this.db;
    this.sql = {
      insertBlock: db.prepare(
        'INSERT OR REPLACE INTO blocks (slot, parent_slot, blockhash, previous_blockhash, block_height, block_time, transaction_count) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      insertTransaction: db.prepare('INSERT OR REPLACE INTO transactions (id, slot, idx, signature, wire, body) VALUES (?, ?, ?, ?, ?, ?)'),
      upsertAccount: db.prepare('INSERT OR REPLACE INTO accounts (address, lamports, data, owner, executable, rent_epoch) VALUES (?, ?, ?, ?, ?, ?)'),
      deleteAccount: db.prepare('DELETE FROM accounts WHERE address = ?'),
      insertBalanceKey: db.prepare('INSERT INTO balance_keys (mint, owner) VALUES (?, ?)'),
      insertBalanceChange: db.prepare('INSERT INTO balance_changes (key_id, slot, amount) VALUES (?, ?, ?)'),
      setState: db.prepare('INSERT OR REPLACE INTO state (key, value) VALUES (?, ?)'),
      pruneTransactions: db.prepare('DELETE FROM transactions WHERE id < ?'),
      pruneBlocks: db.prepare('DELETE FROM blocks WHERE slot < ? AND block_height < ?'),
    };
    this.persist = db.transaction((block: Block, bank: Bank, simulatorState: string | null) => this.writeBlock(block, bank, simulatorState));
    for (const row of db.prepare('SELECT id, mint, owner FROM balance_keys').iterate() as Iterable<{ id: number; mint: string; owner: string }>) {
      this.balanceKeys.set(`${row.mint}|${row.owner}`, row.id);
    }
  }

  private getState(key: string): string | null {
    const row = this.db.prepare('SELECT value FROM state WHERE key = ?').get(key) as { value: string | null } | undefined;
    return row?.value ?? null;
  }

  private setState(key: string, value: string | null): void {
    this.db.prepare('INSERT OR REPLACE INTO state (key, value) VALUES (?, ?)').run(key, value);
  }

  /**
   * Load the persisted chain into a fresh bank (accounts, retained blocks, recent blockhashes, write
   * version) and its balance history into `truth`, then start buffering truth's changes for the next
   * saves. Null when no block was saved yet (the caller installs genesis).
   */
  restore(bank: Bank, truth: BalanceHistory | null): { simulatorState: string | null } | null {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.pendingChanges = [];
    const last = this.db.prepare('SELECT * FROM blocks ORDER BY slot DESC LIMIT 1').get() as BlockRow | undefined;
    let result: { simulatorState: string | null } | null = null;
    if (last) {
      const accounts = this.db.prepare('SELECT * FROM accounts').safeIntegers(true);
      for (const row of accounts.iterate() as Iterable<Record<string, unknown>>) {
        bank.accounts.set(row.address as Address, {
          lamports: bigintFromSql(row.lamports),
          data: bytesFromSql(row.data),
          owner: row.owner as Address,
          executable: row.executable === 1n,
          rentEpoch: bigintFromSql(row.rent_epoch),
        });
      }
      const firstSlot = Math.max(0, last.slot - bank.options.retainSlots + 1);
      const blocks = this.loadBlocks(firstSlot);
      const recent = this.db
        .prepare('SELECT blockhash, block_height FROM blocks WHERE slot < ? AND block_height >= ?')
        .raw()
        .all(firstSlot, last.block_height - MAX_PROCESSING_AGE) as [string, number][];
      bank.restoreState({ blocks, blockhashes: recent, writeVersion: bigintFromSql(this.getState('write_version') ?? '0') });
      if (truth) this.loadBalanceHistory(truth);
      result = { simulatorState: this.getState('simulator') };
    }
    if (truth) this.unsubscribe = truth.onChange((change) => this.pendingChanges.push(change));
    return result;
  }

  private loadBlocks(firstSlot: number): Block[] {
    const headers = this.db.prepare('SELECT * FROM blocks WHERE slot >= ? ORDER BY slot').all(firstSlot) as BlockRow[];
    const bySlot = new Map<number, Block>();
    const blocks = headers.map((row) => {
      const block: Block = {
        slot: row.slot,
        parentSlot: row.parent_slot,
        blockhash: row.blockhash,
        previousBlockhash: row.previous_blockhash,
        blockHeight: row.block_height,
        blockTime: row.block_time,
        transactions: [],
        accountWrites: [],
      };
      bySlot.set(row.slot, block);
      return block;
    });
    const rows = this.db.prepare('SELECT slot, idx, signature, wire, body FROM transactions WHERE id >= ? ORDER BY id');
    for (const row of rows.iterate(firstSlot * SLOT_STRIDE) as Iterable<{ slot: number; idx: number; signature: string; wire: Uint8Array; body: string }>) {
      const tx = decodeTransaction({ signature: row.signature, slot: row.slot, index: row.idx, wire: bytesFromSql(row.wire), body: row.body });
      bySlot.get(row.slot)?.transactions.push(tx);
    }
    return blocks;
  }

  private loadBalanceHistory(truth: BalanceHistory): void {
    const rows = this.db
      .prepare('SELECT k.mint, k.owner, c.slot, c.amount FROM balance_changes c JOIN balance_keys k ON k.id = c.key_id ORDER BY c.id')
      .safeIntegers(true)
      .raw();
    for (const [mint, owner, slot, amount] of rows.iterate() as Iterable<[string, string, bigint, bigint | string]>) {
      truth.record({ mint, owner, slot: Number(slot), amount: bigintFromSql(amount) });
    }
  }

  private balanceKey(mint: string, owner: string): number {
    const key = `${mint}|${owner}`;
    let id = this.balanceKeys.get(key);
    if (id === undefined) {
      id = Number(this.sql.insertBalanceKey.run(mint, owner).lastInsertRowid);
      this.balanceKeys.set(key, id);
    }
    return id;
  }

  /** Persist a sealed block and everything that changed with it, atomically. */
  saveBlock(block: Block, bank: Bank, simulatorState: string | null): void {
    const knownKeys = this.balanceKeys.size;
    try {
      this.persist(block, bank, simulatorState);
    } catch (error) {
      // Rolled back: forget balance keys whose rows went with it; the buffered changes stay for the next save.
      for (const key of [...this.balanceKeys.keys()].slice(knownKeys)) this.balanceKeys.delete(key);
      throw error;
    }
    this.pendingChanges = [];
  }

  private writeBlock(block: Block, bank: Bank, simulatorState: string | null): void {
    const sql = this.sql;
    sql.insertBlock.run(block.slot, block.parentSlot, block.blockhash, block.previousBlockhash, block.blockHeight, block.blockTime, block.transactions.length);
    for (const tx of block.transactions) {
      sql.insertTransaction.run(block.slot * SLOT_STRIDE + tx.index, block.slot, tx.index, tx.signature, tx.wire, encodeTransactionBody(tx));
    }
    const lastWrites = new Map<string, Block['accountWrites'][number]>();
    for (const write of block.accountWrites) lastWrites.set(write.address, write);
    for (const { address, account } of lastWrites.values()) {
      if (account.lamports === 0n) sql.deleteAccount.run(address);
      else {
        const { lamports, data, owner, executable, rentEpoch } = account;
        sql.upsertAccount.run(address, bigintToSql(lamports), data, owner, executable ? 1 : 0, bigintToSql(rentEpoch));
      }
    }
    const lastWrite = block.accountWrites[block.accountWrites.length - 1];
    if (lastWrite) sql.setState.run('write_version', lastWrite.writeVersion.toString());
    for (const change of this.pendingChanges) {
      sql.insertBalanceChange.run(this.balanceKey(change.mint, change.owner), change.slot, bigintToSql(change.amount));
    }
    sql.setState.run('simulator', simulatorState);
    if (++this.savesSincePrune >= PRUNE_EVERY) {
      this.savesSincePrune = 0;
      const keepFrom = block.slot - bank.options.retainSlots + 1;
      sql.pruneTransactions.run(Math.max(0, keepFrom) * SLOT_STRIDE);
      sql.pruneBlocks.run(keepFrom, block.blockHeight - MAX_PROCESSING_AGE);
    }
  }

  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.db.open) this.db.close();
  }
}
