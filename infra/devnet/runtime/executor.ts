// Transaction execution: fee, compute budget, atomic run of every instruction with rollback on
// error, rent checks, and the metadata a validator reports (balances, token balances, logs, inner
// instructions). Refusals before execution (fee payer, budget) throw TransactionRejected.
import type { Address } from '@solana/kit';
import { invoke, type InvocationState, type ResolvedMeta, type WorkingAccount } from './invoke.js';
import { ProgramError, type Clock, type NativeProgram } from './program.js';
import { isWritableIndex, TransactionRejected, type SanitizedTransaction } from './sanitize.js';
import { isTokenProgram, readMintDecimals, readTokenBalance, uiAmountString } from './token-layout.js';
import type { Account, InnerInstructions, TokenBalance, TransactionErrorValue, TransactionMeta } from './types.js';
import {
  COMPUTE_BUDGET_PROGRAM,
  DEFAULT_INSTRUCTION_COMPUTE_UNITS,
  LAMPORTS_PER_SIGNATURE,
  MAX_COMPUTE_UNITS,
  rentExemptMinimum,
  SYSTEM_PROGRAM,
} from './well-known.js';

/** Read access to committed accounts. */
export interface AccountSource {
  get(address: Address): Account | undefined;
}

export interface ExecutionEnv {
  accounts: AccountSource;
  programs: ReadonlyMap<string, NativeProgram>;
  clock: Clock;
}

export interface ExecutionResult {
  meta: TransactionMeta;
  /** Accounts to commit (writable accounts of the transaction, post state), fee payer first. */
  writes: { address: Address; account: Account }[];
}

interface ComputeBudget {
  unitLimit: number;
  unitPrice: bigint;
}

function emptyAccount(): Account {
  return { lamports: 0n, data: new Uint8Array(0), owner: SYSTEM_PROGRAM, executable: false, rentEpoch: 0n };
}

function cloneAccount(account: Account): Account {
  return { ...account, data: account.data.slice() };
}

/** Read the compute-budget instructions, as the runtime does before execution. */
function readComputeBudget(tx: SanitizedTransaction): ComputeBudget {
  let unitLimit: number | undefined;
  let unitPrice: bigint | undefined;
  let other = 0;
  const seen = new Set<number>();
  tx.instructions.forEach((ix, index) => {
    if (tx.accountKeys[ix.programIdIndex] !== COMPUTE_BUDGET_PROGRAM) {
      other++;
      return;
    }
    const data = ix.data;
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const kind = data[0];
    const invalid = () => new TransactionRejected({ InstructionError: [index, 'InvalidInstructionData'] }, 'invalid compute budget instruction');
    if (kind === undefined) throw invalid();
    if (seen.has(kind)) throw new TransactionRejected({ DuplicateInstruction: index }, 'duplicate compute budget instruction');
    seen.add(kind);
    if (kind === 2) {
      if (data.length !== 5) throw invalid();
      unitLimit = view.getUint32(1, true);
    } else if (kind === 3) {
      if (data.length !== 9) throw invalid();
      unitPrice = view.getBigUint64(1, true);
    } else if (kind === 1 || kind === 4) {
      if (data.length !== 5) throw invalid();
    } else {
      throw invalid();
    }
  });
  return {
    unitLimit: Math.min(unitLimit ?? DEFAULT_INSTRUCTION_COMPUTE_UNITS * other, MAX_COMPUTE_UNITS),
    unitPrice: unitPrice ?? 0n,
  };
}

export function transactionFee(tx: SanitizedTransaction, budget: ComputeBudget = readComputeBudget(tx)): bigint {
  const priority = (budget.unitPrice * BigInt(budget.unitLimit) + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * BigInt(tx.header.numRequiredSignatures) + priority;
}

function collectTokenBalances(tx: SanitizedTransaction, accountAt: (index: number) => Account, mintDecimals: (mint: Address) => number): TokenBalance[] {
  const balances: TokenBalance[] = [];
  tx.accountKeys.forEach((_key, index) => {
    const account = accountAt(index);
    if (!isTokenProgram(account.owner)) return;
    const state = readTokenBalance(account.data);
    if (!state) return;
    const decimals = mintDecimals(state.mint);
    const uiAmountStringValue = uiAmountString(state.amount, decimals);
    balances.push({
      accountIndex: index,
      mint: state.mint,
      owner: state.owner,
      programId: account.owner,
      uiTokenAmount: {
        amount: state.amount.toString(),
        decimals,
        uiAmount: Number(uiAmountStringValue),
        uiAmountString: uiAmountStringValue,
      },
    });
  });
  return balances;
}

function isRentExempt(account: Account): boolean {
  return account.lamports >= rentExemptMinimum(account.data.length);
}

export function executeTransaction(env: ExecutionEnv, tx: SanitizedTransaction): ExecutionResult {
  const budget = readComputeBudget(tx);
  const fee = transactionFee(tx, budget);
  const payerKey = tx.accountKeys[0]!;
  const payer = env.accounts.get(payerKey);
  if (!payer || payer.lamports === 0n) {
    throw new TransactionRejected('AccountNotFound', 'Attempt to debit an account but found no record of a prior credit.');
  }
  if (payer.owner !== SYSTEM_PROGRAM || payer.data.length > 0) {
    throw new TransactionRejected('InvalidAccountForFee', 'This account may not be used to pay transaction fees');
  }
  if (payer.lamports < fee) {
    throw new TransactionRejected('InsufficientFundsForFee', 'Insufficient funds for fee');
  }

  const loaded = tx.accountKeys.map((key) => env.accounts.get(key) ?? emptyAccount());
  const working: WorkingAccount[] = tx.accountKeys.map((address, index) => ({
    address,
    index,
    txSigner: index < tx.header.numRequiredSignatures,
    txWritable: isWritableIndex(tx, index),
    account: cloneAccount(loaded[index]!),
  }));
  const byAddress = new Map<string, WorkingAccount>(working.map((w) => [w.address, w]));
  const mintDecimals = (mint: Address): number => {
    const account = byAddress.get(mint)?.account ?? env.accounts.get(mint);
    return account ? (readMintDecimals(account.data) ?? 0) : 0;
  };

  const preBalances = loaded.map((a) => a.lamports);
  const preTokenBalances = collectTokenBalances(
    tx,
    (i) => loaded[i]!,
    (mint) => {
      const index = tx.accountKeys.indexOf(mint);
      const account = index >= 0 ? loaded[index] : env.accounts.get(mint);
      return account ? (readMintDecimals(account.data) ?? 0) : 0;
    },
  );

  working[0]!.account.lamports -= fee;
  const state: InvocationState = {
    programs: env.programs,
    accounts: byAddress,
    clock: env.clock,
    logs: [],
    inner: [],
    computeRemaining: budget.unitLimit,
  };
  const innerInstructions: InnerInstructions[] = [];
  let err: TransactionErrorValue | null = null;

  for (let index = 0; index < tx.instructions.length && !err; index++) {
    const ix = tx.instructions[index]!;
    const programId = tx.accountKeys[ix.programIdIndex]!;
    const metas: ResolvedMeta[] = ix.accounts.map((i) => ({
      working: working[i]!,
      isSigner: working[i]!.txSigner,
      isWritable: working[i]!.txWritable,
    }));
    state.inner = [];
    try {
      invoke(state, programId, metas, ix.data, 1);
    } catch (error) {
      if (!(error instanceof ProgramError)) throw error;
      err = { InstructionError: [index, error.value] };
    }
    if (state.inner.length > 0) innerInstructions.push({ index, instructions: state.inner });
  }

  if (!err) {
    for (const w of working) {
      if (!w.txWritable) continue;
      const before = loaded[w.index]!;
      const after = w.account;
      const becameRentPaying = after.lamports > 0n && !isRentExempt(after) && (before.lamports === 0n || isRentExempt(before));
      if (becameRentPaying) {
        err = { InsufficientFundsForRent: { account_index: w.index } };
        break;
      }
    }
  }

  if (err) {
    // Atomic rollback: only the fee leaves the payer.
    for (const w of working) w.account = cloneAccount(loaded[w.index]!);
    working[0]!.account.lamports -= fee;
  }

  // A failed transaction stores only its fee payer (the rollback accounts), as a validator does.
  const writes = working
    .filter((w) => w.txWritable && (err === null || w.index === 0))
    .map((w) => ({ address: w.address, account: w.account.lamports === 0n ? emptyAccount() : w.account }));
  const consumed = budget.unitLimit - state.computeRemaining;
  return {
    meta: {
      err,
      fee,
      preBalances,
      postBalances: working.map((w) => w.account.lamports),
      preTokenBalances,
      postTokenBalances: collectTokenBalances(tx, (i) => working[i]!.account, mintDecimals),
      logMessages: state.logs,
      innerInstructions,
      computeUnitsConsumed: BigInt(consumed),
    },
    writes,
  };
}
