// Program-derived addresses, computed synchronously: sha256(seeds || [bump] || program || marker),
// valid only off the ed25519 curve. The devnet checks PDAs on every instruction, so this avoids
// the async WebCrypto path and caches results; they agree with @solana/kit's getProgramDerivedAddress.
import { createHash } from 'node:crypto';
import type { Address } from '@solana/kit';
import { addressBytesView, addressFromBytes, addressToBytes } from '../base58.js';

const P = 2n ** 255n - 19n;
/** The ed25519 curve constant d = -121665/121666 mod p. */
export const ED25519_D = 37095705934669439343138083508754565189542113879843219016388785533085940283555n;
const MARKER = Buffer.from('ProgramDerivedAddress');
const MAX_SEEDS = 16;
const MAX_SEED_LENGTH = 32;
const CACHE_LIMIT = 100_000;
const textEncoder = new TextEncoder();

/** Jacobi symbol (a/n) for odd n > 0 and 0 <= a < n: 1, -1, or 0 when they share a factor. */
function jacobi(a: bigint, n: bigint): number {
  let result = 1;
  while (a !== 0n) {
    while ((a & 1n) === 0n) {
      a >>= 1n;
      const r = n & 7n;
      if (r === 3n || r === 5n) result = -result;
    }
    const t = a;
    a = n;
    n = t;
    if ((a & 3n) === 3n && (n & 3n) === 3n) result = -result;
    a %= n;
  }
  return n === 1n ? result : 0;
}

/**
 * Whether 32 bytes decompress to a point on the ed25519 curve: y (sign bit cleared) below p, and
 * x² = u/v with u = y² - 1, v = d·y² + 1 a square mod p. v is never 0 and u/v is a square exactly
 * when u·v is, so one Jacobi symbol decides it.
 */
export function isOnCurve(bytes: Uint8Array): boolean {
  const padded = bytes.length >= 32 ? bytes : Uint8Array.from({ length: 32 }, (_, i) => bytes[i] ?? 0);
  const view = new DataView(padded.buffer, padded.byteOffset, 32);
  const y =
    view.getBigUint64(0, true) |
    (view.getBigUint64(8, true) << 64n) |
    (view.getBigUint64(16, true) << 128n) |
    ((view.getBigUint64(24, true) & 0x7fffffffffffffffn) << 192n);
  if (y >= P) return false;
  const y2 = (y * y) % P;
  const u = (y2 + P - 1n) % P;
  if (u === 0n) return true;
  const v = (ED25519_D * y2 + 1n) % P;
  return jacobi((u * v) % P, P) === 1;
}

/** An injective string key of seed bytes: each seed as its length, then two bytes per UTF-16 unit. */
function seedsKey(seeds: readonly Uint8Array[]): string {
  let key = '';
  for (const s of seeds) {
    key += String.fromCharCode(s.length);
    let i = 0;
    for (; i + 1 < s.length; i += 2) key += String.fromCharCode((s[i]! << 8) | s[i + 1]!);
    if (i < s.length) key += String.fromCharCode(s[i]!);
  }
  return key;
}

const createCache = new Map<string, Address | null>();
const findCache = new Map<string, [Address, number]>();

function remember<V>(cache: Map<string, V>, key: string, value: V): void {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
}

function deriveUncached(seeds: readonly Uint8Array[], programId: Address): Address | null {
  const hash = createHash('sha256');
  for (const s of seeds) hash.update(s);
  hash.update(addressBytesView(programId));
  hash.update(MARKER);
  const digest = hash.digest();
  return isOnCurve(digest) ? null : addressFromBytes(digest);
}

/** The address for these exact seeds (bump included), or null when it falls on the curve. */
export function createProgramAddressSync(seeds: readonly Uint8Array[], programId: Address): Address | null {
  if (seeds.length > MAX_SEEDS || seeds.some((s) => s.length > MAX_SEED_LENGTH)) return null;
  const key = `${programId}|${seedsKey(seeds)}`;
  let result = createCache.get(key);
  if (result === undefined) {
    result = deriveUncached(seeds, programId);
    remember(createCache, key, result);
  }
  return result;
}

/** The canonical PDA: the highest bump from 255 down whose address is off the curve. */
export function findProgramAddressSync(seeds: readonly Uint8Array[], programId: Address): [Address, number] {
  const key = `${programId}|${seedsKey(seeds)}`;
  const found = findCache.get(key);
  if (found) return [found[0], found[1]];
  for (let bump = 255; bump >= 0; bump--) {
    const address = createProgramAddressSync([...seeds, Uint8Array.of(bump)], programId);
    if (address) {
      remember(findCache, key, [address, bump]);
      return [address, bump];
    }
  }
  throw new Error('no viable bump seed');
}

/** Seed helpers. */
export const seed = {
  text: (value: string): Uint8Array => textEncoder.encode(value),
  address: (value: Address): Uint8Array => addressToBytes(value),
};
