// sendTransaction (preflight at preflightCommitment, refused with Solana's -32002/-32003 errors; with
// skipPreflight, refusals are dropped silently as the TPU drops them) and simulateTransaction.
import type { Address } from '@solana/kit';
import { MAX_PROCESSING_AGE } from '../../ledger/bank.js';
import { TransactionRejected, verifyTransactionSignatures } from '../../runtime/sanitize.js';
import { accountEncoding, commitment, transactionEncoding, verifyPubkey, type TransactionEncoding } from '../config.js';
import { blockAtSlot, contextSlot, withContext, type RpcContext } from '../context.js';
import type { MethodHandler } from '../dispatch.js';
import { encodeAccount } from '../encode-account.js';
import { uiInnerInstructions } from '../encode-transaction.js';
import { invalidParams, preflightFailure, signatureVerificationFailure } from '../errors.js';
import { array, bool, optional, parseParams, slot, str, struct, usize } from '../params.js';
import { simulateAt } from '../simulate.js';
import { transactionErrorText } from '../tx-error-text.js';
import { decodeTransactionWire, replaceRecentBlockhash, sanitizeForRpc } from '../wire.js';

function binaryEncoding(encoding: TransactionEncoding | undefined): 'base58' | 'base64' {
  const value = encoding ?? 'base58';
  if (value === 'base64') return 'base64';
  if (value === 'base58' || value === 'binary') return 'base58';
  throw invalidParams(`unsupported encoding: ${value}. Supported encodings: base58, base64`);
}

const sendConfig = optional(
  struct('RpcSendTransactionConfig', {
    skipPreflight: optional(bool),
    preflightCommitment: commitment,
    encoding: transactionEncoding,
    maxRetries: optional(usize),
    minContextSlot: optional(slot),
  }),
);

const sendTransaction: MethodHandler<RpcContext> = (params, ctx) => {
  const [data, config] = parseParams(params, [str, sendConfig], 1);
  const wire = decodeTransactionWire(data, binaryEncoding(config?.encoding));
  const skipPreflight = config?.skipPreflight ?? false;
  const slotAt = contextSlot(ctx, {
    commitment: skipPreflight ? 'processed' : config?.preflightCommitment,
    minContextSlot: config?.minContextSlot,
  });
  const tx = sanitizeForRpc(wire);
  if (!skipPreflight) {
    if (!verifyTransactionSignatures(tx)) throw signatureVerificationFailure();
    const outcome = simulateAt(ctx, tx, slotAt);
    if (outcome.err) throw preflightFailure(`Transaction simulation failed: ${transactionErrorText(outcome.err)}`, { ...outcome, err: outcome.err });
  }
  try {
    ctx.bank.submit(wire);
  } catch (error) {
    if (!(error instanceof TransactionRejected)) throw error;
  }
  return tx.signature;
};

const simulateConfig = optional(
  struct('RpcSimulateTransactionConfig', {
    sigVerify: optional(bool),
    replaceRecentBlockhash: optional(bool),
    commitment,
    encoding: transactionEncoding,
    accounts: optional(struct('RpcSimulateTransactionAccountsConfig', { encoding: accountEncoding, addresses: array(str) }, ['addresses'])),
    minContextSlot: optional(slot),
    innerInstructions: optional(bool),
  }),
);

const simulateTransaction: MethodHandler<RpcContext> = (params, ctx) => {
  const [data, config] = parseParams(params, [str, simulateConfig], 1);
  let wire = decodeTransactionWire(data, binaryEncoding(config?.encoding));
  const slotAt = contextSlot(ctx, config);
  let replacementBlockhash = null;
  if (config?.replaceRecentBlockhash) {
    if (config.sigVerify) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
    const block = blockAtSlot(ctx, slotAt);
    wire = replaceRecentBlockhash(wire, block.blockhash);
    replacementBlockhash = { blockhash: block.blockhash, lastValidBlockHeight: block.blockHeight + MAX_PROCESSING_AGE };
  }
  const tx = sanitizeForRpc(wire);
  if (config?.sigVerify && !verifyTransactionSignatures(tx)) throw signatureVerificationFailure();
  const outcome = simulateAt(ctx, tx, slotAt);
  let accounts = null;
  if (config?.accounts) {
    const encoding = config.accounts.encoding ?? 'base64';
    if (encoding === 'binary' || encoding === 'base58') throw invalidParams('base58 encoding not supported');
    const addresses = config.accounts.addresses;
    if (addresses.length > tx.accountKeys.length) throw invalidParams(`Too many accounts provided; max ${tx.accountKeys.length}`);
    if (outcome.err) accounts = addresses.map(() => null);
    else {
      const after = (address: Address) => (outcome.writes?.has(address) ? outcome.writes.get(address) : ctx.history.get(address, slotAt));
      accounts = addresses.map((text) => {
        const account = after(verifyPubkey(text));
        return account ? encodeAccount(account, { encoding, lookup: after }) : null;
      });
    }
  }
  return withContext(slotAt, {
    err: outcome.err,
    logs: outcome.logs,
    accounts,
    unitsConsumed: outcome.unitsConsumed,
    loadedAccountsDataSize: outcome.loadedAccountsDataSize,
    returnData: null,
    innerInstructions: config?.innerInstructions && outcome.meta ? uiInnerInstructions(tx, outcome.meta.innerInstructions, true) : null,
    replacementBlockhash,
  });
};

export const sendMethods: [string, MethodHandler<RpcContext>][] = [
  ['sendTransaction', sendTransaction],
  ['simulateTransaction', simulateTransaction],
];
