// The service's sealed keys in the embedded operational store: only sealed text is stored, a key signs only
// under the right encryption key, pool mints are handed out once and come back when released, and the object
// never prints its encryption key.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyPairFromLabel, verifySignature } from '../../../infra/crypto/ed25519.js';
import { newEncryptionKey } from '../../../infra/keys/secret-box.js';
import { serviceKeyRecords, ServiceKeys } from '../../../infra/keys/service-keys.js';
import type { OpStore } from '../../../infra/opstore/op-store.js';
import { openOpStore } from '../../../infra/opstore/open-op-store.js';

const dir = mkdtempSync(join(tmpdir(), 'service-keys-'));
let store: OpStore;
beforeAll(async () => {
  store = await openOpStore({ dataDir: dir });
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('service keys', () => {
  const encryptionKey = newEncryptionKey();

  it('stores only sealed text and signs with the stored key', async () => {
    const keys = new ServiceKeys(store, encryptionKey);
    const sponsor = keyPairFromLabel('test/sponsor');
    expect(await keys.add('sponsor', sponsor.seed)).toBe(sponsor.address);
    const record = await store.get(serviceKeyRecords, sponsor.address);
    expect(JSON.stringify(record)).not.toContain(Buffer.from(sponsor.seed).toString('base64'));
    expect(JSON.stringify(record)).not.toContain(Buffer.from(sponsor.seed).toString('hex'));
    expect(await keys.stored('sponsor')).toBe(sponsor.address);
    expect(await keys.stored('fee-payer')).toBeNull();
    const feePayer = keyPairFromLabel('test/fee-payer');
    await keys.add('fee-payer', feePayer.seed);
    expect(await keys.stored('fee-payer')).toBe(feePayer.address);
    expect(await keys.stored('sponsor')).toBe(sponsor.address);
    const message = new TextEncoder().encode('launch');
    expect(verifySignature(sponsor.publicKey, message, await keys.sign(sponsor.address, message))).toBe(true);
    await expect(new ServiceKeys(store, newEncryptionKey()).sign(sponsor.address, message)).rejects.toThrow(/does not open/);
  });

  it('hands each pool mint out once, oldest first, and takes it back when released', async () => {
    const keys = new ServiceKeys(store, encryptionKey);
    const [a, b] = await keys.addPoolMints(2);
    const taken = await Promise.all([0, 1, 2].map((i) => store.transact((tx) => keys.takePoolMint(tx, `launch ${i}`, Date.now()))));
    expect(new Set(taken.filter(Boolean))).toEqual(new Set([a, b]));
    expect(taken.filter((t) => t === null)).toHaveLength(1);
    expect(await keys.freePoolMints()).toBe(0);
    await keys.releasePoolMint(a!);
    expect(await keys.freePoolMints()).toBe(1);
    await keys.retirePoolMint(b!);
    expect(await store.get(serviceKeyRecords, b!)).toBeNull();
  });

  it('never prints its encryption key', () => {
    const keys = new ServiceKeys(store, encryptionKey);
    const hex = Buffer.from(encryptionKey).toString('hex');
    expect(JSON.stringify({ keys })).toBe('{"keys":"[ServiceKeys]"}');
    expect(inspect(keys, { showHidden: true, depth: 5 })).not.toContain(hex.slice(0, 8));
    expect(inspect(keys)).toBe('[ServiceKeys]');
  });
});
