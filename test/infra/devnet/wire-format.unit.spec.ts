// The direct wire parser and sanitizeTransaction against @solana/kit's decoders: varied legacy and
// v0 transactions (signed and unsigned, long instruction data, lookup tables, odd headers) decode to
// the same values, and truncated or corrupted bytes get the same result or refusal as the original
// kit-only sanitiser (kept below as the reference).
import {
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type Address,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../../schemas/base58.js';
import { sanitizeTransaction, TransactionRejected, type SanitizedTransaction } from '../../../infra/devnet/runtime/sanitize.js';
import type { CompiledInstruction } from '../../../infra/devnet/runtime/types.js';
import { parseWireTransaction } from '../../../infra/devnet/runtime/wire-format.js';
import { seededRandom, type SeededRandom } from '../seeded-random.js';

const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();
const messageEncoder = getCompiledTransactionMessageEncoder();
const transactionEncoder = getTransactionEncoder();
const base58 = getBase58Decoder();

/** sanitizeTransaction as it was before the direct parser: kit's decoders only. */
function referenceSanitize(wire: Uint8Array): SanitizedTransaction {
  if (wire.length > 1232) throw new TransactionRejected('SanitizeFailure', `transaction too large: ${wire.length} bytes (max: 1232 bytes)`);
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
    throw new TransactionRejected('AddressLookupTableNotFound', "Transaction loads an address table account that doesn't exist");
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
  const signatureRecord = decoded.signatures as Record<string, Uint8Array | null>;
  const signatures: Uint8Array[] = [];
  for (let i = 0; i < header.numRequiredSignatures; i++) signatures.push(signatureRecord[accountKeys[i]!] ?? new Uint8Array(64));
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

type Outcome = { ok: SanitizedTransaction } | { rejected: [unknown, string] } | { crashed: string };

function outcome(run: () => SanitizedTransaction): Outcome {
  try {
    return { ok: run() };
  } catch (error) {
    if (error instanceof TransactionRejected) return { rejected: [error.err, error.message] };
    return { crashed: String(error) };
  }
}

const address = (rng: SeededRandom): Address => base58.decode(rng.bytes(32)) as Address;

/** A random legacy or v0 transaction: mostly well-formed, sometimes with odd headers, indices or lookups. */
function randomTransaction(rng: SeededRandom): Uint8Array {
  const numKeys = 1 + rng.int(rng.chance(0.05) ? 40 : 12);
  const keys = Array.from({ length: numKeys }, () => address(rng));
  if (rng.chance(0.05) && numKeys > 1) keys[numKeys - 1] = keys[0]!; // a duplicate key
  const numSigners = rng.chance(0.05) ? rng.int(numKeys + 2) : 1 + rng.int(Math.min(numKeys, 4));
  const header = {
    numSignerAccounts: numSigners,
    numReadonlySignerAccounts: rng.chance(0.05) ? rng.int(5) : rng.int(Math.max(1, numSigners)),
    numReadonlyNonSignerAccounts: rng.chance(0.05) ? rng.int(numKeys + 3) : rng.int(Math.max(1, numKeys - numSigners + 1)),
  };
  const instructions = Array.from({ length: rng.int(rng.chance(0.1) ? 20 : 4) }, () => {
    const numAccounts = rng.chance(0.03) ? 128 + rng.int(20) : rng.int(8);
    const dataLength = rng.chance(0.1) ? rng.pick([127, 128, 200, rng.int(300)]) : rng.pick([0, 1, 9, 40, rng.int(60)]);
    return {
      programAddressIndex: rng.chance(0.03) ? rng.int(256) : rng.int(numKeys),
      ...(numAccounts ? { accountIndices: Array.from({ length: numAccounts }, () => (rng.chance(0.02) ? rng.int(256) : rng.int(numKeys))) } : {}),
      ...(dataLength ? { data: rng.bytes(dataLength) } : {}),
    };
  });
  const version = rng.chance(0.5) ? ('legacy' as const) : (0 as const);
  const lookups =
    version === 0 && rng.chance(0.1)
      ? [{ lookupTableAddress: address(rng), writableIndexes: [rng.int(256)], readonlyIndexes: [rng.int(256), rng.int(256)] }]
      : [];
  const messageBytes = messageEncoder.encode({
    version,
    header,
    staticAccounts: keys,
    lifetimeToken: base58.decode(rng.bytes(32)),
    instructions,
    ...(version === 0 ? { addressTableLookups: lookups } : {}),
  } as Parameters<typeof messageEncoder.encode>[0]);
  const signers = keys.slice(0, Math.max(1, Math.min(numSigners, numKeys)));
  const signatures = Object.fromEntries(signers.map((k) => [k, rng.chance(0.8) ? rng.bytes(64) : null]));
  return new Uint8Array(transactionEncoder.encode({ messageBytes, signatures } as unknown as Parameters<typeof transactionEncoder.encode>[0]));
}

function corrupt(rng: SeededRandom, wire: Uint8Array): Uint8Array {
  const copy = wire.slice();
  switch (rng.int(5)) {
    case 0:
      return copy.slice(0, rng.int(copy.length)); // truncated
    case 1:
      return new Uint8Array([...copy, ...rng.bytes(1 + rng.int(5))]); // trailing bytes
    case 2: {
      const at = rng.int(Math.min(copy.length, 1 + 64 * copy[0]! + 8)); // around the signatures and header
      copy[at] = rng.int(256);
      return copy;
    }
    case 3:
      copy[0] = rng.pick([0, 0x80, 0x81, 0x82, 0xff, copy[0]! + 1]);
      return copy;
    default: {
      const at = 1 + 64 * (copy[0]! & 0x7f);
      if (at < copy.length) copy[at] = rng.pick([0x80, 0x81, 0x82, 0xff, 0x7f, 0]); // the message's first byte
      return copy;
    }
  }
}

describe('direct wire parsing', () => {
  it('decodes well-formed transactions exactly as kit does', () => {
    const rng = seededRandom(11);
    let parsed = 0;
    for (let i = 0; i < 2_000; i++) {
      const wire = randomTransaction(rng);
      const fast = parseWireTransaction(wire);
      let decoded;
      let message;
      try {
        decoded = transactionDecoder.decode(wire);
        message = messageDecoder.decode(decoded.messageBytes);
      } catch {
        expect(fast).toBeNull(); // e.g. a duplicated signer: kit's signature map is short of one
        continue;
      }
      if (message.version === 1) throw new Error('the generator makes legacy and v0 messages only');
      const numSigners = Math.min(message.header.numSignerAccounts, message.staticAccounts.length);
      if (!fast) throw new Error('kit decodes what the direct parser refused');
      parsed++;
      expect(fast.version).toBe(message.version);
      expect(fast.accountKeys).toEqual(message.staticAccounts);
      expect(fast.recentBlockhash).toBe(message.lifetimeToken);
      expect(fast.messageBytes).toEqual(new Uint8Array(decoded.messageBytes));
      expect(fast.header).toEqual({
        numRequiredSignatures: message.header.numSignerAccounts,
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
      });
      expect(fast.instructions).toEqual(
        message.instructions.map((ix) => ({
          programIdIndex: ix.programAddressIndex,
          accounts: [...(ix.accountIndices ?? [])],
          data: new Uint8Array(ix.data ?? new Uint8Array(0)),
        })),
      );
      expect(fast.addressTableLookupCount).toBe('addressTableLookups' in message ? (message.addressTableLookups?.length ?? 0) : 0);
      const unique = new Set(fast.accountKeys.slice(0, numSigners)).size === numSigners;
      if (unique) {
        const record = decoded.signatures as Record<string, Uint8Array | null>;
        expect(fast.signatures).toEqual(fast.accountKeys.slice(0, numSigners).map((k) => record[k] ?? new Uint8Array(64)));
      }
    }
    expect(parsed).toBeGreaterThan(1_600);
  });

  it('sanitises to the same transaction or refusal as the kit-only sanitiser, well-formed or corrupted', () => {
    const rng = seededRandom(12);
    const kinds = new Set<string>();
    for (let i = 0; i < 4_000; i++) {
      const base = randomTransaction(rng);
      const wire = i % 3 === 0 ? base : corrupt(rng, base);
      const expected = outcome(() => referenceSanitize(wire));
      expect(outcome(() => sanitizeTransaction(wire))).toEqual(expected);
      const tooLarge = 'rejected' in expected && expected.rejected[1].startsWith('transaction too large');
      kinds.add('ok' in expected ? 'ok' : tooLarge ? 'too large' : 'rejected' in expected ? JSON.stringify(expected.rejected) : 'crashed');
    }
    // The sample reaches every refusal sanitising makes, and successes.
    expect([...kinds].sort()).toEqual(
      [
        'ok',
        'too large',
        JSON.stringify(['SanitizeFailure', 'failed to deserialize transaction']),
        JSON.stringify(['SanitizeFailure', 'Transaction failed to sanitize accounts offsets correctly']),
        JSON.stringify(['AddressLookupTableNotFound', "Transaction loads an address table account that doesn't exist"]),
        JSON.stringify(['UnsupportedVersion', 'Transaction version is unsupported']),
      ].sort(),
    );
  });

  it('leaves other envelopes to kit', () => {
    expect(parseWireTransaction(new Uint8Array(0))).toBeNull();
    expect(parseWireTransaction(Uint8Array.of(0x81, 1, 2, 3))).toBeNull();
    const rng = seededRandom(13);
    const wire = randomTransaction(rng);
    expect(parseWireTransaction(wire.slice(0, wire.length - 1))).toBeNull();
  });

  it('names the transaction by its first signature', () => {
    const rng = seededRandom(14);
    for (let i = 0; i < 200; i++) {
      const wire = randomTransaction(rng);
      const result = outcome(() => sanitizeTransaction(wire));
      if ('ok' in result) expect(result.ok.signature).toBe(encodeBase58(result.ok.signatures[0]!));
    }
  });
});
