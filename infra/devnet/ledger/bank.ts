// The devnet's bank: executes transactions into the slot being built (as a leader does), seals slots
// into blocks with blockhashes and heights, tracks commitment (processed/confirmed/finalized),
// signature statuses and recent blockhashes, and tells listeners about every sealed block.
import { createHash } from 'node:crypto';
import type { Address } from '@solana/kit';
import { encodeBase58 } from '../../../schemas/base58.js';
import { executeTransaction, type ExecutionResult } from '../runtime/executor.js';
import type { NativeProgram } from '../runtime/program.js';
import { sanitizeTransaction, TransactionRejected, verifyTransactionSignatures, type SanitizedTransaction } from '../runtime/sanitize.js';
import type { Account, AccountWrite, ExecutedTransaction } from '../runtime/types.js';
import { BPF_LOADER_UPGRADEABLE, NATIVE_LOADER } from '../runtime/well-known.js';
import { AccountsDb } from './accounts-db.js';

export type Commitment = 'processed' | 'confirmed' | 'finalized';

export interface Block {
  slot: number;
  parentSlot: number;
  blockhash: string;
  previousBlockhash: string;
  blockHeight: number;
  /** Unix seconds. */
  blockTime: number;
  transactions: ExecutedTransaction[];
  accountWrites: AccountWrite[];
}

export interface BankOptions {
  programs: NativeProgram[];
  /** Builtins are owned by the native loader, the rest by the upgradeable BPF loader. */
  builtinProgramIds?: Address[];
  /** Unix time of slot 0 when time is virtual (slot * slotMs after it); wall clock otherwise. */
  genesisUnixTime?: number;
  clock?: 'virtual' | 'wall';
  slotMs?: number;
  confirmDepth?: number;
  finalizeDepth?: number;
  /** How many recent blocks keep their transactions for getTransaction and replay. */
  retainSlots?: number;
}

export interface SignatureStatus {
  slot: number;
  err: ExecutedTransaction['meta']['err'];
  confirmations: number | null;
  confirmationStatus: Commitment;
}

/** Blockhashes stay usable for 150 blocks after the one that produced them. */
export const MAX_PROCESSING_AGE = 150;

/** What a transaction is known by once processed: a hash of its message bytes. */
function messageHash(messageBytes: Uint8Array): string {
  return createHash('sha256').update(messageBytes).digest('base64');
}

export class Bank {
  readonly accounts = new AccountsDb();
  readonly programs = new Map<string, NativeProgram>();
  private readonly blocks = new Map<number, Block>();
  private readonly blockhashHeights = new Map<string, number>();
  private readonly statuses = new Map<string, { slot: number; index: number }>();
  /** Hashes of the messages landed in recent blocks, with the block height they landed at, oldest first. */
  private readonly landedMessages = new Map<string, number>();
  private readonly listeners = new Set<(block: Block) => void>();
  private pending: ExecutedTransaction[] = [];
  private pendingWrites: AccountWrite[] = [];
  private pendingMessages = new Set<string>();
  private writeVersion = 0n;
  private last: Block;
  readonly options: Required<Omit<BankOptions, 'programs' | 'builtinProgramIds'>>;

  constructor(options: BankOptions) {
    this.options = {
      genesisUnixTime: options.genesisUnixTime ?? 1_767_225_600, // 2026-01-01T00:00:00Z
      clock: options.clock ?? 'virtual',
      slotMs: options.slotMs ?? 400,
      confirmDepth: options.confirmDepth ?? 1,
      finalizeDepth: options.finalizeDepth ?? 32,
      retainSlots: options.retainSlots ?? 20_000,
    };
    const builtins = new Set(options.builtinProgramIds ?? []);
    for (const program of options.programs) {
      this.programs.set(program.id, program);
      this.accounts.set(program.id, {
        lamports: 1_141_440n,
        data: new Uint8Array(0),
        owner: builtins.has(program.id) ? NATIVE_LOADER : BPF_LOADER_UPGRADEABLE,
        executable: true,
        rentEpoch: 0n,
      });
    }
    const genesisHash = encodeBase58(createHash('sha256').update('launchtape-devnet genesis').digest());
    this.last = {
      slot: 0,
      parentSlot: 0,
      blockhash: genesisHash,
      previousBlockhash: genesisHash,
      blockHeight: 0,
      blockTime: this.timeOfSlot(0),
      transactions: [],
      accountWrites: [],
    };
    this.blocks.set(0, this.last);
    this.blockhashHeights.set(genesisHash, 0);
  }

  /** The slot being built: transactions executed now land in it. */
  get workingSlot(): number {
    return this.last.slot + 1;
  }

  get latestBlock(): Block {
    return this.last;
  }

  slotAt(commitment: Commitment): number {
    const processed = this.last.slot;
    if (commitment === 'processed') return processed;
    return Math.max(0, processed - (commitment === 'confirmed' ? this.options.confirmDepth : this.options.finalizeDepth));
  }

  blockAt(commitment: Commitment): Block {
    return this.blocks.get(this.slotAt(commitment)) ?? this.last;
  }

  getBlock(slot: number): Block | undefined {
    return this.blocks.get(slot);
  }

  /** Oldest slot whose block (and transactions) are still kept. */
  get firstRetainedSlot(): number {
    return Math.max(0, this.last.slot - this.options.retainSlots + 1);
  }

  timeOfSlot(slot: number): number {
    if (this.options.clock === 'wall') return Math.floor(Date.now() / 1000);
    return this.options.genesisUnixTime + Math.floor((slot * this.options.slotMs) / 1000);
  }

  /** Block height of the block that produced this blockhash, or undefined when unknown or too old. */
  blockhashHeight(blockhash: string): number | undefined {
    return this.blockhashHeights.get(blockhash);
  }

  isBlockhashValid(blockhash: string, commitment: Commitment = 'processed'): boolean {
    const height = this.blockhashHeights.get(blockhash);
    const current = this.blockAt(commitment).blockHeight;
    return height !== undefined && height <= current && current <= height + MAX_PROCESSING_AGE;
  }

  onBlock(listener: (block: Block) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Put an account in place directly (genesis, airdrops of tokens by the test faucet go through transactions). */
  setAccount(address: Address, account: Account): void {
    this.accounts.set(address, account);
    this.pendingWrites.push({ address, account, writeVersion: ++this.writeVersion, signature: null });
  }

  /** Validate and decode wire bytes; throws TransactionRejected with Solana's error. */
  check(wire: Uint8Array, options: { verifySignatures?: boolean } = {}): SanitizedTransaction {
    const tx = sanitizeTransaction(wire);
    if (options.verifySignatures !== false && !verifyTransactionSignatures(tx)) {
      throw new TransactionRejected('SignatureFailure', 'Transaction did not pass signature verification');
    }
    const height = this.blockhashHeights.get(tx.recentBlockhash);
    if (height === undefined || this.last.blockHeight + 1 > height + MAX_PROCESSING_AGE) {
      throw new TransactionRejected('BlockhashNotFound', 'Blockhash not found');
    }
    // A validator knows a transaction by its message, not its first signature: the same message signed again
    // (a co-signer filling an empty signature slot, or a different fee-payer signature) is the same transaction.
    const message = messageHash(tx.messageBytes);
    if (this.landedMessages.has(message) || this.pendingMessages.has(message)) {
      throw new TransactionRejected('AlreadyProcessed', 'This transaction has already been processed');
    }
    return tx;
  }

  private clock() {
    const slot = this.workingSlot;
    return { slot: BigInt(slot), unixTimestamp: BigInt(this.timeOfSlot(slot)) };
  }

  /** Run without committing (simulateTransaction). */
  simulate(tx: SanitizedTransaction): ExecutionResult {
    return executeTransaction({ accounts: this.accounts, programs: this.programs, clock: this.clock() }, tx);
  }

  /** Execute into the working slot. Refusals (fee payer, budget) throw and nothing lands. */
  execute(tx: SanitizedTransaction): ExecutedTransaction {
    const result = executeTransaction({ accounts: this.accounts, programs: this.programs, clock: this.clock() }, tx);
    for (const write of result.writes) {
      this.accounts.set(write.address, write.account);
      this.pendingWrites.push({ ...write, writeVersion: ++this.writeVersion, signature: tx.signature });
    }
    const slot = this.workingSlot;
    const executed: ExecutedTransaction = {
      signature: tx.signature,
      signatures: tx.signatures,
      wire: tx.wire,
      messageBytes: tx.messageBytes,
      version: tx.version,
      accountKeys: tx.accountKeys,
      header: tx.header,
      recentBlockhash: tx.recentBlockhash,
      instructions: tx.instructions,
      meta: result.meta,
      slot,
      index: this.pending.length,
      blockTime: this.timeOfSlot(slot),
    };
    this.pending.push(executed);
    this.pendingMessages.add(messageHash(tx.messageBytes));
    return executed;
  }

  /** Check, then execute: the path of sendTransaction and of the simulator. */
  submit(wire: Uint8Array, options: { verifySignatures?: boolean } = {}): ExecutedTransaction {
    return this.execute(this.check(wire, options));
  }

  /** Seal the working slot into a block and advance. */
  produceBlock(): Block {
    const slot = this.workingSlot;
    const hash = createHash('sha256').update(this.last.blockhash).update(String(slot));
    for (const tx of this.pending) hash.update(tx.signatures[0]!);
    const block: Block = {
      slot,
      parentSlot: this.last.slot,
      blockhash: encodeBase58(hash.digest()),
      previousBlockhash: this.last.blockhash,
      blockHeight: this.last.blockHeight + 1,
      blockTime: this.timeOfSlot(slot),
      transactions: this.pending,
      accountWrites: this.pendingWrites,
    };
    for (const tx of block.transactions) this.statuses.set(tx.signature, { slot, index: tx.index });
    for (const message of this.pendingMessages) this.landedMessages.set(message, block.blockHeight);
    this.pending = [];
    this.pendingWrites = [];
    this.pendingMessages = new Set();
    this.last = block;
    this.blocks.set(slot, block);
    this.blockhashHeights.set(block.blockhash, block.blockHeight);
    this.prune();
    for (const listener of this.listeners) listener(block);
    return block;
  }

  private prune(): void {
    const oldestHeight = this.last.blockHeight - MAX_PROCESSING_AGE - 150;
    // A message older than its blockhash's life can no longer land again: its blockhash is refused first.
    for (const [message, height] of this.landedMessages) {
      if (height >= this.last.blockHeight - MAX_PROCESSING_AGE) break;
      this.landedMessages.delete(message);
    }
    if (this.blockhashHeights.size > 2 * (MAX_PROCESSING_AGE + 150)) {
      for (const [hash, height] of this.blockhashHeights) if (height < oldestHeight) this.blockhashHeights.delete(hash);
    }
    const dropSlot = this.last.slot - this.options.retainSlots;
    const dropped = this.blocks.get(dropSlot);
    if (dropped) {
      this.blocks.delete(dropSlot);
      for (const tx of dropped.transactions) this.statuses.delete(tx.signature);
    }
  }

  /** Status of a landed transaction, or null when unknown (or older than retention). */
  signatureStatus(signature: string): SignatureStatus | null {
    const found = this.statuses.get(signature);
    if (!found) return null;
    const tx = this.blocks.get(found.slot)?.transactions[found.index];
    if (!tx) return null;
    const depth = this.last.slot - found.slot;
    const confirmationStatus: Commitment = depth >= this.options.finalizeDepth ? 'finalized' : depth >= this.options.confirmDepth ? 'confirmed' : 'processed';
    return {
      slot: found.slot,
      err: tx.meta.err,
      confirmations: confirmationStatus === 'finalized' ? null : depth,
      confirmationStatus,
    };
  }

  getTransaction(signature: string): ExecutedTransaction | null {
    const found = this.statuses.get(signature);
    return (found && this.blocks.get(found.slot)?.transactions[found.index]) || null;
  }

  getAccount(address: Address): Account | undefined {
    return this.accounts.get(address);
  }

  /**
   * Continue a persisted chain in this fresh bank (ledger store restart): its retained blocks, oldest
   * first and the latest last, blockhashes of older blocks still recent, and the write version
   * reached. Accounts are loaded into `accounts` separately.
   */
  restoreState(state: { blocks: Block[]; blockhashes: Iterable<[string, number]>; writeVersion: bigint }): void {
    const last = state.blocks[state.blocks.length - 1];
    if (!last || this.last.slot !== 0 || this.pending.length > 0) throw new Error('restoreState needs a fresh bank and at least one block');
    for (const [hash, height] of state.blockhashes) this.blockhashHeights.set(hash, height);
    for (const block of state.blocks) {
      this.blocks.set(block.slot, block);
      this.blockhashHeights.set(block.blockhash, block.blockHeight);
      for (const tx of block.transactions) {
        this.statuses.set(tx.signature, { slot: block.slot, index: tx.index });
        if (block.blockHeight >= last.blockHeight - MAX_PROCESSING_AGE) this.landedMessages.set(messageHash(tx.messageBytes), block.blockHeight);
      }
    }
    if (last.slot >= this.options.retainSlots) this.blocks.delete(0); // as prune() would have by now
    this.last = last;
    this.writeVersion = state.writeVersion;
  }
}
