// Direct message compilation against @solana/kit's compileTransaction on many random instruction
// sets (legacy and v0; repeated accounts with mixed roles, the fee payer and programs among the
// accounts, long data, over-limit sets): the same message bytes and signers, or a fallback where kit
// throws; and buildTransaction's wire equals the kit-only builder it replaced.
import {
  AccountRole,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getTransactionEncoder,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  blockhash as toBlockhash,
  type Address,
  type Instruction,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { keyPairFromLabel, signBytes, type Ed25519KeyPair } from '../../../infra/crypto/ed25519.js';
import { compileMessage } from '../../../infra/devnet/compile-message.js';
import { buildTransaction, compileWithKit, type BuildTransactionInput } from '../../../infra/devnet/tx-builder.js';
import { seededRandom, type SeededRandom } from '../seeded-random.js';

const base58 = getBase58Decoder();
const transactionEncoder = getTransactionEncoder();
const keys = Array.from({ length: 6 }, (_, i) => keyPairFromLabel(`compile-message-spec/${i}`));

/** buildTransaction as it was: kit's compileTransaction and transaction encoder. */
function referenceBuild(input: BuildTransactionInput): Uint8Array {
  const message = appendTransactionMessageInstructions(
    input.instructions,
    setTransactionMessageLifetimeUsingBlockhash(
      { blockhash: toBlockhash(input.blockhash), lastValidBlockHeight: 0n },
      setTransactionMessageFeePayer(input.feePayer, createTransactionMessage({ version: input.version ?? 0 })),
    ),
  );
  const compiled = compileTransaction(message);
  const messageBytes = compiled.messageBytes as unknown as Uint8Array;
  const byAddress = new Map(input.signers.map((k) => [k.address as string, k]));
  const signatures: Record<string, Uint8Array | null> = {};
  for (const signer of Object.keys(compiled.signatures)) {
    const key = byAddress.get(signer);
    signatures[signer] = key ? signBytes(key, messageBytes) : null;
  }
  return new Uint8Array(transactionEncoder.encode({ ...compiled, signatures } as typeof compiled));
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The same address with the case of one letter flipped, when that is still a 32-byte address. */
function caseTwin(rng: SeededRandom, address: string): Address | null {
  const at = rng.int(address.length);
  const c = address[at]!;
  const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
  if (flipped === c || !ALPHABET.includes(flipped)) return null;
  const twin = address.slice(0, at) + flipped + address.slice(at + 1);
  try {
    return getBase58Encoder().encode(twin).length === 32 ? (twin as Address) : null;
  } catch {
    return null;
  }
}

/** Addresses whose collation order differs from code-unit order: mixed case, case-only twins, leading ones. */
function addressPool(rng: SeededRandom): Address[] {
  const pool = keys.map((k) => k.address);
  for (let i = 0; i < 14; i++) pool.push(base58.decode(rng.bytes(32)) as Address);
  for (let i = 0; i < 4; i++) {
    const twin = caseTwin(rng, rng.pick(pool));
    if (twin && !pool.includes(twin)) pool.push(twin);
  }
  pool.push(base58.decode(Uint8Array.of(...new Uint8Array(31), 1)) as Address);
  return pool;
}

function randomInput(rng: SeededRandom, pool: Address[]): BuildTransactionInput {
  const feePayer = rng.pick(pool.slice(0, keys.length));
  const programs = pool.slice(-5);
  const many = rng.chance(0.05);
  const instructions: Instruction[] = Array.from({ length: 1 + rng.int(many ? 70 : 5) }, () => {
    const count = rng.chance(0.1) ? 0 : rng.int(many ? 30 : 9);
    const accounts = Array.from({ length: count }, () => {
      const address = rng.chance(0.1) ? feePayer : rng.pick(pool);
      const role = rng.chance(0.7)
        ? rng.pick([AccountRole.READONLY, AccountRole.WRITABLE])
        : rng.pick([AccountRole.READONLY_SIGNER, AccountRole.WRITABLE_SIGNER]);
      return { address, role };
    });
    const dataLength = rng.pick([0, 1, 8, 40, 127, 128, 300]);
    return {
      programAddress: rng.chance(0.9) ? rng.pick(programs) : rng.pick(pool),
      ...(count || rng.chance(0.5) ? { accounts } : {}),
      ...(dataLength || rng.chance(0.5) ? { data: rng.bytes(dataLength) } : {}),
    };
  });
  return {
    feePayer,
    instructions,
    blockhash: base58.decode(rng.bytes(32)),
    signers: keys.filter(() => rng.chance(0.7)),
    version: rng.chance(0.5) ? 'legacy' : 0,
  };
}

function kitCompile(input: BuildTransactionInput) {
  try {
    return compileWithKit(input);
  } catch {
    return null;
  }
}

describe('direct message compilation', () => {
  it('compiles what kit compiles, byte for byte, and leaves what kit refuses to kit', () => {
    const rng = seededRandom(21);
    let compiled = 0;
    let refused = 0;
    for (let i = 0; i < 3_000; i++) {
      const pool = addressPool(rng);
      const input = randomInput(rng, pool);
      const fast = compileMessage({ feePayer: input.feePayer, instructions: input.instructions, blockhash: input.blockhash, version: input.version ?? 0 });
      const kit = kitCompile(input);
      if (!kit) {
        expect(fast).toBeNull();
        refused++;
        continue;
      }
      expect(fast).not.toBeNull();
      expect(fast!.signers).toEqual(kit.signers);
      expect(Buffer.from(fast!.messageBytes).toString('hex')).toBe(Buffer.from(kit.messageBytes).toString('hex'));
      compiled++;
    }
    expect(compiled).toBeGreaterThan(1_000);
    expect(refused).toBeGreaterThan(100);
  });

  it('builds the same signed wire transaction as the kit-only builder', () => {
    const rng = seededRandom(22);
    let built = 0;
    for (let i = 0; i < 300; i++) {
      const input = randomInput(rng, addressPool(rng));
      let expected: Uint8Array;
      try {
        expected = referenceBuild(input);
      } catch {
        expect(() => buildTransaction(input)).toThrow();
        continue;
      }
      const { wire, messageBytes, signature } = buildTransaction(input);
      expect(Buffer.from(wire).toString('hex')).toBe(Buffer.from(expected).toString('hex'));
      expect(Buffer.from(wire.subarray(wire.length - messageBytes.length))).toEqual(Buffer.from(messageBytes));
      expect(signature).toEqual(wire.slice(1, 65));
      built++;
    }
    expect(built).toBeGreaterThan(100);
  });

  it('leaves lookup-table accounts and invalid addresses to kit', () => {
    const payer: Ed25519KeyPair = keys[0]!;
    const blockhash = base58.decode(new Uint8Array(32).fill(3));
    const program = keys[1]!.address;
    const lookup: Instruction = {
      programAddress: program,
      accounts: [{ address: keys[2]!.address, role: AccountRole.WRITABLE, lookupTableAddress: keys[3]!.address, addressIndex: 0 }],
    };
    expect(compileMessage({ feePayer: payer.address, instructions: [lookup], blockhash, version: 0 })).toBeNull();
    const invalid: Instruction = { programAddress: 'not-an-address' as Address };
    expect(compileMessage({ feePayer: payer.address, instructions: [invalid], blockhash, version: 0 })).toBeNull();
    expect(() => buildTransaction({ feePayer: payer.address, instructions: [invalid], blockhash, signers: [payer] })).toThrow();
    expect(compileMessage({ feePayer: payer.address, instructions: [], blockhash: 'short', version: 'legacy' })).toBeNull();
  });
});
