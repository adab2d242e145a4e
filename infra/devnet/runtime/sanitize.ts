// Wire decoding and sanitising: turns transaction bytes (legacy or v0) into the checked shape the
// executor runs, with the same refusals a validator makes before execution. Well-formed legacy and
// v0 transactions are parsed directly (wire-format.ts); anything else goes through @solana/kit's
// decoders, whose refusals (and their order) this keeps.
import { getCompiledTransactionMessageDecoder, getTransactionDecoder, type Address } from '@solana/kit';
import { addressBytesView, encodeBase58 } from '../../../schemas/base58.js';
import { verifySignature } from '../../crypto/ed25519.js';
import type { CompiledInstruction, TransactionErrorValue } from './types.js';
import { parseWireTransaction, type WireTransaction } from './wire-format.js';

const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

/** Solana's packet size limit for a serialized transaction. */
export const PACKET_DATA_SIZE = 1232;

export interface SanitizedTransaction {
  wire: Uint8Array;
  messageBytes: Uint8Array;
  signature: string;
  signatures: Uint8Array[];
  version: 'legacy' | 0;
  accountKeys: Address[];
  header: { numRequiredSignatures: number; numReadonlySignedAccounts: number; numReadonlyUnsignedAccounts: number };
  recentBlockhash: string;
  instructions: CompiledInstruction[];
}

/** A refusal before execution: nothing lands and no fee is charged. */
export class TransactionRejected extends Error {
  constructor(
    readonly err: TransactionErrorValue,
    message: string,
  ) {
    super(message);
  }
}

/** The slow path: kit's decoders, with their refusals (undecodable bytes, then versions other than legacy and 0). */
function decodeWithKit(wire: Uint8Array): WireTransaction {
  let decoded;
  let message;
  try {
    decoded = transactionDecoder.decode(wire);
    message = messageDecoder.decode(decoded.messageBytes);
  } catch {
    throw new TransactionRejected('SanitizeFailure', 'failed to deserialize transaction');
  }
  if (message.version !== 'legacy' && message.version !== 0) {
    throw new TransactionRejected('UnsupportedVersion', 'Transaction version is unsupported');
  }
  const accountKeys = message.staticAccounts as Address[];
  const numRequiredSignatures = message.header.numSignerAccounts;
  // The decoder keys signatures by signer address, in the order of the message's signer accounts
  // (duplicate keys, which collapse here, are refused before the signatures are used).
  const signatureRecord = decoded.signatures as Record<string, Uint8Array | null>;
  const signatures: Uint8Array[] = [];
  for (let i = 0; i < Math.min(numRequiredSignatures, accountKeys.length); i++) {
    signatures.push(signatureRecord[accountKeys[i]!] ?? new Uint8Array(64));
  }
  return {
    signatures,
    messageBytes: new Uint8Array(decoded.messageBytes),
    version: message.version,
    header: {
      numRequiredSignatures,
      numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
    },
    accountKeys,
    recentBlockhash: message.lifetimeToken,
    instructions: message.instructions.map((ix) => ({
      programIdIndex: ix.programAddressIndex,
      accounts: [...(ix.accountIndices ?? [])],
      data: new Uint8Array(ix.data ?? new Uint8Array(0)),
    })),
    addressTableLookupCount: 'addressTableLookups' in message ? (message.addressTableLookups?.length ?? 0) : 0,
  };
}

function hasDuplicates(keys: readonly Address[]): boolean {
  if (keys.length < 2) return false;
  return new Set(keys).size !== keys.length;
}

export function sanitizeTransaction(wire: Uint8Array): SanitizedTransaction {
  if (wire.length > PACKET_DATA_SIZE) {
    throw new TransactionRejected('SanitizeFailure', `transaction too large: ${wire.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`);
  }
  const tx = parseWireTransaction(wire) ?? decodeWithKit(wire);
  const { header, accountKeys } = tx;
  if (tx.addressTableLookupCount > 0) {
    throw new TransactionRejected('AddressLookupTableNotFound', "Transaction loads an address table account that doesn't exist");
  }
  if (
    header.numRequiredSignatures === 0 ||
    header.numRequiredSignatures > accountKeys.length ||
    header.numReadonlySignedAccounts >= header.numRequiredSignatures ||
    header.numReadonlyUnsignedAccounts > accountKeys.length - header.numRequiredSignatures ||
    hasDuplicates(accountKeys)
  ) {
    throw new TransactionRejected('SanitizeFailure', 'Transaction failed to sanitize accounts offsets correctly');
  }
  for (const ix of tx.instructions) {
    if (ix.programIdIndex === 0 || ix.programIdIndex >= accountKeys.length || ix.accounts.some((i) => i >= accountKeys.length)) {
      throw new TransactionRejected('SanitizeFailure', 'Transaction failed to sanitize accounts offsets correctly');
    }
  }
  return {
    wire,
    messageBytes: tx.messageBytes,
    signature: encodeBase58(tx.signatures[0]!),
    signatures: tx.signatures,
    version: tx.version,
    accountKeys,
    header,
    recentBlockhash: tx.recentBlockhash,
    instructions: tx.instructions,
  };
}

/** Every required signature must verify over the message bytes. */
export function verifyTransactionSignatures(tx: SanitizedTransaction): boolean {
  for (let i = 0; i < tx.header.numRequiredSignatures; i++) {
    if (!verifySignature(addressBytesView(tx.accountKeys[i]!), tx.messageBytes, tx.signatures[i]!)) return false;
  }
  return true;
}

export function isWritableIndex(tx: SanitizedTransaction, index: number): boolean {
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = tx.header;
  if (index < numRequiredSignatures) return index < numRequiredSignatures - numReadonlySignedAccounts;
  return index < tx.accountKeys.length - numReadonlyUnsignedAccounts;
}
