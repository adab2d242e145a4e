// Encoded transactions and messages in request parameters: size limits, base58/base64 decoding,
// deserializing and sanitizing, refused with the -32602 texts of agave's decode_and_deserialize
// and sanitize_transaction; and rewriting a transaction's recent blockhash for simulation.
import {
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type LegacyCompiledTransactionMessage,
  type V0CompiledTransactionMessage,
} from '@solana/kit';
import { PACKET_DATA_SIZE, sanitizeTransaction, TransactionRejected, type SanitizedTransaction } from '../runtime/sanitize.js';
import { decodeBase58, decodeBase64 } from './codec.js';
import { invalidParams } from './errors.js';
import { transactionErrorText } from './tx-error-text.js';

const MAX_BASE58_SIZE = 1683;
const MAX_BASE64_SIZE = 1644;
const TRANSACTION_TYPE = 'solana_transaction::versioned::VersionedTransaction';
const MESSAGE_TYPE = 'solana_message::versioned::VersionedMessage';

const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();
const base58Bytes = getBase58Encoder();

/** Decode an encoded transaction or message, with the size limits of a packet. */
function decodeEncoded(encoded: string, encoding: 'base58' | 'base64', typeName: string): Uint8Array {
  const max = encoding === 'base58' ? MAX_BASE58_SIZE : MAX_BASE64_SIZE;
  if (encoded.length > max) {
    throw invalidParams(`${encoding} encoded ${typeName} too large: ${encoded.length} bytes (max: encoded/raw ${max}/${PACKET_DATA_SIZE})`);
  }
  const decoded = encoding === 'base58' ? decodeBase58(encoded) : decodeBase64(encoded);
  if (!decoded.ok) throw invalidParams(`invalid ${encoding} encoding: ${decoded.error}`);
  if (decoded.bytes.length > PACKET_DATA_SIZE) {
    throw invalidParams(`decoded ${typeName} too large: ${decoded.bytes.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`);
  }
  return decoded.bytes;
}

const deserializeFailure = (typeName: string) => invalidParams(`failed to deserialize ${typeName}: io error: unexpected end of file`);

/** Wire bytes of a transaction, checked to deserialize. */
export function decodeTransactionWire(encoded: string, encoding: 'base58' | 'base64'): Uint8Array {
  const wire = decodeEncoded(encoded, encoding, TRANSACTION_TYPE);
  try {
    messageDecoder.decode(transactionDecoder.decode(wire).messageBytes);
  } catch {
    throw deserializeFailure(TRANSACTION_TYPE);
  }
  return wire;
}

/** Sanitize as the RPC does before preflight: failures are `invalid transaction: <reason>`. */
export function sanitizeForRpc(wire: Uint8Array): SanitizedTransaction {
  try {
    return sanitizeTransaction(wire);
  } catch (error) {
    if (error instanceof TransactionRejected) throw invalidParams(`invalid transaction: ${transactionErrorText(error.err)}`);
    throw error;
  }
}

export type DecodedMessage = (LegacyCompiledTransactionMessage | V0CompiledTransactionMessage) & { lifetimeToken: string };

/** Message bytes (getFeeForMessage): a legacy or v0 message, as the validator's VersionedMessage knows. */
export function decodeMessage(encoded: string): DecodedMessage {
  const bytes = decodeEncoded(encoded, 'base64', MESSAGE_TYPE);
  let message;
  try {
    message = messageDecoder.decode(bytes);
  } catch {
    throw deserializeFailure(MESSAGE_TYPE);
  }
  if (message.version !== 'legacy' && message.version !== 0) throw deserializeFailure(MESSAGE_TYPE);
  return message as DecodedMessage;
}

function compactU16(bytes: Uint8Array, at: number): [value: number, size: number] {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    const b = bytes[at + i]!;
    value |= (b & 0x7f) << (7 * i);
    if ((b & 0x80) === 0) return [value, i + 1];
  }
  return [value, 3];
}

/** A copy of the wire transaction with another recent blockhash (signatures left as they were). */
export function replaceRecentBlockhash(wire: Uint8Array, blockhash: string): Uint8Array {
  const out = wire.slice();
  const [signatures, sigSize] = compactU16(out, 0);
  let at = sigSize + 64 * signatures;
  if (out[at]! & 0x80) at++;
  at += 3;
  const [keys, keySize] = compactU16(out, at);
  at += keySize + 32 * keys;
  out.set(base58Bytes.encode(blockhash) as Uint8Array, at);
  return out;
}
