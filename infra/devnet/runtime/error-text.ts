// Solana's display text for instruction errors, as it appears in `Program X failed: ...` logs
// and in JSON-RPC preflight messages (`Error processing Instruction N: ...`).
import type { InstructionErrorValue } from './types.js';

const TEXT: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  UnbalancedInstruction: 'sum of account balances before and after instruction do not match',
  ModifiedProgramId: 'instruction illegally modified the program id of an account',
  ExternalAccountLamportSpend: 'instruction spent from the balance of an account it does not own',
  ExternalAccountDataModified: 'instruction modified data of an account it does not own',
  ReadonlyLamportChange: 'instruction changed the balance of a read-only account',
  ReadonlyDataModified: 'instruction modified data of a read-only account',
  ExecutableModified: 'instruction changed executable bit of an account',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  AccountDataSizeChanged: "program other than the account's owner changed the size of the account data",
  AccountNotExecutable: 'instruction expected an executable account',
  InvalidSeeds: 'Provided seeds do not result in a valid address',
  PrivilegeEscalation: 'Cross-program invocation with unauthorized signer or writable account',
  UnsupportedProgramId: 'Unsupported program id',
  CallDepth: 'Cross-program invocation call depth too deep',
  MissingAccount: 'An account required by the instruction is missing',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  InvalidAccountOwner: 'Invalid account owner',
  ArithmeticOverflow: 'Program arithmetic overflowed',
  Immutable: 'Account is immutable',
  IllegalOwner: 'Provided owner is not allowed',
  ProgramFailedToComplete: 'Program failed to complete',
};

export function instructionErrorText(error: InstructionErrorValue): string {
  if (typeof error === 'string') return TEXT[error] ?? error;
  if ('Custom' in error) return `custom program error: 0x${error.Custom.toString(16)}`;
  return `Failed to serialize or deserialize account data: ${error.BorshIoError}`;
}
