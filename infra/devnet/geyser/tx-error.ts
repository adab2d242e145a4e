// Solana's TransactionError in its bincode (wincode) form, as Yellowstone puts it in
// `meta.err.err`: a u32 little-endian variant index, then the variant's fields. The variant orders
// follow solana-sdk's transaction-error and instruction-error crates; the official client decodes
// the bytes back to the JSON shape with `txErrDecode.decode`.
import type { InstructionErrorValue, TransactionErrorValue } from '../runtime/types.js';

const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'InstructionError',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'DuplicateInstruction',
  'InsufficientFundsForRent',
  'MaxLoadedAccountsDataSizeExceeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'ResanitizationNeeded',
  'ProgramExecutionTemporarilyRestricted',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const;

const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'Custom',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'BorshIoError',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
] as const;

function variantIndex(list: readonly string[], name: string, kind: string): number {
  const index = list.indexOf(name);
  if (index < 0) throw new Error(`unknown ${kind} variant: ${name}`);
  return index;
}

function u32(value: number): number[] {
  return [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff];
}

function u8(value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > 0xff) throw new Error(`not a u8: ${value}`);
  return value;
}

function instructionErrorBytes(error: InstructionErrorValue): number[] {
  if (typeof error === 'string') return u32(variantIndex(INSTRUCTION_ERRORS, error, 'InstructionError'));
  if ('Custom' in error) return [...u32(variantIndex(INSTRUCTION_ERRORS, 'Custom', 'InstructionError')), ...u32(error.Custom)];
  // BorshIoError carried a message in older releases; current Solana serialises it as a unit variant.
  return u32(variantIndex(INSTRUCTION_ERRORS, 'BorshIoError', 'InstructionError'));
}

/** The bincode bytes of a transaction error given in Solana's JSON shape. */
export function encodeTransactionError(error: TransactionErrorValue): Uint8Array {
  const index = (name: string) => u32(variantIndex(TRANSACTION_ERRORS, name, 'TransactionError'));
  if (typeof error === 'string') return Uint8Array.from(index(error));
  if ('InstructionError' in error) {
    const [instruction, inner] = error.InstructionError;
    return Uint8Array.from([...index('InstructionError'), u8(instruction), ...instructionErrorBytes(inner)]);
  }
  if ('InsufficientFundsForRent' in error) {
    return Uint8Array.from([...index('InsufficientFundsForRent'), u8(error.InsufficientFundsForRent.account_index)]);
  }
  return Uint8Array.from([...index('DuplicateInstruction'), u8(error.DuplicateInstruction)]);
}
