// Validation of the account filters of a SubscribeRequest (pubkeys, owners, memcmp / datasize /
// token-account-state / lamports conditions, data slices), with Yellowstone's limits and messages.
import type { SubscribeRequestAccountsDataSlice, SubscribeRequestFilterAccounts, SubscribeRequestFilterAccountsFilter } from '@triton-one/yellowstone-grpc';
import { getBase58Encoder } from '@solana/kit';
import type { AccountFilter, AccountState } from './filters.js';
import { FilterError, pubkeySet, type FilterLimits } from './request-checks.js';

const MAX_STATE_FILTERS = 4;
const MAX_MEMCMP_BYTES = 128;
const MAX_MEMCMP_BASE58 = 175;
const MAX_MEMCMP_BASE64 = 172;
const base58 = getBase58Encoder();

function memcmpBytes(memcmp: NonNullable<SubscribeRequestFilterAccountsFilter['memcmp']>): Uint8Array {
  let bytes: Uint8Array;
  if (memcmp.bytes !== undefined) {
    bytes = memcmp.bytes;
  } else if (memcmp.base58 !== undefined) {
    if (memcmp.base58.length > MAX_MEMCMP_BASE58) throw new FilterError('data too large');
    try {
      bytes = new Uint8Array(base58.encode(memcmp.base58));
    } catch {
      throw new FilterError('invalid base58');
    }
  } else if (memcmp.base64 !== undefined) {
    if (memcmp.base64.length > MAX_MEMCMP_BASE64) throw new FilterError('data too large');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(memcmp.base64) || memcmp.base64.length % 4 !== 0) throw new FilterError('invalid base64');
    bytes = new Uint8Array(Buffer.from(memcmp.base64, 'base64'));
  } else {
    throw new FilterError('data for memcmp should be defined');
  }
  if (bytes.length > MAX_MEMCMP_BYTES) throw new FilterError('data too large');
  return bytes;
}

function lamportsCondition(cmp: NonNullable<SubscribeRequestFilterAccountsFilter['lamports']>): AccountState['lamports'][number] {
  for (const op of ['eq', 'ne', 'lt', 'gt'] as const) {
    const value = cmp[op];
    if (value !== undefined) return { op, value: BigInt(value) };
  }
  throw new FilterError('cmp for lamports should be defined');
}

function accountState(filters: readonly SubscribeRequestFilterAccountsFilter[]): AccountState | undefined {
  if (filters.length > MAX_STATE_FILTERS) throw new FilterError(`Too many filters provided; max ${MAX_STATE_FILTERS}`);
  if (filters.length === 0) return undefined;
  const state: AccountState = { memcmp: [], tokenAccountState: false, lamports: [] };
  for (const filter of filters) {
    if (filter.memcmp) {
      state.memcmp.push({ offset: Number(filter.memcmp.offset), bytes: memcmpBytes(filter.memcmp) });
    } else if (filter.datasize !== undefined) {
      if (state.datasize !== undefined) throw new FilterError('datasize used more than once');
      state.datasize = Number(filter.datasize);
    } else if (filter.tokenAccountState !== undefined) {
      if (!filter.tokenAccountState) throw new FilterError('token_account_state only allowed to be true');
      state.tokenAccountState = true;
    } else if (filter.lamports) {
      state.lamports.push(lamportsCondition(filter.lamports));
    } else {
      throw new FilterError('filter should be defined');
    }
  }
  return state;
}

export function parseAccountFilter(name: string, filter: SubscribeRequestFilterAccounts, limits: FilterLimits): AccountFilter {
  if (filter.cuckooAccountsFilter) throw new FilterError('cuckoo account filters are not supported by the devnet');
  const where = `accounts["${name}"]`;
  const parsed: AccountFilter = { name };
  if (filter.account.length > 0) parsed.accounts = pubkeySet(filter.account, limits, `${where}.account`);
  if (filter.owner.length > 0) parsed.owners = pubkeySet(filter.owner, limits, `${where}.owner`);
  const state = accountState(filter.filters);
  if (state) parsed.state = state;
  if (filter.nonemptyTxnSignature !== undefined) parsed.nonemptyTxnSignature = filter.nonemptyTxnSignature;
  return parsed;
}

/** `accountsDataSlice`: ranges in increasing order, not overlapping. */
export function parseDataSlices(slices: readonly SubscribeRequestAccountsDataSlice[], limits: FilterLimits) {
  if (slices.length > limits.maxDataSlices) {
    throw new FilterError(`Max amount of filters/data_slices reached, only ${limits.maxDataSlices} allowed`);
  }
  const ranges = slices.map((s) => ({ start: Number(s.offset), end: Number(s.offset) + Number(s.length) }));
  ranges.forEach((range, i) => {
    if (ranges.slice(i + 1).some((later) => range.start > later.start)) throw new FilterError('data slices out of order');
    if (ranges.slice(0, i).some((earlier) => range.start < earlier.end)) throw new FilterError('data slices overlapped');
  });
  return { slices: ranges, sliceKey: ranges.map((r) => `${r.start}-${r.end}`).join(',') };
}
