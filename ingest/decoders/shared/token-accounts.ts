// Token accounts as a transaction's metadata reports them: who owns one (the wallet whose coins moved)
// and how each account's balance of a mint changed, from pre/post token balances.
import type { Address } from '@solana/kit';
import type { RawTokenBalance } from '../../raw/raw-transaction.js';
import type { TxView } from '../tx-view.js';

export interface TokenAccountChange {
  accountIndex: number;
  account: Address;
  mint: string;
  owner: string;
  programId: string;
  decimals: number;
  pre: bigint;
  post: bigint;
}

/** The owner of a token account the transaction touched (post balance first, else pre), or null. */
export function tokenAccountOwner(tx: TxView, account: Address | undefined): string | null {
  if (!account) return null;
  const index = tx.keys.indexOf(account);
  if (index < 0) return null;
  const { postTokenBalances, preTokenBalances } = tx.raw.meta;
  return (postTokenBalances.find((b) => b.accountIndex === index) ?? preTokenBalances.find((b) => b.accountIndex === index))?.owner ?? null;
}

/** Every token account in the balances, with its amounts before and after (0 when absent), in account order. */
export function tokenAccountChanges(tx: TxView): TokenAccountChange[] {
  const byIndex = new Map<number, { pre?: RawTokenBalance; post?: RawTokenBalance }>();
  for (const pre of tx.raw.meta.preTokenBalances) byIndex.set(pre.accountIndex, { ...byIndex.get(pre.accountIndex), pre });
  for (const post of tx.raw.meta.postTokenBalances) byIndex.set(post.accountIndex, { ...byIndex.get(post.accountIndex), post });
  return [...byIndex.entries()]
    .sort(([a], [b]) => a - b)
    .map(([accountIndex, { pre, post }]) => {
      const any = (post ?? pre)!;
      return {
        accountIndex,
        account: tx.keys[accountIndex]!,
        mint: any.mint,
        owner: any.owner,
        programId: any.programId,
        decimals: any.decimals,
        pre: BigInt(pre?.amount ?? '0'),
        post: BigInt(post?.amount ?? '0'),
      };
    });
}
