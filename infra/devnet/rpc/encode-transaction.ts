// A landed transaction and its status metadata as getTransaction and getBlock return them, in the
// json, jsonParsed, base64, base58 and legacy binary encodings, with the
// maxSupportedTransactionVersion rules (a v0 transaction needs the client to accept version 0).
import { getBase58Decoder } from '@solana/kit';
import { isWritableIndex, type SanitizedTransaction } from '../runtime/sanitize.js';
import type { ExecutedTransaction, InnerInstructions, TokenBalance, TransactionMeta } from '../runtime/types.js';
import type { TransactionEncoding } from './config.js';
import { unsupportedTransactionVersion } from './errors.js';

const base58 = getBase58Decoder();
const b58 = (bytes: Uint8Array) => base58.decode(bytes);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

/** The `version` field: omitted for legacy when the client gave no maximum; v0 needs a maximum. */
function transactionVersion(tx: ExecutedTransaction, maxSupported: number | undefined): 'legacy' | 0 | undefined {
  if (tx.version === 'legacy') return maxSupported === undefined ? undefined : 'legacy';
  if (maxSupported === undefined || tx.version > maxSupported) throw unsupportedTransactionVersion(tx.version);
  return tx.version;
}

export function uiStatus(err: TransactionMeta['err']) {
  return err === null ? { Ok: null } : { Err: err };
}

function uiTokenBalances(balances: TokenBalance[]) {
  return balances.map((b) => ({ accountIndex: b.accountIndex, mint: b.mint, uiTokenAmount: b.uiTokenAmount, owner: b.owner, programId: b.programId }));
}

function accountList(tx: ExecutedTransaction) {
  return tx.accountKeys.map((pubkey, index) => ({
    pubkey,
    writable: isWritableIndex(tx as unknown as SanitizedTransaction, index),
    signer: index < tx.header.numRequiredSignatures,
    source: 'transaction',
  }));
}

type WithKeys = Pick<ExecutedTransaction, 'accountKeys'>;

function partiallyDecoded(tx: WithKeys, programIdIndex: number, accounts: number[], data: Uint8Array, stackHeight: number | null) {
  return {
    programId: tx.accountKeys[programIdIndex],
    accounts: accounts.map((i) => tx.accountKeys[i]),
    data: b58(data),
    stackHeight,
  };
}

/** UiInnerInstructions: compiled (json), or partially decoded with addresses (jsonParsed, simulation). */
export function uiInnerInstructions(tx: WithKeys, inner: InnerInstructions[], parsed: boolean) {
  return inner.map((group) => ({
    index: group.index,
    instructions: group.instructions.map((ix) =>
      parsed
        ? partiallyDecoded(tx, ix.programIdIndex, ix.accounts, ix.data, ix.stackHeight)
        : { programIdIndex: ix.programIdIndex, accounts: ix.accounts, data: b58(ix.data), stackHeight: ix.stackHeight },
    ),
  }));
}

/** UiTransactionStatusMeta: full for json/binary encodings, parsed inner instructions for jsonParsed. */
function uiMeta(tx: ExecutedTransaction, parsed: boolean, showRewards = true) {
  const meta = tx.meta;
  return {
    err: meta.err,
    status: uiStatus(meta.err),
    fee: meta.fee,
    preBalances: meta.preBalances,
    postBalances: meta.postBalances,
    innerInstructions: uiInnerInstructions(tx, meta.innerInstructions, parsed),
    logMessages: meta.logMessages,
    preTokenBalances: uiTokenBalances(meta.preTokenBalances),
    postTokenBalances: uiTokenBalances(meta.postTokenBalances),
    rewards: showRewards ? [] : undefined,
    loadedAddresses: parsed ? undefined : { writable: [], readonly: [] },
    computeUnitsConsumed: meta.computeUnitsConsumed,
  };
}

/** The meta of getBlock's `accounts` detail level (build_simple_ui_transaction_status_meta). */
function simpleMeta(tx: ExecutedTransaction, showRewards: boolean) {
  const meta = tx.meta;
  return {
    err: meta.err,
    status: uiStatus(meta.err),
    fee: meta.fee,
    preBalances: meta.preBalances,
    postBalances: meta.postBalances,
    preTokenBalances: uiTokenBalances(meta.preTokenBalances),
    postTokenBalances: uiTokenBalances(meta.postTokenBalances),
    rewards: showRewards ? [] : undefined,
  };
}

function encodeTransaction(tx: ExecutedTransaction, encoding: TransactionEncoding) {
  const signatures = tx.signatures.map(b58);
  switch (encoding) {
    case 'binary':
      return b58(tx.wire);
    case 'base58':
      return [b58(tx.wire), 'base58'];
    case 'base64':
      return [b64(tx.wire), 'base64'];
    case 'json':
      return {
        signatures,
        message: {
          header: tx.header,
          accountKeys: tx.accountKeys,
          recentBlockhash: tx.recentBlockhash,
          instructions: tx.instructions.map((ix) => ({ programIdIndex: ix.programIdIndex, accounts: ix.accounts, data: b58(ix.data), stackHeight: null })),
          addressTableLookups: tx.version === 'legacy' ? undefined : [],
        },
      };
    case 'jsonParsed':
      return {
        signatures,
        message: {
          accountKeys: accountList(tx),
          recentBlockhash: tx.recentBlockhash,
          instructions: tx.instructions.map((ix) => partiallyDecoded(tx, ix.programIdIndex, ix.accounts, ix.data, null)),
          addressTableLookups: tx.version === 'legacy' ? undefined : [],
        },
      };
  }
}

/** EncodedTransactionWithStatusMeta (getBlock `full`, and the body of getTransaction). */
export function encodeTransactionWithMeta(tx: ExecutedTransaction, encoding: TransactionEncoding, maxSupported: number | undefined, showRewards = true) {
  const version = transactionVersion(tx, maxSupported);
  return { transaction: encodeTransaction(tx, encoding), meta: uiMeta(tx, encoding === 'jsonParsed', showRewards), version };
}

/** getBlock's `accounts` detail level. */
export function encodeTransactionAccounts(tx: ExecutedTransaction, maxSupported: number | undefined, showRewards: boolean) {
  const version = transactionVersion(tx, maxSupported);
  return { transaction: { signatures: tx.signatures.map(b58), accountKeys: accountList(tx) }, meta: simpleMeta(tx, showRewards), version };
}
