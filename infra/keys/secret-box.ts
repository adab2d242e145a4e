// Service secrets at rest: AES-256-GCM (node:crypto) with a random 96-bit nonce per seal and the key's
// address as additional data, so a sealed secret only opens under the encryption key and for the address
// it was sealed for. Sealed text is `v1.<iv>.<tag>.<ciphertext>` (base64url parts); it is safe to store,
// never to log alongside the key.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const ENCRYPTION_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

function checkKey(key: Uint8Array): void {
  if (key.length !== ENCRYPTION_KEY_BYTES) throw new SecretBoxError(`the encryption key must be ${ENCRYPTION_KEY_BYTES} bytes`);
}

/** Encrypt `plaintext` for `label` (the address it belongs to). */
export function sealSecret(key: Uint8Array, plaintext: Uint8Array, label: string): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(label, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join('.');
}

/** Decrypt a sealed secret; throws SecretBoxError when the key, the label or the text is wrong. */
export function openSecret(key: Uint8Array, sealed: string, label: string): Uint8Array {
  checkKey(key);
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError('not a sealed secret of a known version');
  const [, ivText, tagText, dataText] = parts as [string, string, string, string];
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError('malformed sealed secret');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(label, 'utf8'));
    decipher.setAuthTag(tag);
    return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(dataText, 'base64url')), decipher.final()]));
  } catch {
    throw new SecretBoxError('the sealed secret does not open with this key for this address');
  }
}

/** A fresh random encryption key. */
export function newEncryptionKey(): Uint8Array {
  return new Uint8Array(randomBytes(ENCRYPTION_KEY_BYTES));
}
