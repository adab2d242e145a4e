// Program-derived addresses, computed synchronously: sha256(seeds || [bump] || program || marker),
// valid only off the ed25519 curve. The devnet checks PDAs on every instruction, so this avoids
// the async WebCrypto path; results agree with @solana/kit's getProgramDerivedAddress.
import { createHash } from 'node:crypto';
import { getAddressEncoder, getBase58Decoder, type Address } from '@solana/kit';

const P = 2n ** 255n - 19n;
const D = (-121665n * modPow(121666n, P - 2n)) % P;
const MARKER = Buffer.from('ProgramDerivedAddress');
const addressEncoder = getAddressEncoder();
const base58 = getBase58Decoder();

function mod(a: bigint): bigint {
  const r = a % P;
  return r < 0n ? r + P : r;
}

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

/** Whether 32 bytes decompress to a point on the ed25519 curve. */
export function isOnCurve(bytes: Uint8Array): boolean {
  let y = 0n;
  for (let i = 31; i >= 0; i--) y = (y << 8n) | BigInt(bytes[i]! & (i === 31 ? 0x7f : 0xff));
  if (y >= P) return false;
  const y2 = mod(y * y);
  const u = mod(y2 - 1n);
  const v = mod(D * y2 + 1n);
  const x2 = mod(u * modPow(v, P - 2n));
  if (x2 === 0n) return true;
  return modPow(x2, (P - 1n) / 2n) === 1n;
}

const cache = new Map<string, Address | null>();

function cacheKey(seeds: readonly Uint8Array[], programId: Address): string {
  return `${programId}|${seeds.map((s) => Buffer.from(s).toString('hex')).join('|')}`;
}

/** The address for these exact seeds (bump included), or null when it falls on the curve. */
export function createProgramAddressSync(seeds: readonly Uint8Array[], programId: Address): Address | null {
  if (seeds.length > 16 || seeds.some((s) => s.length > 32)) return null;
  const key = cacheKey(seeds, programId);
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const hash = createHash('sha256');
  for (const seed of seeds) hash.update(seed);
  hash.update(addressEncoder.encode(programId) as Uint8Array);
  hash.update(MARKER);
  const digest = new Uint8Array(hash.digest());
  const result = isOnCurve(digest) ? null : (base58.decode(digest) as Address);
  if (cache.size > 100_000) cache.clear();
  cache.set(key, result);
  return result;
}

/** The canonical PDA: the highest bump from 255 down whose address is off the curve. */
export function findProgramAddressSync(seeds: readonly Uint8Array[], programId: Address): [Address, number] {
  for (let bump = 255; bump >= 0; bump--) {
    const address = createProgramAddressSync([...seeds, Uint8Array.of(bump)], programId);
    if (address) return [address, bump];
  }
  throw new Error('no viable bump seed');
}

/** Seed helpers. */
export const seed = {
  text: (value: string): Uint8Array => new TextEncoder().encode(value),
  address: (value: Address): Uint8Array => addressEncoder.encode(value) as Uint8Array,
};
