// What every RPC method works with: the bank, the faucet key, commitment-aware account reads, chain
// counters; plus choosing the bank view for a commitment (with minContextSlot) and wrapping values
// in Solana's `{ context: { slot, apiVersion }, value }`.
import { createHash } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';
import type { Ed25519KeyPair } from '../../crypto/ed25519.js';
import type { Bank, Block, Commitment } from '../ledger/bank.js';
import { AccountHistory } from './account-history.js';
import type { ContextConfig } from './config.js';
import { minContextSlotNotReached } from './errors.js';

/** The agave release this server answers as (getVersion, apiVersion). */
export const SOLANA_CORE_VERSION = '2.3.13';
export const FEATURE_SET = 3_604_001_754;
export const SLOTS_PER_EPOCH = 432_000;

export interface RpcContext {
  readonly bank: Bank;
  readonly faucet: Ed25519KeyPair;
  readonly history: AccountHistory;
  readonly genesisHash: string;
  /** Transactions landed so far (getEpochInfo.transactionCount). */
  transactionCount(slot: number): number;
  close(): void;
}

export function createRpcContext(bank: Bank, faucet: Ed25519KeyPair): RpcContext {
  const history = new AccountHistory(bank);
  // Count what the bank still holds, then every new block.
  const perSlot = new Map<number, number>();
  let total = 0;
  for (let s = bank.firstRetainedSlot; s <= bank.latestBlock.slot; s++) total += bank.getBlock(s)?.transactions.length ?? 0;
  const stop = bank.onBlock((block: Block) => {
    total += block.transactions.length;
    perSlot.set(block.slot, total);
    if (perSlot.size > 64) perSlot.delete(perSlot.keys().next().value!);
  });
  const genesisHash = bank.getBlock(0)?.blockhash ?? getBase58Decoder().decode(createHash('sha256').update('launchtape-devnet genesis').digest());
  return {
    bank,
    faucet,
    history,
    genesisHash,
    transactionCount: (slot) => perSlot.get(slot) ?? total,
    close: () => {
      stop();
      history.close();
    },
  };
}

/** The slot a request reads at: its commitment (finalized by default), checked against minContextSlot. */
export function contextSlot(ctx: RpcContext, config: ContextConfig | undefined): number {
  const slot = ctx.bank.slotAt(config?.commitment ?? 'finalized');
  if (config?.minContextSlot !== undefined && slot < config.minContextSlot) throw minContextSlotNotReached(slot);
  return slot;
}

export function blockAtSlot(ctx: RpcContext, slot: number): Block {
  return ctx.bank.getBlock(slot) ?? ctx.bank.latestBlock;
}

export function commitmentOf(config: { commitment?: Commitment } | undefined): Commitment {
  return config?.commitment ?? 'finalized';
}

export interface RpcResponse<T> {
  context: { slot: number; apiVersion: string };
  value: T;
}

export function withContext<T>(slot: number, value: T): RpcResponse<T> {
  return { context: { slot, apiVersion: SOLANA_CORE_VERSION }, value };
}
