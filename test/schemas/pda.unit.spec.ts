// Synchronous PDAs against @solana/kit: 2,000 random seed sets derive the same address and bump as
// getProgramDerivedAddress, every bump tried agrees with createProgramDerivedAddress, and the
// one-Jacobi-symbol curve check equals the modPow formula it replaced on random and edge inputs.
import { createHash } from 'node:crypto';
import { getBase58Decoder, getBase58Encoder, getProgramDerivedAddress, isOffCurveAddress, type Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { associatedTokenAddressAndBump, ASSOCIATED_TOKEN_PROGRAM_ADDRESS } from '../../schemas/programs/associated-token.js';
import { createProgramAddressSync, ED25519_D, findProgramAddressSync, isOnCurve, seed } from '../../schemas/programs/pda.js';
import { keyPairFromLabel } from '../../infra/crypto/ed25519.js';
import { seededRandom } from '../infra/seeded-random.js';

const P = 2n ** 255n - 19n;
const base58 = getBase58Decoder();

function modPow(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = ((base % P) + P) % P;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
    e >>= 1n;
  }
  return result;
}

/** The curve check as it was: x² = u·v⁻¹ by Fermat inversion, then Euler's criterion. */
function referenceIsOnCurve(bytes: Uint8Array): boolean {
  const mod = (a: bigint) => ((a % P) + P) % P;
  let y = 0n;
  for (let i = 31; i >= 0; i--) y = (y << 8n) | BigInt(bytes[i]! & (i === 31 ? 0x7f : 0xff));
  if (y >= P) return false;
  const y2 = mod(y * y);
  const u = mod(y2 - 1n);
  const v = mod(ED25519_D * y2 + 1n);
  const x2 = mod(u * modPow(v, P - 2n));
  if (x2 === 0n) return true;
  return modPow(x2, (P - 1n) / 2n) === 1n;
}

function littleEndian(value: bigint, topBit = false): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((value >> BigInt(8 * i)) & 0xffn);
  if (topBit) out[31]! |= 0x80;
  return out;
}

describe('isOnCurve', () => {
  it('uses d = -121665/121666 mod p', () => {
    expect(ED25519_D).toBe((((-121665n * modPow(121666n, P - 2n)) % P) + P) % P);
  });

  it('agrees with the Fermat/Euler formula on random and edge inputs', () => {
    const rng = seededRandom(31);
    const inputs = Array.from({ length: 3_000 }, () => rng.bytes(32));
    for (const y of [0n, 1n, 2n, P - 1n, P - 2n, P, P + 1n, 2n ** 255n - 1n, 2n ** 254n]) {
      inputs.push(littleEndian(y), littleEndian(y, true));
    }
    let on = 0;
    for (const bytes of inputs) {
      const expected = referenceIsOnCurve(bytes);
      expect(isOnCurve(bytes)).toBe(expected);
      if (expected) on++;
    }
    expect(on).toBeGreaterThan(1_000); // about half of random inputs are points
  });

  it('knows public keys are on the curve', () => {
    for (let i = 0; i < 20; i++) expect(isOnCurve(keyPairFromLabel(`pda-spec/${i}`).publicKey)).toBe(true);
  });
});

describe('program-derived addresses', () => {
  it('derive the same address and bump as kit for 2,000 random seed sets', async () => {
    const rng = seededRandom(32);
    const programs = Array.from({ length: 8 }, () => base58.decode(rng.bytes(32)) as Address);
    for (let i = 0; i < 2_000; i++) {
      const seeds = Array.from({ length: rng.int(4) }, () => rng.bytes(rng.pick([0, 1, 8, 31, 32, rng.int(33)])));
      const programAddress = rng.pick(programs);
      const [expected, bump] = await getProgramDerivedAddress({ programAddress, seeds });
      expect(findProgramAddressSync(seeds, programAddress)).toEqual([expected, bump]);
      expect(findProgramAddressSync(seeds, programAddress)).toEqual([expected, bump]); // cached
      // Every higher bump fell on the curve.
      for (let b = 255; b > bump; b--) expect(createProgramAddressSync([...seeds, Uint8Array.of(b)], programAddress)).toBeNull();
      expect(createProgramAddressSync([...seeds, Uint8Array.of(bump)], programAddress)).toBe(expected);
    }
  });

  it("agrees with kit's curve check on each bump, on or off the curve", () => {
    const rng = seededRandom(33);
    const programAddress = base58.decode(rng.bytes(32)) as Address;
    const programBytes = new Uint8Array(getBase58Encoder().encode(programAddress));
    let onCurve = 0;
    for (let i = 0; i < 1_000; i++) {
      const seeds = [rng.bytes(32), Uint8Array.of(rng.int(256))];
      const hash = createHash('sha256');
      for (const s of [...seeds, programBytes, new TextEncoder().encode('ProgramDerivedAddress')]) hash.update(s);
      const candidate = base58.decode(hash.digest()) as Address;
      const expected = isOffCurveAddress(candidate) ? candidate : null;
      expect(createProgramAddressSync(seeds, programAddress)).toBe(expected);
      if (expected === null) onCurve++;
    }
    expect(onCurve).toBeGreaterThan(300);
  });

  it('refuses too many or too long seeds', () => {
    const program = base58.decode(new Uint8Array(32).fill(5)) as Address;
    expect(
      createProgramAddressSync(
        Array.from({ length: 17 }, () => new Uint8Array(1)),
        program,
      ),
    ).toBeNull();
    expect(createProgramAddressSync([new Uint8Array(33)], program)).toBeNull();
    expect(() =>
      findProgramAddressSync(
        Array.from({ length: 16 }, () => new Uint8Array(1)),
        program,
      ),
    ).toThrow('no viable bump seed');
  });

  it('derive associated token accounts as kit does, with fresh results callers may keep', async () => {
    const rng = seededRandom(34);
    const tokenProgram = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
    for (let i = 0; i < 100; i++) {
      const wallet = base58.decode(rng.bytes(32)) as Address;
      const mint = base58.decode(rng.bytes(32)) as Address;
      const expected = await getProgramDerivedAddress({
        programAddress: ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
        seeds: [seed.address(wallet), seed.address(tokenProgram), seed.address(mint)],
      });
      const first = associatedTokenAddressAndBump(wallet, mint, tokenProgram);
      expect(first).toEqual([expected[0], expected[1]]);
      first[1] = -1;
      expect(associatedTokenAddressAndBump(wallet, mint, tokenProgram)).toEqual([expected[0], expected[1]]);
    }
  });

  it('encodes seeds: text as UTF-8, addresses as their 32 bytes (fresh copies)', () => {
    expect(seed.text('pool')).toEqual(new TextEncoder().encode('pool'));
    const bytes = new Uint8Array(32).fill(8);
    const address = base58.decode(bytes) as Address;
    const copy = seed.address(address);
    expect(copy).toEqual(bytes);
    copy.fill(0);
    expect(seed.address(address)).toEqual(bytes);
  });
});
