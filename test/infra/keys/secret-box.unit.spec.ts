// Sealing service secrets: AES-256-GCM round trip, a fresh nonce per seal, and refusal under another key,
// for another address, or after any change to the sealed text. The encryption key's configured form.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EncryptionKeyError, loadEncryptionKey, parseEncryptionKey } from '../../../infra/keys/encryption-key.js';
import { newEncryptionKey, openSecret, sealSecret, SecretBoxError } from '../../../infra/keys/secret-box.js';

const dir = mkdtempSync(join(tmpdir(), 'secret-box-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('secret box', () => {
  const key = newEncryptionKey();
  const secret = new Uint8Array(32).map((_, i) => i * 7);

  it('opens what it sealed, for the address it was sealed for', () => {
    const sealed = sealSecret(key, secret, 'Addr1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Buffer.from(sealed).includes(Buffer.from(secret))).toBe(false);
    expect(openSecret(key, sealed, 'Addr1')).toEqual(secret);
  });

  it('seals the same secret differently each time', () => {
    expect(sealSecret(key, secret, 'Addr1')).not.toBe(sealSecret(key, secret, 'Addr1'));
  });

  it('refuses another key, another address and any change', () => {
    const sealed = sealSecret(key, secret, 'Addr1');
    expect(() => openSecret(newEncryptionKey(), sealed, 'Addr1')).toThrow(SecretBoxError);
    expect(() => openSecret(key, sealed, 'Addr2')).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0]! ^= 1;
    expect(() => openSecret(key, [parts[0], parts[1], parts[2], data.toString('base64url')].join('.'), 'Addr1')).toThrow(SecretBoxError);
    expect(() => openSecret(key, 'v2.a.b.c', 'Addr1')).toThrow(SecretBoxError);
    expect(() => sealSecret(new Uint8Array(16), secret, 'Addr1')).toThrow(SecretBoxError);
  });
});

describe('encryption key', () => {
  it('reads base64 or base64url of 32 bytes and refuses anything else', () => {
    const raw = newEncryptionKey();
    expect(parseEncryptionKey(Buffer.from(raw).toString('base64'))).toEqual(raw);
    expect(parseEncryptionKey(Buffer.from(raw).toString('base64url'))).toEqual(raw);
    expect(() => parseEncryptionKey(Buffer.alloc(16).toString('base64'))).toThrow(EncryptionKeyError);
  });

  it('prefers the configured key; else creates the embedded key file once, owner-only, and reads it back', () => {
    const file = join(dir, 'keys', 'encryption.key');
    const configured = Buffer.from(newEncryptionKey()).toString('base64');
    expect(loadEncryptionKey({ configured, file })).toEqual(parseEncryptionKey(configured));
    const created = loadEncryptionKey({ file });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadEncryptionKey({ file })).toEqual(created);
    expect(() => loadEncryptionKey({})).toThrow(EncryptionKeyError);
  });
});

describe('configured encryption key', () => {
  it('is validated and never printed with the configuration', async () => {
    const { loadConfig } = await import('../../../schemas/config.js');
    const text = Buffer.from(newEncryptionKey()).toString('base64');
    const config = loadConfig({ KEYS_ENCRYPTION_KEY: text });
    expect(config.keysEncryptionKey?.reveal()).toBe(text);
    expect(JSON.stringify(config, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).not.toContain(text);
    const { inspect } = await import('node:util');
    expect(inspect(config, { depth: 10 })).not.toContain(text);
    expect(() => loadConfig({ KEYS_ENCRYPTION_KEY: 'short' })).toThrow(/KEYS_ENCRYPTION_KEY/);
    expect(loadConfig({}).keysEncryptionKey).toBeNull();
  });
});
