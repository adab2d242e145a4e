// Wire decoding and sanitising: turns transaction bytes (legacy or v0) into the checked shape the
// executor runs, with the same refusals a validator makes before execution.
import {
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
} from '@solana/kit';
import { verifySignature } from '../../crypto/ed25519.js';
import type { CompiledInstruction, TransactionErrorValue } from './types.js';

const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();
const base58 = getBase58Decoder();
const base58Encoder = getBase58Encoder();
const addressBytes = new Map<string, Uint8Array>();

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

function publicKeyBytes(address: Address): Uint8Array {
  let bytes = addressBytes.get(address);
  if (!bytes) {
    bytes = new Uint8Array(base58Encoder.encode(address));
    if (addressBytes.size > 200_000) addressBytes.clear();
    addressBytes.set(address, bytes);
  }
  return bytes;
}

export function sanitizeTransaction(wire: Uint8Array): SanitizedTransaction {
  if (wire.length > PACKET_DATA_SIZE) {
    throw new TransactionRejected('SanitizeFailure', `transaction too large: ${wire.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`);
  }
  let decoded;
  let message;
  try {
    decoded = transactionDecoder.decode(wire);
    message = messageDecoder.decode(decoded.messageBytes);
  } catch {
    throw new TransactionRejected('SanitizeFailure', 'failed to deserialize transaction');
  }
  const header = {
    numRequiredSignatures: message.header.numSignerAccounts,
    numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
    numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
  };
  const accountKeys = message.staticAccounts as Address[];
  if (message.version !== 'legacy' && message.version !== 0) {
    throw new TransactionRejected('UnsupportedVersion', 'Transaction version is unsupported');
  }
  if ('addressTableLookups' in message && (message.addressTableLookups?.length ?? 0) > 0) {
    throw new TransactionRejected('AddressLookupTableNotFound', 'Transaction loads an address table account that doesn\'t exist');
  }
  if (
    header.numRequiredSignatures === 0 ||
    header.numRequiredSignatures > accountKeys.length ||
    header.numReadonlySignedAccounts >= header.numRequiredSignatures ||
    header.numReadonlyUnsignedAccounts > accountKeys.length - header.numRequiredSignatures ||
    new Set(accountKeys).size !== accountKeys.length
  ) {
    throw new TransactionRejected('SanitizeFailure', 'Transaction failed to sanitize accounts offsets correctly');
  }
  // The decoder keys signatures by signer address, in the order of the message's signer accounts.
  const signatureRecord = decoded.signatures as Record<string, Uint8Array | null>;
  const signatures: Uint8Array[] = [];
  for (let i = 0; i < header.numRequiredSignatures; i++) {
    signatures.push(signatureRecord[accountKeys[i]!] ?? new Uint8Array(64));
  }
  const instructions: CompiledInstruction[] = message.instructions.map((ix) => ({
    programIdIndex: ix.programAddressIndex,
    accounts: [...(ix.accountIndices ?? [])],
    data: new Uint8Array(ix.data ?? new Uint8Array(0)),
  }));
  for (const ix of instructions) {
    if (ix.programIdIndex === 0 || ix.programIdIndex >= accountKeys.length || ix.accounts.some((i) => i >= accountKeys.length)) {
      throw new TransactionRejected('SanitizeFailure', 'Transaction failed to sanitize accounts offsets correctly');
    }
  }
  return {
    wire,
    messageBytes: new Uint8Array(decoded.messageBytes),
    signature: base58.decode(signatures[0]!),
    signatures,
    version: message.version,
    accountKeys,
    header,
    recentBlockhash: message.lifetimeToken,
    instructions,
  };
}

/** Every required signature must verify over the message bytes. */
export function verifyTransactionSignatures(tx: SanitizedTransaction): boolean {
  for (let i = 0; i < tx.header.numRequiredSignatures; i++) {
    if (!verifySignature(publicKeyBytes(tx.accountKeys[i]!), tx.messageBytes, tx.signatures[i]!)) return false;
  }
  return true;
}

export function isWritableIndex(tx: SanitizedTransaction, index: number): boolean {
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = tx.header;
  if (index < numRequiredSignatures) return index < numRequiredSignatures - numReadonlySignedAccounts;
  return index < tx.accountKeys.length - numReadonlyUnsignedAccounts;
}
