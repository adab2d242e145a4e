// Account state at a commitment level. The bank keeps only the latest state, so this folds every
// sealed block's account writes into short per-account histories (back to the finalized slot) and
// answers "what did this account hold at slot S" for the confirmed and finalized views.
import type { Address } from '@solana/kit';
import type { Bank, Block } from '../ledger/bank.js';
import type { Account } from '../runtime/types.js';

interface Version {
  slot: number;
  account: Account | undefined;
}

export class AccountHistory {
  /** Accounts as they were when observation began, for addresses not written since. */
  private readonly base = new Map<string, Account>();
  private readonly versions = new Map<string, Version[]>();
  /** Addresses written in each recent slot, for scans and account notifications. */
  private readonly writtenAt = new Map<number, Set<string>>();
  private readonly stop: () => void;

  constructor(private readonly bank: Bank) {
    for (const [address, account] of bank.accounts.entries()) this.base.set(address, account);
    this.stop = bank.onBlock((block) => this.record(block));
  }

  close(): void {
    this.stop();
  }

  private record(block: Block): void {
    const finalized = this.bank.slotAt('finalized');
    const written = new Set<string>();
    for (const write of block.accountWrites) {
      written.add(write.address);
      const account = write.account.lamports === 0n ? undefined : write.account;
      let list = this.versions.get(write.address);
      if (!list) {
        list = [{ slot: -1, account: this.base.get(write.address) }];
        this.base.delete(write.address);
        this.versions.set(write.address, list);
      }
      const last = list[list.length - 1]!;
      if (last.slot === block.slot) last.account = account;
      else list.push({ slot: block.slot, account });
      // Keep the newest version at or before the finalized slot and everything after it.
      let keepFrom = 0;
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i]!.slot <= finalized) {
          keepFrom = i;
          break;
        }
      }
      if (keepFrom > 0) list.splice(0, keepFrom);
    }
    this.writtenAt.set(block.slot, written);
    for (const slot of this.writtenAt.keys()) {
      if (slot < finalized) this.writtenAt.delete(slot);
      else break;
    }
  }

  /** The account at `slot` (a slot at or after the finalized one); the latest state for the newest slot. */
  get(address: Address, slot: number): Account | undefined {
    if (slot >= this.bank.latestBlock.slot) return this.bank.getAccount(address);
    const list = this.versions.get(address);
    if (!list) return this.base.get(address);
    for (let i = list.length - 1; i >= 0; i--) if (list[i]!.slot <= slot) return list[i]!.account;
    return list[0]!.account;
  }

  /** Addresses written in slots after `slot` up to the newest sealed one. */
  writtenAfter(slot: number): Set<string> {
    const out = new Set<string>();
    for (const [s, addresses] of this.writtenAt) if (s > slot) for (const a of addresses) out.add(a);
    return out;
  }

  /** Addresses written in one sealed slot. */
  writtenIn(slot: number): ReadonlySet<string> {
    return this.writtenAt.get(slot) ?? new Set();
  }
}
