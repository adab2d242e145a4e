// Synchronous ed25519 on Node's crypto: key pairs from 32-byte seeds, signing and verification.
// The devnet verifies every signature and the simulator signs every transaction, so this stays
// on the fast synchronous path (WebCrypto's async API costs an event-loop turn per call).
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { Address } from '@solana/kit';
import { addressFromBytes } from '../../schemas/base58.js';

const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export interface Ed25519KeyPair {
  readonly address: Address;
  readonly publicKey: Uint8Array;
  /** The 32-byte seed; with the public key appended it is the 64-byte Solana secret key. */
  readonly seed: Uint8Array;
  readonly privateKey: KeyObject;
}

/**
 * The private key object of a seed. A JWK import is about ten times faster than a PKCS#8 DER one (no
 * OpenSSL decoder machinery); Node derives the public key from `d` and ignores `x` on private keys, so
 * `x` is left empty. Should a Node version insist on `x`, the DER import still works.
 */
function privateKeyFromSeed(seed: Uint8Array): KeyObject {
  try {
    return createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d: Buffer.from(seed).toString('base64url'), x: '' }, format: 'jwk' });
  } catch {
    return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  }
}

export function keyPairFromSeed(seed: Uint8Array): Ed25519KeyPair {
  if (seed.length !== 32) throw new Error('an ed25519 seed is 32 bytes');
  const privateKey = privateKeyFromSeed(seed);
  // The JWK export carries the public key (x) OpenSSL derived on import: no second key object needed.
  const publicKey = new Uint8Array(Buffer.from(privateKey.export({ format: 'jwk' }).x!, 'base64url'));
  return { address: addressFromBytes(publicKey), publicKey, seed: new Uint8Array(seed), privateKey };
}

/** Deterministic key pair from a label: the seed is sha256 of the label. */
export function keyPairFromLabel(label: string): Ed25519KeyPair {
  return keyPairFromSeed(createHash('sha256').update(label).digest());
}

export function signBytes(keyPair: Ed25519KeyPair, message: Uint8Array): Uint8Array {
  return new Uint8Array(sign(null, message, keyPair.privateKey));
}

/** The 64-byte secret key (seed then public key), as Solana wallets store it. */
export function secretKeyBytes(keyPair: Ed25519KeyPair): Uint8Array {
  const out = new Uint8Array(64);
  out.set(keyPair.seed, 0);
  out.set(keyPair.publicKey, 32);
  return out;
}

const publicKeyCache = new Map<string, KeyObject>();
const PUBLIC_KEY_CACHE_LIMIT = 50_000;

function publicKeyObject(publicKey: Uint8Array): KeyObject | null {
  const cacheKey = addressFromBytes(publicKey); // base58 of the key, cached: cheaper than another encoding
  let key = publicKeyCache.get(cacheKey);
  if (key) return key;
  try {
    key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
  } catch {
    return null; // not a point on the curve: no signature can verify against it
  }
  if (publicKeyCache.size >= PUBLIC_KEY_CACHE_LIMIT) publicKeyCache.clear();
  publicKeyCache.set(cacheKey, key);
  return key;
}

export function verifySignature(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  const key = publicKeyObject(publicKey);
  if (!key) return false;
  try {
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}
