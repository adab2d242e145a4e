// What a landed transaction did, read straight from its metadata: the raw-unit facts the decoded events
// are checked against (token and lamport deltas per wallet, rent paid for accounts it created).
import type { RawTransaction } from '../../ingest/raw/raw-transaction.js';

/** Change of `owner`'s holdings of `mint` over all its token accounts. */
export function tokenDelta(raw: RawTransaction, owner: string, mint: string): bigint {
  const sum = (list: RawTransaction['meta']['preTokenBalances']) =>
    list.filter((b) => b.owner === owner && b.mint === mint).reduce((total, b) => total + BigInt(b.amount), 0n);
  return sum(raw.meta.postTokenBalances) - sum(raw.meta.preTokenBalances);
}

export function lamportDelta(raw: RawTransaction, address: string): bigint {
  const i = raw.accountKeys.indexOf(address);
  return i < 0 ? 0n : BigInt(raw.meta.postBalances[i]!) - BigInt(raw.meta.preBalances[i]!);
}

export function postLamports(raw: RawTransaction, address: string): string {
  return raw.meta.postBalances[raw.accountKeys.indexOf(address)]!;
}

/** Lamports that went into accounts the transaction created (rent), other than `except`. */
export function rentOfNewAccounts(raw: RawTransaction, except: string): bigint {
  let total = 0n;
  raw.accountKeys.forEach((key, i) => {
    if (key !== except && raw.meta.preBalances[i] === '0') total += BigInt(raw.meta.postBalances[i]!);
  });
  return total;
}

/** The fee, charged to the first key. */
export function feeOf(raw: RawTransaction, payer: string): bigint {
  return raw.accountKeys[0] === payer ? BigInt(raw.meta.fee) : 0n;
}
