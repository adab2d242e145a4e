// Simulating a transaction against the bank view at a commitment: the checks a validator makes
// before execution (blockhash age at that view, already processed, fee payer), then an execution
// that commits nothing. Shared by sendTransaction's preflight and simulateTransaction.
import { MAX_PROCESSING_AGE } from '../ledger/bank.js';
import { TransactionRejected, type SanitizedTransaction } from '../runtime/sanitize.js';
import type { Account, TransactionErrorValue, TransactionMeta } from '../runtime/types.js';
import { blockAtSlot, type RpcContext } from './context.js';

/** Bytes charged per loaded account on top of its data (agave's TRANSACTION_ACCOUNT_BASE_SIZE). */
const TRANSACTION_ACCOUNT_BASE_SIZE = 64;

export interface SimulationOutcome {
  err: TransactionErrorValue | null;
  logs: string[];
  unitsConsumed: bigint;
  loadedAccountsDataSize: number;
  /** Present when the transaction executed (successfully or not). */
  meta?: TransactionMeta;
  /** Accounts after execution, writable ones only. */
  writes?: Map<string, Account | undefined>;
}

const refused = (err: TransactionErrorValue): SimulationOutcome => ({ err, logs: [], unitsConsumed: 0n, loadedAccountsDataSize: 0 });

/** Whether the blockhash is in the queue of the bank at `slot` and young enough to land after it. */
function blockhashValidAt(ctx: RpcContext, blockhash: string, slot: number): boolean {
  const height = ctx.bank.blockhashHeight(blockhash);
  const current = blockAtSlot(ctx, slot).blockHeight;
  return height !== undefined && height <= current && current + 1 <= height + MAX_PROCESSING_AGE;
}

export function simulateAt(ctx: RpcContext, tx: SanitizedTransaction, slot: number): SimulationOutcome {
  if (!blockhashValidAt(ctx, tx.recentBlockhash, slot)) return refused('BlockhashNotFound');
  try {
    ctx.bank.check(tx.wire, { verifySignatures: false });
    const result = ctx.bank.simulate(tx);
    let loadedAccountsDataSize = 0;
    for (const key of tx.accountKeys) {
      const account = ctx.bank.getAccount(key);
      if (account) loadedAccountsDataSize += account.data.length + TRANSACTION_ACCOUNT_BASE_SIZE;
    }
    const writes = new Map<string, Account | undefined>();
    for (const write of result.writes) writes.set(write.address, write.account.lamports === 0n ? undefined : write.account);
    return {
      err: result.meta.err,
      logs: result.meta.logMessages,
      unitsConsumed: result.meta.computeUnitsConsumed,
      loadedAccountsDataSize,
      meta: result.meta,
      writes,
    };
  } catch (error) {
    if (error instanceof TransactionRejected) return refused(error.err);
    throw error;
  }
}
