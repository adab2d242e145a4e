// Turns a SubscribeRequest into a session's filters (or a FilterError), plus its ping id and
// fromSlot. Each request replaces the previous filters, as Yellowstone does.
import {
  CommitmentLevel,
  TokenAccountExpansionControlFlag,
  type SubscribeRequest,
  type SubscribeRequestFilterBlocks,
  type SubscribeRequestFilterSlots,
  type SubscribeRequestFilterTransactions,
} from '@triton-one/yellowstone-grpc';
import type { Commitment } from '../ledger/bank.js';
import { parseAccountFilter, parseDataSlices } from './account-filters.js';
import type { BlockFilter, SessionFilter, SlotFilter, TokenAccountsMode, TransactionFilter } from './filters.js';
import { checkFilterCount, checkFilterName, checkSignature, FilterError, pubkeySet, type FilterLimits } from './request-checks.js';

export interface ParsedRequest {
  filter: SessionFilter;
  /** Set when the request is a ping: answer with a pong and keep the filters. */
  ping?: number;
  fromSlot?: number;
}

function commitmentOf(value: number | undefined): Commitment {
  switch (value ?? CommitmentLevel.PROCESSED) {
    case CommitmentLevel.PROCESSED:
      return 'processed';
    case CommitmentLevel.CONFIRMED:
      return 'confirmed';
    case CommitmentLevel.FINALIZED:
      return 'finalized';
    default:
      throw new FilterError(`failed to create CommitmentLevel from ${value}`);
  }
}

function tokenAccountsMode(value: number | undefined): TokenAccountsMode | undefined {
  if (value === undefined) return undefined;
  if (value === TokenAccountExpansionControlFlag.ALL) return 'all';
  if (value === TokenAccountExpansionControlFlag.BALANCE_CHANGED) return 'balanceChanged';
  throw new FilterError(`invalid token_accounts mode value ${value}; expected ALL (0) or BALANCE_CHANGED (1)`);
}

function transactionFilters(kind: string, filters: Record<string, SubscribeRequestFilterTransactions>, limits: FilterLimits): TransactionFilter[] {
  const entries = Object.entries(filters);
  checkFilterCount(kind, entries.length, limits);
  return entries.map(([name, filter]) => {
    checkFilterName(name, limits);
    if (filter.cuckooAccountInclude) throw new FilterError('cuckoo account filters are not supported by the devnet');
    const where = `${kind}["${name}"]`;
    const parsed: TransactionFilter = {
      name,
      include: pubkeySet(filter.accountInclude, limits, `${where}.accountInclude`),
      exclude: pubkeySet(filter.accountExclude, limits, `${where}.accountExclude`),
      required: [...pubkeySet(filter.accountRequired, limits, `${where}.accountRequired`)],
    };
    if (filter.vote !== undefined) parsed.vote = filter.vote;
    if (filter.failed !== undefined) parsed.failed = filter.failed;
    if (filter.signature !== undefined) parsed.signature = checkSignature(filter.signature, `${where}.signature`);
    const mode = tokenAccountsMode(filter.tokenAccounts);
    if (mode) parsed.tokenAccounts = mode;
    return parsed;
  });
}

function blockFilter(name: string, filter: SubscribeRequestFilterBlocks, limits: FilterLimits): BlockFilter {
  checkFilterName(name, limits);
  if (filter.cuckooAccountInclude) throw new FilterError('cuckoo account filters are not supported by the devnet');
  const include = pubkeySet(filter.accountInclude, limits, `blocks["${name}"].accountInclude`);
  const includeTransactions = filter.includeTransactions ?? true;
  const includeAccounts = filter.includeAccounts ?? false;
  const includeEntries = filter.includeEntries ?? false;
  const key = `${[...include].sort().join(',')}:${+includeTransactions}${+includeAccounts}${+includeEntries}`;
  return { name, key, include, includeTransactions, includeAccounts, includeEntries };
}

function slotFilter(name: string, filter: SubscribeRequestFilterSlots, limits: FilterLimits): SlotFilter {
  checkFilterName(name, limits);
  return { name, filterByCommitment: filter.filterByCommitment ?? false, interslotUpdates: filter.interslotUpdates ?? false };
}

function names(kind: string, filters: Record<string, unknown>, limits: FilterLimits): string[] {
  const list = Object.keys(filters);
  checkFilterCount(kind, list.length, limits);
  for (const name of list) checkFilterName(name, limits);
  return list;
}

export function parseSubscribeRequest(request: SubscribeRequest, limits: FilterLimits): ParsedRequest {
  const accounts = Object.entries(request.accounts);
  checkFilterCount('accounts', accounts.length, limits);
  const slots = Object.entries(request.slots);
  checkFilterCount('slots', slots.length, limits);
  const blocks = Object.entries(request.blocks);
  checkFilterCount('blocks', blocks.length, limits);
  const filter: SessionFilter = {
    commitment: commitmentOf(request.commitment),
    accounts: accounts.map(([name, f]) => {
      checkFilterName(name, limits);
      return parseAccountFilter(name, f, limits);
    }),
    slots: slots.map(([name, f]) => slotFilter(name, f, limits)),
    transactions: transactionFilters('transactions', request.transactions, limits),
    transactionsStatus: transactionFilters('transactionsStatus', request.transactionsStatus, limits),
    blocks: blocks.map(([name, f]) => blockFilter(name, f, limits)),
    blocksMeta: names('blocksMeta', request.blocksMeta, limits),
    entry: names('entry', request.entry, limits),
    ...parseDataSlices(request.accountsDataSlice, limits),
  };
  const parsed: ParsedRequest = { filter };
  if (request.ping) parsed.ping = request.ping.id;
  if (request.fromSlot !== undefined) {
    const slot = BigInt(request.fromSlot);
    parsed.fromSlot = slot > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(slot);
  }
  return parsed;
}
