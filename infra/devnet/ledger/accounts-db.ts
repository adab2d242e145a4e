// The devnet's account state: every account by address, as of the latest executed transaction.
import type { Address } from '@solana/kit';
import type { Account } from '../runtime/types.js';

export class AccountsDb {
  private readonly accounts = new Map<string, Account>();

  get(address: Address): Account | undefined {
    return this.accounts.get(address);
  }

  /** Store an account; one with no lamports is gone, as on Solana. */
  set(address: Address, account: Account): void {
    if (account.lamports === 0n) this.accounts.delete(address);
    else this.accounts.set(address, account);
  }

  get size(): number {
    return this.accounts.size;
  }

  entries(): IterableIterator<[string, Account]> {
    return this.accounts.entries();
  }
}
