// A digest of the whole account state, to compare two ledgers (same seed, same actions → same digest).
import { createHash } from 'node:crypto';
import type { Bank } from '../ledger/bank.js';

export function accountsDigest(bank: Bank): string {
  const hash = createHash('sha256');
  const entries = [...bank.accounts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [address, account] of entries) {
    hash.update(address).update(account.lamports.toString()).update(account.owner).update(account.data);
  }
  return hash.digest('hex');
}

/** Total lamports held by every account. */
export function totalLamports(bank: Bank): bigint {
  let total = 0n;
  for (const [, account] of bank.accounts.entries()) total += account.lamports;
  return total;
}
