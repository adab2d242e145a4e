// Keeper memos (schemas/programs/keeper-memo.ts) in a transaction, trusted only when a configured
// service wallet signed them: the memo instruction's signer accounts, or the fee payer when the memo
// names none. Each carries its ordinal among the transaction's memos (its event id).
import type { Address } from '@solana/kit';
import { decodeKeeperMemo, type KeeperMemo } from '../../../schemas/programs/keeper-memo.js';
import type { DecodeContext } from '../context.js';
import type { Invocation, TxView } from '../tx-view.js';

/** SPL Memo v2, the v1 address, and the address @solana-program/memo builds for by default. */
export const MEMO_PROGRAM_IDS: ReadonlySet<string> = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
  'Memo4c2pN8afCj432Lb7RMVKi9PbQnnW7ewFFaV3oAH',
]);

export interface KeeperMemoCall<K extends KeeperMemo['kind'] = KeeperMemo['kind']> {
  ix: Invocation;
  memo: Extract<KeeperMemo, { kind: K }>;
  /** The trusted service wallet that signed it. */
  signer: Address;
  /** Position among the transaction's memos, from 0. */
  ordinal: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function text(data: Uint8Array): string | null {
  try {
    return utf8.decode(data);
  } catch {
    return null;
  }
}

function trustedSigner(tx: TxView, ctx: DecodeContext, ix: Invocation): Address | null {
  const candidates = ix.accounts.length > 0 ? ix.accounts : [tx.feePayer];
  return candidates.find((account) => tx.signers.has(account) && ctx.trustedSigners.has(account)) ?? null;
}

/** Trusted keeper memos of one kind. */
export function keeperMemos<K extends KeeperMemo['kind']>(tx: TxView, ctx: DecodeContext, kind: K): KeeperMemoCall<K>[] {
  const out: KeeperMemoCall<K>[] = [];
  let ordinal = 0;
  for (const ix of tx.invocations) {
    if (!MEMO_PROGRAM_IDS.has(ix.programId)) continue;
    const position = ordinal++;
    const content = text(ix.data);
    const memo = content === null ? null : decodeKeeperMemo(content);
    if (!memo || memo.kind !== kind) continue;
    const signer = trustedSigner(tx, ctx, ix);
    if (signer) out.push({ ix, memo: memo as Extract<KeeperMemo, { kind: K }>, signer, ordinal: position });
  }
  return out;
}
