// getRecentPrioritizationFees: per recent block with transactions, the lowest compute-unit price
// paid, raised to the lowest price paid by transactions write-locking any of the given accounts.
import { MAX_PROCESSING_AGE } from '../../ledger/bank.js';
import { isWritableIndex, type SanitizedTransaction } from '../../runtime/sanitize.js';
import type { ExecutedTransaction } from '../../runtime/types.js';
import { COMPUTE_BUDGET_PROGRAM } from '../../runtime/well-known.js';
import { verifyPubkey } from '../config.js';
import type { RpcContext } from '../context.js';
import type { MethodHandler } from '../dispatch.js';
import { invalidParams } from '../errors.js';
import { array, optional, parseParams, str } from '../params.js';

const MAX_TX_ACCOUNT_LOCKS = 128;

/** Micro-lamports per compute unit a transaction bids (SetComputeUnitPrice), 0 without one. */
function computeUnitPrice(tx: ExecutedTransaction): bigint {
  for (const ix of tx.instructions) {
    if (tx.accountKeys[ix.programIdIndex] === COMPUTE_BUDGET_PROGRAM && ix.data[0] === 3 && ix.data.length === 9) {
      return new DataView(ix.data.buffer, ix.data.byteOffset, 9).getBigUint64(1, true);
    }
  }
  return 0n;
}

const getRecentPrioritizationFees: MethodHandler<RpcContext> = (params, ctx) => {
  const [addresses] = parseParams(params, [optional(array(str))], 0);
  if ((addresses?.length ?? 0) > MAX_TX_ACCOUNT_LOCKS) throw invalidParams(`Too many inputs provided; max ${MAX_TX_ACCOUNT_LOCKS}`);
  const keys = new Set((addresses ?? []).map(verifyPubkey));
  const latest = ctx.bank.latestBlock.slot;
  const out: { slot: number; prioritizationFee: bigint }[] = [];
  for (let slot = Math.max(ctx.bank.firstRetainedSlot, latest - MAX_PROCESSING_AGE + 1); slot <= latest; slot++) {
    const block = ctx.bank.getBlock(slot);
    if (!block || block.transactions.length === 0) continue;
    let blockMin: bigint | null = null;
    const accountMin = new Map<string, bigint>();
    for (const tx of block.transactions) {
      const price = computeUnitPrice(tx);
      blockMin = blockMin === null || price < blockMin ? price : blockMin;
      tx.accountKeys.forEach((key, index) => {
        if (!keys.has(key) || !isWritableIndex(tx as unknown as SanitizedTransaction, index)) return;
        const current = accountMin.get(key);
        if (current === undefined || price < current) accountMin.set(key, price);
      });
    }
    let fee = blockMin ?? 0n;
    for (const price of accountMin.values()) if (price > fee) fee = price;
    out.push({ slot, prioritizationFee: fee });
  }
  return out;
};

export const priorityFeeMethods: [string, MethodHandler<RpcContext>][] = [['getRecentPrioritizationFees', getRecentPrioritizationFees]];
