// Where the key that seals service secrets comes from: the configured `KEYS_ENCRYPTION_KEY` (base64 of 32
// bytes, e.g. from a secret manager), or, for the embedded setup only, a key file created once under the
// data directory with owner-only permissions. Production sets the variable, so sealed keys in the store
// and the key that opens them never sit on the same disk.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ENCRYPTION_KEY_BYTES, newEncryptionKey } from './secret-box.js';

export class EncryptionKeyError extends Error {
  override name = 'EncryptionKeyError';
}

/** The key in its configured form: base64 (or base64url) of exactly 32 bytes. */
export function parseEncryptionKey(text: string): Uint8Array {
  const bytes = Buffer.from(text.trim(), text.includes('-') || text.includes('_') ? 'base64url' : 'base64');
  if (bytes.length !== ENCRYPTION_KEY_BYTES) {
    throw new EncryptionKeyError(`KEYS_ENCRYPTION_KEY must be base64 of ${ENCRYPTION_KEY_BYTES} bytes (e.g. \`openssl rand -base64 32\`)`);
  }
  return new Uint8Array(bytes);
}

export interface EncryptionKeySource {
  /** KEYS_ENCRYPTION_KEY, when set. */
  configured?: string;
  /** The embedded setup's key file; created on first use when `configured` is unset. */
  file?: string;
}

export function loadEncryptionKey(source: EncryptionKeySource): Uint8Array {
  if (source.configured !== undefined) return parseEncryptionKey(source.configured);
  if (source.file === undefined) throw new EncryptionKeyError('no KEYS_ENCRYPTION_KEY configured for the service keys');
  if (existsSync(source.file)) return parseEncryptionKey(readFileSync(source.file, 'utf8'));
  mkdirSync(dirname(source.file), { recursive: true, mode: 0o700 });
  const key = newEncryptionKey();
  writeFileSync(source.file, `${Buffer.from(key).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(source.file, 0o600);
  return key;
}
