// Value types of the devnet runtime: accounts, errors and the metadata a validator reports per transaction.
import type { Address } from '@solana/kit';

export interface Account {
  lamports: bigint;
  data: Uint8Array;
  owner: Address;
  executable: boolean;
  rentEpoch: bigint;
}

/** Instruction error as Solana's JSON encodes it: a unit variant name, or `{ Custom: n }` and friends. */
export type InstructionErrorValue = string | { Custom: number } | { BorshIoError: string };

/** Transaction error as Solana's JSON encodes it (`meta.err`, `getSignatureStatuses`). */
export type TransactionErrorValue =
  | string
  | { InstructionError: [number, InstructionErrorValue] }
  | { InsufficientFundsForRent: { account_index: number } }
  | { DuplicateInstruction: number };

export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number | null;
  uiAmountString: string;
}

export interface TokenBalance {
  accountIndex: number;
  mint: Address;
  owner: Address;
  programId: Address;
  uiTokenAmount: UiTokenAmount;
}

export interface CompiledInnerInstruction {
  programIdIndex: number;
  accounts: number[];
  data: Uint8Array;
  stackHeight: number;
}

export interface InnerInstructions {
  index: number;
  instructions: CompiledInnerInstruction[];
}

export interface TransactionMeta {
  err: TransactionErrorValue | null;
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  logMessages: string[];
  innerInstructions: InnerInstructions[];
  computeUnitsConsumed: bigint;
}

export interface CompiledInstruction {
  programIdIndex: number;
  accounts: number[];
  data: Uint8Array;
}

/** A transaction as it landed: wire bytes, the decoded message and the validator's metadata. */
export interface ExecutedTransaction {
  signature: string;
  signatures: Uint8Array[];
  wire: Uint8Array;
  messageBytes: Uint8Array;
  version: 'legacy' | 0;
  accountKeys: Address[];
  header: { numRequiredSignatures: number; numReadonlySignedAccounts: number; numReadonlyUnsignedAccounts: number };
  recentBlockhash: string;
  instructions: CompiledInstruction[];
  meta: TransactionMeta;
  slot: number;
  /** Position in its block. */
  index: number;
  blockTime: number;
}

/** One account write, in the order the runtime committed it (Yellowstone's account updates). */
export interface AccountWrite {
  address: Address;
  account: Account;
  writeVersion: bigint;
  signature: string | null;
}
