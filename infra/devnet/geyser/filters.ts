// A subscriber's parsed filters and how each matches a message, with Yellowstone's semantics:
// every condition inside one named filter must hold; an update carries the names that matched.
import { SlotStatus } from '@triton-one/yellowstone-grpc';
import type { Commitment } from '../ledger/bank.js';
import type { AccountWrite, ExecutedTransaction, TokenBalance } from '../runtime/types.js';
import type { DataSlices } from './encode-updates.js';

export type TokenAccountsMode = 'all' | 'balanceChanged';

export interface TransactionFilter {
  name: string;
  vote?: boolean;
  failed?: boolean;
  signature?: string;
  include: Set<string>;
  exclude: Set<string>;
  required: string[];
  /** Also match owners of the transaction's token balances (Yellowstone's `tokenAccounts`). */
  tokenAccounts?: TokenAccountsMode;
}

export interface AccountState {
  memcmp: { offset: number; bytes: Uint8Array }[];
  datasize?: number;
  tokenAccountState: boolean;
  lamports: { op: 'eq' | 'ne' | 'lt' | 'gt'; value: bigint }[];
}

export interface AccountFilter {
  name: string;
  accounts?: Set<string>;
  owners?: Set<string>;
  state?: AccountState;
  nonemptyTxnSignature?: boolean;
}

export interface SlotFilter {
  name: string;
  filterByCommitment: boolean;
  interslotUpdates: boolean;
}

export interface BlockFilter {
  name: string;
  /** Identifies what the filter selects (accounts and inclusions), for frame caches. */
  key: string;
  include: Set<string>;
  includeTransactions: boolean;
  includeAccounts: boolean;
  includeEntries: boolean;
}

export interface SessionFilter {
  commitment: Commitment;
  accounts: AccountFilter[];
  slots: SlotFilter[];
  transactions: TransactionFilter[];
  transactionsStatus: TransactionFilter[];
  blocks: BlockFilter[];
  blocksMeta: string[];
  entry: string[];
  slices: DataSlices;
  /** Identifies `slices` in frame caches. */
  sliceKey: string;
}

export const EMPTY_FILTER: SessionFilter = {
  commitment: 'processed',
  accounts: [],
  slots: [],
  transactions: [],
  transactionsStatus: [],
  blocks: [],
  blocksMeta: [],
  entry: [],
  slices: [],
  sliceKey: '',
};

function tokenOwners(tx: ExecutedTransaction, mode: TokenAccountsMode): Set<string> {
  const { preTokenBalances: pre, postTokenBalances: post } = tx.meta;
  if (mode === 'all') return new Set([...pre, ...post].map((b) => b.owner));
  const before = new Map<number, TokenBalance>(pre.map((b) => [b.accountIndex, b]));
  const changed = new Set<string>();
  for (const balance of post) {
    if (before.get(balance.accountIndex)?.uiTokenAmount.amount !== balance.uiTokenAmount.amount) changed.add(balance.owner);
    before.delete(balance.accountIndex);
  }
  for (const closed of before.values()) changed.add(closed.owner);
  return changed;
}

export function matchTransaction(filter: TransactionFilter, tx: ExecutedTransaction, isVote: boolean): boolean {
  if (filter.vote !== undefined && filter.vote !== isVote) return false;
  if (filter.failed !== undefined && filter.failed !== (tx.meta.err !== null)) return false;
  if (filter.signature !== undefined && filter.signature !== tx.signature) return false;
  const owners = filter.tokenAccounts ? tokenOwners(tx, filter.tokenAccounts) : undefined;
  const keys = owners ? [...tx.accountKeys, ...owners] : tx.accountKeys;
  if (filter.required.length > 0) {
    const present = new Set(keys);
    if (!filter.required.every((key) => present.has(key))) return false;
  }
  if (filter.include.size > 0 && !keys.some((key) => filter.include.has(key))) return false;
  if (filter.exclude.size > 0 && keys.some((key) => filter.exclude.has(key))) return false;
  return true;
}

/** spl-token's `valid_account_data`: an initialised token account (plain, or Token-2022 with extensions). */
function isTokenAccountData(data: Uint8Array): boolean {
  const initialized = (data[108] ?? 0) !== 0;
  if (data.length === 165) return initialized;
  return data.length > 165 && data.length !== 355 && data[165] === 2 && initialized;
}

function matchState(state: AccountState, write: AccountWrite): boolean {
  const { data, lamports } = write.account;
  if (state.datasize !== undefined && data.length !== state.datasize) return false;
  if (state.tokenAccountState && !isTokenAccountData(data)) return false;
  for (const { op, value } of state.lamports) {
    const ok = op === 'eq' ? lamports === value : op === 'ne' ? lamports !== value : op === 'lt' ? lamports < value : lamports > value;
    if (!ok) return false;
  }
  for (const { offset, bytes } of state.memcmp) {
    if (data.length < offset + bytes.length) return false;
    for (let i = 0; i < bytes.length; i++) if (data[offset + i] !== bytes[i]) return false;
  }
  return true;
}

export function matchAccount(filter: AccountFilter, write: AccountWrite): boolean {
  if (filter.nonemptyTxnSignature !== undefined && filter.nonemptyTxnSignature !== (write.signature !== null)) return false;
  if (filter.accounts && !filter.accounts.has(write.address)) return false;
  if (filter.owners && !filter.owners.has(write.account.owner)) return false;
  return !filter.state || matchState(filter.state, write);
}

const STATUS_OF: Record<Commitment, SlotStatus> = {
  processed: SlotStatus.SLOT_PROCESSED,
  confirmed: SlotStatus.SLOT_CONFIRMED,
  finalized: SlotStatus.SLOT_FINALIZED,
};

export function matchSlot(filter: SlotFilter, status: SlotStatus, commitment: Commitment): boolean {
  if (filter.filterByCommitment && status !== STATUS_OF[commitment]) return false;
  const commitmentStatus = status === SlotStatus.SLOT_PROCESSED || status === SlotStatus.SLOT_CONFIRMED || status === SlotStatus.SLOT_FINALIZED;
  return filter.interslotUpdates || commitmentStatus;
}

export function blockIncludesTransaction(filter: BlockFilter, tx: ExecutedTransaction): boolean {
  return filter.include.size === 0 || tx.accountKeys.some((key) => filter.include.has(key));
}

export function blockIncludesAccount(filter: BlockFilter, write: AccountWrite): boolean {
  return filter.include.size === 0 || filter.include.has(write.address);
}
