// Blockhashes, rent and fees: getLatestBlockhash, isBlockhashValid, getMinimumBalanceForRentExemption,
// getFeeForMessage.
import type { Address } from '@solana/kit';
import { MAX_PROCESSING_AGE } from '../../ledger/bank.js';
import { transactionFee } from '../../runtime/executor.js';
import type { SanitizedTransaction } from '../../runtime/sanitize.js';
import { LAMPORTS_PER_SIGNATURE, rentExemptMinimum } from '../../runtime/well-known.js';
import { parseBase58Key } from '../codec.js';
import { commitmentConfig, contextConfig } from '../config.js';
import { blockAtSlot, contextSlot, withContext, type RpcContext } from '../context.js';
import type { MethodHandler } from '../dispatch.js';
import { invalidParams, invalidRequest } from '../errors.js';
import { parseParams, str, usize } from '../params.js';
import { decodeMessage, type DecodedMessage } from '../wire.js';

const MAX_PERMITTED_DATA_LENGTH = 10 * 1024 * 1024;
/** How many recent blockhashes a bank's queue holds (for fee lookups). */
const MAX_RECENT_BLOCKHASHES = 300;

const getLatestBlockhash: MethodHandler<RpcContext> = (params, ctx) => {
  const [config] = parseParams(params, [contextConfig], 0);
  const slot = contextSlot(ctx, config);
  const block = blockAtSlot(ctx, slot);
  return withContext(slot, { blockhash: block.blockhash, lastValidBlockHeight: block.blockHeight + MAX_PROCESSING_AGE });
};

const isBlockhashValid: MethodHandler<RpcContext> = (params, ctx) => {
  const [blockhash, config] = parseParams(params, [str, contextConfig], 1);
  const parsed = parseBase58Key(blockhash, 32);
  if (!parsed.ok) throw invalidParams(parsed.error);
  const slot = contextSlot(ctx, config);
  const height = ctx.bank.blockhashHeight(blockhash);
  const current = blockAtSlot(ctx, slot).blockHeight;
  return withContext(slot, height !== undefined && height <= current && current <= height + MAX_PROCESSING_AGE);
};

const getMinimumBalanceForRentExemption: MethodHandler<RpcContext> = (params) => {
  const [dataLength] = parseParams(params, [usize, commitmentConfig], 1);
  if (dataLength > MAX_PERMITTED_DATA_LENGTH) throw invalidRequest();
  return rentExemptMinimum(dataLength);
};

/** The sanitize checks of a message's header and indices (SanitizeMessageError::IndexOutOfBounds). */
function messageInBounds(message: DecodedMessage): boolean {
  const keys = message.staticAccounts.length;
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  if (numSignerAccounts + numReadonlyNonSignerAccounts > keys || numReadonlySignerAccounts >= numSignerAccounts) return false;
  return message.instructions.every((ix) => ix.programAddressIndex > 0 && ix.programAddressIndex < keys && (ix.accountIndices ?? []).every((i) => i < keys));
}

const getFeeForMessage: MethodHandler<RpcContext> = (params, ctx) => {
  const [encoded, config] = parseParams(params, [str, contextConfig], 1);
  const message = decodeMessage(encoded);
  const slot = contextSlot(ctx, config);
  if (!messageInBounds(message)) throw invalidParams('invalid transaction message: index out of bounds');
  if ('addressTableLookups' in message && (message.addressTableLookups?.length ?? 0) > 0) {
    throw invalidParams('invalid transaction message: Attempted to lookup addresses from a table that does not exist');
  }
  const height = ctx.bank.blockhashHeight(message.lifetimeToken);
  const current = blockAtSlot(ctx, slot).blockHeight;
  if (height === undefined || height > current || current - height > MAX_RECENT_BLOCKHASHES) return withContext(slot, null);
  const tx = {
    accountKeys: message.staticAccounts as Address[],
    header: {
      numRequiredSignatures: message.header.numSignerAccounts,
      numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
    },
    instructions: message.instructions.map((ix) => ({
      programIdIndex: ix.programAddressIndex,
      accounts: [...(ix.accountIndices ?? [])],
      data: new Uint8Array(ix.data ?? new Uint8Array(0)),
    })),
  } as SanitizedTransaction;
  let fee: bigint;
  try {
    fee = transactionFee(tx);
  } catch {
    fee = LAMPORTS_PER_SIGNATURE * BigInt(tx.header.numRequiredSignatures);
  }
  return withContext(slot, fee);
};

export const feeMethods: [string, MethodHandler<RpcContext>][] = [
  ['getLatestBlockhash', getLatestBlockhash],
  ['isBlockhashValid', isBlockhashValid],
  ['getMinimumBalanceForRentExemption', getMinimumBalanceForRentExemption],
  ['getFeeForMessage', getFeeForMessage],
];
