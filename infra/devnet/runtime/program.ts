// The contract between the runtime and a native program: what an instruction sees and how it fails.
import type { Address } from '@solana/kit';
import type { InstructionErrorValue } from './types.js';

/** An account as one instruction sees it. Mutations go straight to the transaction's working copy;
 * after the instruction the runtime checks Solana's rules (only the owner may change data or debit
 * lamports, read-only accounts stay unchanged, lamports are conserved). */
export interface AccountView {
  readonly address: Address;
  readonly isSigner: boolean;
  readonly isWritable: boolean;
  lamports: bigint;
  owner: Address;
  data: Uint8Array;
  executable: boolean;
}

export interface AccountMetaInput {
  address: Address;
  isSigner: boolean;
  isWritable: boolean;
}

export interface CpiInstruction {
  programId: Address;
  accounts: AccountMetaInput[];
  data: Uint8Array;
}

export interface Clock {
  slot: bigint;
  unixTimestamp: bigint;
}

export interface InstructionContext {
  readonly programId: Address;
  readonly accounts: readonly AccountView[];
  readonly data: Uint8Array;
  readonly clock: Clock;
  /** 1 for a top-level instruction, 2+ inside CPIs. */
  readonly stackHeight: number;
  /** `Program log: <message>` */
  log(message: string): void;
  /** `Program data: <base64 parts...>` (an event). */
  emit(...parts: Uint8Array[]): void;
  /** Charge compute units; throws when the transaction's budget is exhausted. */
  consume(units: number): void;
  /** Cross-program invocation. `signerSeeds` lists PDA seeds (without program id) that sign as this program. */
  invoke(instruction: CpiInstruction, signerSeeds?: Uint8Array[][]): void;
  rentExemptMinimum(dataLength: number): bigint;
}

export interface NativeProgram {
  readonly id: Address;
  readonly name: string;
  /** Whether the runtime logs `consumed N of M compute units` (on-chain programs do, builtins do not). */
  readonly bpf: boolean;
  execute(ctx: InstructionContext): void;
}

/** Thrown by a program to fail its instruction with Solana's error value. */
export class ProgramError extends Error {
  constructor(
    readonly value: InstructionErrorValue,
    message?: string,
  ) {
    super(message ?? (typeof value === 'string' ? value : JSON.stringify(value)));
  }
}

/** Common errors by their Solana names. */
export const Errors = {
  invalidArgument: () => new ProgramError('InvalidArgument'),
  invalidInstructionData: () => new ProgramError('InvalidInstructionData'),
  invalidAccountData: () => new ProgramError('InvalidAccountData'),
  accountDataTooSmall: () => new ProgramError('AccountDataTooSmall'),
  insufficientFunds: () => new ProgramError('InsufficientFunds'),
  incorrectProgramId: () => new ProgramError('IncorrectProgramId'),
  missingRequiredSignature: () => new ProgramError('MissingRequiredSignature'),
  accountAlreadyInitialized: () => new ProgramError('AccountAlreadyInitialized'),
  uninitializedAccount: () => new ProgramError('UninitializedAccount'),
  notEnoughAccountKeys: () => new ProgramError('NotEnoughAccountKeys'),
  invalidSeeds: () => new ProgramError('InvalidSeeds'),
  immutable: () => new ProgramError('Immutable'),
  illegalOwner: () => new ProgramError('IllegalOwner'),
  arithmeticOverflow: () => new ProgramError('ArithmeticOverflow'),
  custom: (code: number, message?: string) => new ProgramError({ Custom: code }, message),
} as const;

/** The instruction's n-th account, or NotEnoughAccountKeys. */
export function accountAt(ctx: InstructionContext, index: number): AccountView {
  const account = ctx.accounts[index];
  if (!account) throw Errors.notEnoughAccountKeys();
  return account;
}
