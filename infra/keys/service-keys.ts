// The service's own signing keys, sealed at rest in the operational store (AES-256-GCM, secret-box.ts): the
// address pool of mint keypairs handed to pool-venue launches, the sponsor that pays sponsored launches, and the
// fee payer that pays the network fee of paid calls.
// A key is opened only to sign one message and the seed is wiped right after; no method returns a secret, and
// the object prints as a placeholder so a stray log line cannot carry the encryption key.
import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { z } from 'zod';
import type { Address } from '@solana/kit';
import { keyPairFromSeed, signBytes } from '../crypto/ed25519.js';
import { defineCollection, type OpStore, type OpTransaction } from '../opstore/op-store.js';
import { openSecret, sealSecret } from './secret-box.js';

export const SERVICE_KEY_KINDS = ['pool-mint', 'sponsor', 'fee-payer'] as const;
export type ServiceKeyKind = (typeof SERVICE_KEY_KINDS)[number];
/** The kinds held as one key each (a pool holds many mints). */
export type SingleKeyKind = Exclude<ServiceKeyKind, 'pool-mint'>;

export const serviceKeyRecords = defineCollection(
  'service_keys',
  z.object({
    /** The key's address. */
    id: z.string(),
    kind: z.enum(SERVICE_KEY_KINDS),
    /** The 32-byte seed, sealed for this address. */
    sealed: z.string(),
    /** Pool mints: free, or taken by a prepared launch (deleted once its launch landed). */
    state: z.enum(['free', 'taken']),
    takenFor: z.string().nullable(),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
  }),
);

export class ServiceKeyError extends Error {
  override name = 'ServiceKeyError';
}

export class ServiceKeys {
  readonly #store: OpStore;
  readonly #encryptionKey: Uint8Array;

  constructor(store: OpStore, encryptionKey: Uint8Array) {
    this.#store = store;
    this.#encryptionKey = new Uint8Array(encryptionKey);
  }

  /** Seal and store a key given by its 32-byte seed (an import); returns its address. */
  async add(kind: ServiceKeyKind, seed: Uint8Array, now = Date.now()): Promise<Address> {
    const { address } = keyPairFromSeed(seed);
    await this.#store.insert(serviceKeyRecords, {
      id: address,
      kind,
      sealed: sealSecret(this.#encryptionKey, seed, address),
      state: 'free',
      takenFor: null,
      createdAt: now,
      updatedAt: now,
    });
    return address;
  }

  /** Generate `count` fresh mint keypairs into the address pool; returns their addresses. */
  async addPoolMints(count: number, now = Date.now()): Promise<Address[]> {
    const added: Address[] = [];
    for (let i = 0; i < count; i++) {
      const seed = new Uint8Array(randomBytes(32));
      added.push(await this.add('pool-mint', seed, now));
      seed.fill(0);
    }
    return added;
  }

  /** The address of the stored key of a kind (the sponsor, the fee payer), or null when none is stored. */
  async stored(kind: SingleKeyKind): Promise<Address | null> {
    const rows = await this.#store.query(serviceKeyRecords, { where: [['kind', '=', kind]], order: [['createdAt', 'ASC']], limit: 1 });
    return (rows[0]?.id as Address | undefined) ?? null;
  }

  async has(address: string): Promise<boolean> {
    return (await this.#store.get(serviceKeyRecords, address)) !== null;
  }

  async freePoolMints(): Promise<number> {
    return (
      await this.#store.query(serviceKeyRecords, {
        where: [
          ['kind', '=', 'pool-mint'],
          ['state', '=', 'free'],
        ],
      })
    ).length;
  }

  /** Inside a store transaction: take the oldest free pool mint for `launch`; null when the pool is empty. */
  async takePoolMint(tx: OpTransaction, launch: string, now: number): Promise<Address | null> {
    const [free] = await tx.query(serviceKeyRecords, {
      where: [
        ['kind', '=', 'pool-mint'],
        ['state', '=', 'free'],
      ],
      order: [['createdAt', 'ASC']],
      limit: 1,
    });
    if (!free) return null;
    await tx.update(serviceKeyRecords, free.id, { state: 'taken', takenFor: launch, updatedAt: now });
    return free.id as Address;
  }

  /** A pool mint whose launch can no longer land goes back to the pool (its address never reached the chain). */
  async releasePoolMint(address: string, now = Date.now()): Promise<void> {
    await this.#store.update(serviceKeyRecords, address, { state: 'free', takenFor: null, updatedAt: now });
  }

  /** A pool mint whose launch landed: the coin's mint authority is revoked, so the key has no further use and
   * is deleted rather than kept at rest. */
  async retirePoolMint(address: string): Promise<void> {
    await this.#store.delete(serviceKeyRecords, address);
  }

  /** Sign `message` with the stored key of `address`. */
  async sign(address: string, message: Uint8Array): Promise<Uint8Array> {
    const record = await this.#store.get(serviceKeyRecords, address);
    if (!record) throw new ServiceKeyError(`no service key for ${address}`);
    const seed = openSecret(this.#encryptionKey, record.sealed, address);
    try {
      const keyPair = keyPairFromSeed(seed);
      if (keyPair.address !== address) throw new ServiceKeyError(`the key stored for ${address} does not match it`);
      return signBytes(keyPair, message);
    } finally {
      seed.fill(0);
    }
  }

  toJSON(): string {
    return '[ServiceKeys]';
  }

  [inspect.custom](): string {
    return '[ServiceKeys]';
  }
}
