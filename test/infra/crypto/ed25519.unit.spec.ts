// Synchronous ed25519 key pairs, signing and verification against @solana/kit's WebCrypto keys:
// the same addresses and signatures for random seeds, and verification that refuses tampering.
import { createKeyPairFromPrivateKeyBytes, getAddressFromPublicKey, signBytes as kitSignBytes } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { keyPairFromSeed, secretKeyBytes, signBytes, verifySignature } from '../../../infra/crypto/ed25519.js';
import { seededRandom } from '../seeded-random.js';

describe('ed25519', () => {
  it('derives the address kit derives and signs the same bytes', async () => {
    const rng = seededRandom(51);
    for (let i = 0; i < 50; i++) {
      const seed = rng.bytes(32);
      const message = rng.bytes(rng.int(300));
      const ours = keyPairFromSeed(seed);
      const kit = await createKeyPairFromPrivateKeyBytes(seed);
      expect(ours.address).toBe(await getAddressFromPublicKey(kit.publicKey));
      expect(signBytes(ours, message)).toEqual(new Uint8Array(await kitSignBytes(kit.privateKey, message)));
      expect(secretKeyBytes(ours)).toEqual(Uint8Array.of(...seed, ...ours.publicKey));
    }
  });

  it('verifies genuine signatures only', () => {
    const rng = seededRandom(52);
    for (let i = 0; i < 50; i++) {
      const key = keyPairFromSeed(rng.bytes(32));
      const message = rng.bytes(1 + rng.int(200));
      const signature = signBytes(key, message);
      expect(verifySignature(key.publicKey, message, signature)).toBe(true);
      const tampered = message.slice();
      tampered[rng.int(tampered.length)]! ^= 1;
      expect(verifySignature(key.publicKey, tampered, signature)).toBe(false);
      expect(verifySignature(key.publicKey, message, new Uint8Array(64))).toBe(false);
      expect(verifySignature(key.publicKey.subarray(1), message, signature)).toBe(false);
    }
  });
});
