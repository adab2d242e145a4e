// Ground truth for tests: the balance of every owner for every mint (and of every address in
// lamports) at every slot, folded from the metadata of each landed transaction.
import type { Address } from '@solana/kit';
import type { Block } from '../ledger/bank.js';
import type { ExecutedTransaction } from '../runtime/types.js';

/** The pseudo-mint under which lamport balances are kept. */
export const SOL = 'SOL' as const;

export interface BalanceChange {
  owner: string;
  mint: string;
  slot: number;
  amount: bigint;
}

class History {
  readonly slots: number[] = [];
  readonly amounts: bigint[] = [];

  get latest(): bigint {
    return this.amounts.length ? this.amounts[this.amounts.length - 1]! : 0n;
  }

  record(slot: number, amount: bigint): void {
    const last = this.slots.length - 1;
    if (last >= 0 && this.slots[last] === slot) this.amounts[last] = amount;
    else {
      this.slots.push(slot);
      this.amounts.push(amount);
    }
  }

  at(slot: number): bigint {
    let lo = 0;
    let hi = this.slots.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.slots[mid]! <= slot) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found < 0 ? 0n : this.amounts[found]!;
  }
}

export class BalanceHistory {
  private readonly byMint = new Map<string, Map<string, History>>();
  private readonly listeners = new Set<(change: BalanceChange) => void>();

  private history(mint: string, owner: string): History {
    let owners = this.byMint.get(mint);
    if (!owners) this.byMint.set(mint, (owners = new Map()));
    let history = owners.get(owner);
    if (!history) owners.set(owner, (history = new History()));
    return history;
  }

  /** Every recorded change, as it is recorded (persistence listens here). */
  onChange(listener: (change: BalanceChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  record(change: BalanceChange): void {
    this.history(change.mint, change.owner).record(change.slot, change.amount);
    for (const listener of this.listeners) listener(change);
  }

  applyTransaction(tx: ExecutedTransaction): void {
    const { meta, slot } = tx;
    const deltas = new Map<string, { mint: string; owner: string; delta: bigint }>();
    const add = (mint: string, owner: string, delta: bigint) => {
      const key = `${mint}|${owner}`;
      const entry = deltas.get(key);
      if (entry) entry.delta += delta;
      else deltas.set(key, { mint, owner, delta });
    };
    for (const [i, key] of tx.accountKeys.entries()) add(SOL, key, meta.postBalances[i]! - meta.preBalances[i]!);
    for (const pre of meta.preTokenBalances) add(pre.mint, pre.owner, -BigInt(pre.uiTokenAmount.amount));
    for (const post of meta.postTokenBalances) add(post.mint, post.owner, BigInt(post.uiTokenAmount.amount));
    for (const { mint, owner, delta } of deltas.values()) {
      if (delta !== 0n) this.record({ owner, mint, slot, amount: this.history(mint, owner).latest + delta });
    }
  }

  applyBlock(block: Block): void {
    for (const tx of block.transactions) this.applyTransaction(tx);
  }

  /** Owner's total balance of a mint (all its token accounts), or lamports with mint = SOL, at the end of a slot. */
  balanceAt(owner: Address | string, mint: Address | string, slot: number): bigint {
    return this.byMint.get(mint)?.get(owner)?.at(slot) ?? 0n;
  }

  balance(owner: Address | string, mint: Address | string): bigint {
    return this.byMint.get(mint)?.get(owner)?.latest ?? 0n;
  }

  /** Every owner with a non-zero balance of the mint at the end of the slot. */
  holdersAt(mint: Address | string, slot: number): Map<string, bigint> {
    const out = new Map<string, bigint>();
    for (const [owner, history] of this.byMint.get(mint) ?? []) {
      const amount = history.at(slot);
      if (amount !== 0n) out.set(owner, amount);
    }
    return out;
  }
}
