// Display text of a transaction error, as a validator prints it after `Transaction simulation failed: `
// and after `invalid transaction: ` (the Display impl of solana-transaction-error).
import { instructionErrorText } from '../runtime/error-text.js';
import type { TransactionErrorValue } from '../runtime/types.js';

const TEXT: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  CallChainTooDeep: 'Loader call chain is too deep',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  ClusterMaintenance: 'Transactions are currently disabled due to cluster maintenance',
  AccountBorrowOutstanding: 'Transaction processing left an account with an outstanding borrowed reference',
  WouldExceedMaxBlockCostLimit: 'Transaction would exceed max Block Cost Limit',
  UnsupportedVersion: 'Transaction version is unsupported',
  InvalidWritableAccount: 'Transaction loads a writable account that cannot be written',
  WouldExceedMaxAccountCostLimit: 'Transaction would exceed max account limit within the block',
  WouldExceedAccountDataBlockLimit: 'Transaction would exceed account data limit within the block',
  TooManyAccountLocks: 'Transaction locked too many accounts',
  AddressLookupTableNotFound: "Transaction loads an address table account that doesn't exist",
  InvalidAddressLookupTableOwner: 'Transaction loads an address table account with an invalid owner',
  InvalidAddressLookupTableData: 'Transaction loads an address table account with invalid data',
  InvalidAddressLookupTableIndex: 'Transaction address table lookup uses an invalid index',
  InvalidRentPayingAccount: 'Transaction leaves an account with a lower balance than rent-exempt minimum',
  WouldExceedMaxVoteCostLimit: 'Transaction would exceed max Vote Cost Limit',
  WouldExceedAccountDataTotalLimit: 'Transaction would exceed total account data limit',
  MaxLoadedAccountsDataSizeExceeded: 'Transaction exceeded max loaded accounts data size cap',
  InvalidLoadedAccountsDataSizeLimit: 'LoadedAccountsDataSizeLimit set for transaction must be greater than 0.',
  ResanitizationNeeded: 'ResanitizationNeeded',
  UnbalancedTransaction: 'Sum of account balances before and after transaction do not match',
  ProgramCacheHitMaxLimit: 'Program cache hit max limit',
  CommitCancelled: 'CommitCancelled',
};

export function transactionErrorText(err: TransactionErrorValue): string {
  if (typeof err === 'string') return TEXT[err] ?? err;
  if ('InstructionError' in err) {
    const [index, error] = err.InstructionError;
    return `Error processing Instruction ${index}: ${instructionErrorText(error)}`;
  }
  if ('InsufficientFundsForRent' in err) {
    return `Transaction results in an account (${err.InsufficientFundsForRent.account_index}) with insufficient funds for rent`;
  }
  return `Transaction contains a duplicate instruction (${err.DuplicateInstruction}) that is not allowed`;
}
