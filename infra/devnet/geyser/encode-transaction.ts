// A landed devnet transaction as Yellowstone encodes it: SubscribeUpdateTransactionInfo (signature,
// vote flag, index, the decoded message, and the status meta with balances, token balances, logs,
// inner instructions and the bincode error), plus the shorter SubscribeUpdateTransactionStatus.
import { getBase58Encoder } from '@solana/kit';
import {
  SubscribeUpdateTransactionInfo,
  SubscribeUpdateTransactionStatus,
  type SubscribeUpdateTransactionInfo as TransactionInfo,
} from '@triton-one/yellowstone-grpc';
import type { ExecutedTransaction, TokenBalance } from '../runtime/types.js';
import { encodeTransactionError } from './tx-error.js';
import { encodeMessage } from './wire.js';

const VOTE_PROGRAM = 'Vote111111111111111111111111111111111111111';
const base58 = getBase58Encoder();
const keyCache = new Map<string, Uint8Array>();
const KEY_CACHE_LIMIT = 100_000;

/** The 32 bytes of a base58 public key or hash (cached: the same keys recur in every block). */
export function keyBytes(value: string): Uint8Array {
  let bytes = keyCache.get(value);
  if (!bytes) {
    bytes = new Uint8Array(base58.encode(value));
    if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.clear();
    keyCache.set(value, bytes);
  }
  return bytes;
}

/** Bytes of any base58 value, uncached (signatures are unique, so caching them would only churn). */
export function base58Bytes(value: string): Uint8Array {
  return new Uint8Array(base58.encode(value));
}

/** A simple vote transaction: one that invokes the Vote program (the devnet has none, so never). */
export function isVoteTransaction(tx: ExecutedTransaction): boolean {
  return tx.instructions.some((ix) => tx.accountKeys[ix.programIdIndex] === VOTE_PROGRAM);
}

function tokenBalances(balances: readonly TokenBalance[]) {
  return balances.map((balance) => ({
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner,
    programId: balance.programId,
    uiTokenAmount: {
      uiAmount: balance.uiTokenAmount.uiAmount ?? 0,
      decimals: balance.uiTokenAmount.decimals,
      amount: balance.uiTokenAmount.amount,
      uiAmountString: balance.uiTokenAmount.uiAmountString,
    },
  }));
}

export function transactionInfo(tx: ExecutedTransaction): TransactionInfo {
  const meta = tx.meta;
  return {
    signature: tx.signatures[0]!,
    isVote: isVoteTransaction(tx),
    index: String(tx.index),
    transaction: {
      signatures: tx.signatures,
      message: {
        header: tx.header,
        accountKeys: tx.accountKeys.map(keyBytes),
        recentBlockhash: keyBytes(tx.recentBlockhash),
        instructions: tx.instructions.map((ix) => ({
          programIdIndex: ix.programIdIndex,
          accounts: Uint8Array.from(ix.accounts),
          data: ix.data,
        })),
        versioned: tx.version !== 'legacy',
        addressTableLookups: [],
      },
    },
    meta: {
      err: meta.err === null ? undefined : { err: encodeTransactionError(meta.err) },
      fee: meta.fee.toString(),
      preBalances: meta.preBalances.map(String),
      postBalances: meta.postBalances.map(String),
      innerInstructions: meta.innerInstructions.map((inner) => ({
        index: inner.index,
        instructions: inner.instructions.map((ix) => ({
          programIdIndex: ix.programIdIndex,
          accounts: Uint8Array.from(ix.accounts),
          data: ix.data,
          stackHeight: ix.stackHeight,
        })),
      })),
      innerInstructionsNone: false,
      logMessages: meta.logMessages,
      logMessagesNone: false,
      preTokenBalances: tokenBalances(meta.preTokenBalances),
      postTokenBalances: tokenBalances(meta.postTokenBalances),
      rewards: [],
      loadedWritableAddresses: [],
      loadedReadonlyAddresses: [],
      returnData: undefined,
      returnDataNone: true,
      computeUnitsConsumed: meta.computeUnitsConsumed.toString(),
    },
  };
}

/** SubscribeUpdateTransactionInfo bytes: shared by transaction updates and block updates. */
export function encodeTransactionInfo(tx: ExecutedTransaction): Uint8Array {
  return encodeMessage(SubscribeUpdateTransactionInfo, transactionInfo(tx));
}

/** SubscribeUpdateTransactionStatus bytes. */
export function encodeTransactionStatus(tx: ExecutedTransaction): Uint8Array {
  return encodeMessage(SubscribeUpdateTransactionStatus, {
    slot: String(tx.slot),
    signature: tx.signatures[0]!,
    isVote: isVoteTransaction(tx),
    index: String(tx.index),
    err: tx.meta.err === null ? undefined : { err: encodeTransactionError(tx.meta.err) },
  });
}
