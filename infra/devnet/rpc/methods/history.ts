// Landed transactions and blocks: getSignatureStatuses (recent status cache, or history on request),
// getTransaction and getBlock (confirmed or finalized only, with Solana's encodings).
import type { Commitment } from '../../ledger/bank.js';
import { TRANSACTION_ENCODINGS, commitment, transactionEncoding, verifySignature, type TransactionEncoding } from '../config.js';
import { withContext, type RpcContext } from '../context.js';
import type { MethodHandler } from '../dispatch.js';
import { encodeTransactionAccounts, encodeTransactionWithMeta, uiStatus } from '../encode-transaction.js';
import { blockCleanedUp, blockNotAvailable, commitmentBelowConfirmed, invalidParams } from '../errors.js';
import { array, bool, optional, parseParams, SerdeError, slot as slotParam, str, struct, u8, variant, type Decoder } from '../params.js';

const MAX_SIGNATURE_STATUS_QUERIES = 256;
/** Slots a validator's status cache answers for without searchTransactionHistory. */
const STATUS_CACHE_SLOTS = 300;

const getSignatureStatuses: MethodHandler<RpcContext> = (params, ctx) => {
  const [signatures, config] = parseParams(params, [array(str), optional(struct('RpcSignatureStatusConfig', { searchTransactionHistory: optional(bool) }))], 1);
  if (signatures.length > MAX_SIGNATURE_STATUS_QUERIES) throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUS_QUERIES}`);
  signatures.forEach(verifySignature);
  const searchHistory = config?.searchTransactionHistory ?? false;
  const latest = ctx.bank.latestBlock.slot;
  const finalized = ctx.bank.slotAt('finalized');
  const value = signatures.map((signature) => {
    const status = ctx.bank.signatureStatus(signature);
    if (!status) return null;
    const inCache = latest - status.slot <= STATUS_CACHE_SLOTS;
    if (!inCache && !(searchHistory && status.slot <= finalized)) return null;
    return {
      slot: status.slot,
      confirmations: status.confirmations,
      status: uiStatus(status.err),
      err: status.err,
      confirmationStatus: status.confirmationStatus,
    };
  });
  return withContext(latest, value);
};

interface EncodingConfig {
  encoding?: TransactionEncoding;
  commitment?: Commitment;
  maxSupportedTransactionVersion?: bigint;
  transactionDetails?: 'full' | 'signatures' | 'none' | 'accounts';
  rewards?: boolean;
}

/** RpcEncodingConfigWrapper: a bare encoding (deprecated form) or the config object. */
function encodingConfig(name: string, fields: Record<string, Decoder<unknown>>): Decoder<EncodingConfig | undefined> {
  const asStruct = struct(name, fields);
  return (v) => {
    if (v === null || v === undefined) return undefined;
    if (typeof v === 'string' && (TRANSACTION_ENCODINGS as readonly string[]).includes(v)) return { encoding: v as TransactionEncoding };
    try {
      return asStruct(v) as EncodingConfig;
    } catch {
      throw new SerdeError('data did not match any variant of untagged enum RpcEncodingConfigWrapper');
    }
  };
}

const transactionConfig = encodingConfig('RpcTransactionConfig', {
  encoding: transactionEncoding,
  commitment,
  maxSupportedTransactionVersion: optional(u8),
});

const blockConfig = encodingConfig('RpcBlockConfig', {
  encoding: transactionEncoding,
  transactionDetails: optional(variant(['full', 'signatures', 'none', 'accounts'] as const)),
  rewards: optional(bool),
  commitment,
  maxSupportedTransactionVersion: optional(u8),
});

/** The highest slot readable at a commitment, refusing processed as the history methods do. */
function historySlot(ctx: RpcContext, config: EncodingConfig | undefined): number {
  const level = config?.commitment ?? 'finalized';
  if (level === 'processed') throw commitmentBelowConfirmed();
  return ctx.bank.slotAt(level);
}

const maxVersion = (config: EncodingConfig | undefined) =>
  config?.maxSupportedTransactionVersion === undefined ? undefined : Number(config.maxSupportedTransactionVersion);

const getTransaction: MethodHandler<RpcContext> = (params, ctx) => {
  const [text, config] = parseParams(params, [str, transactionConfig], 1);
  const signature = verifySignature(text);
  const readable = historySlot(ctx, config);
  const tx = ctx.bank.getTransaction(signature);
  if (!tx || tx.slot > readable) return null;
  const encoded = encodeTransactionWithMeta(tx, config?.encoding ?? 'json', maxVersion(config));
  return { slot: tx.slot, ...encoded, blockTime: tx.blockTime };
};

const getBlock: MethodHandler<RpcContext> = (params, ctx) => {
  const [slot, config] = parseParams(params, [slotParam, blockConfig], 1);
  const readable = historySlot(ctx, config);
  if (slot > readable) throw blockNotAvailable(slot);
  if (slot < ctx.bank.firstRetainedSlot) throw blockCleanedUp(slot, ctx.bank.firstRetainedSlot);
  const block = ctx.bank.getBlock(slot);
  if (!block) throw blockNotAvailable(slot);
  const encoding = config?.encoding ?? 'json';
  const details = config?.transactionDetails ?? 'full';
  const showRewards = config?.rewards ?? true;
  const max = maxVersion(config);
  return {
    previousBlockhash: block.previousBlockhash,
    blockhash: block.blockhash,
    parentSlot: block.parentSlot,
    transactions:
      details === 'full'
        ? block.transactions.map((tx) => encodeTransactionWithMeta(tx, encoding, max, showRewards))
        : details === 'accounts'
          ? block.transactions.map((tx) => encodeTransactionAccounts(tx, max, showRewards))
          : undefined,
    signatures: details === 'signatures' ? block.transactions.map((tx) => tx.signature) : undefined,
    rewards: showRewards ? [] : undefined,
    blockTime: block.blockTime,
    blockHeight: block.blockHeight,
  };
};

export const historyMethods: [string, MethodHandler<RpcContext>][] = [
  ['getSignatureStatuses', getSignatureStatuses],
  ['getTransaction', getTransaction],
  ['getBlock', getBlock],
];
