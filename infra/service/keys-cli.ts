// `npm run keys -- <command>`: manage the service's sealed keys in the operational store.
//   pool-add <count>          generate <count> fresh mint keypairs into the address pool
//   pool-count                how many pool mints are free
//   sponsor-import <file>     seal the sponsor's key from a Solana key file (JSON array of 64 bytes); its
//                             address must be SPONSOR_WALLET
//   fee-payer-import <file>   the same for the fee payer of paid calls; its address must be FEE_PAYER_WALLET
// Keys are sealed with KEYS_ENCRYPTION_KEY (or, with the embedded devnet, DATA_DIR/keys/encryption.key).
// Secrets are never printed. With the embedded store, run it while the service is stopped.
import { readFileSync } from 'node:fs';
import type { Address } from '@solana/kit';
import { loadConfig } from '../../schemas/config.js';
import { keyPairFromSeed } from '../crypto/ed25519.js';
import { openServiceOpStore } from './stores.js';
import { openServiceKeys } from './service-keys-setup.js';
import type { ServiceKeys, SingleKeyKind } from '../keys/service-keys.js';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

async function main(): Promise<void> {
  const [command, arg] = process.argv.slice(2);
  const config = loadConfig();
  const opstore = await openServiceOpStore(config);
  try {
    const keys = openServiceKeys(config, opstore) ?? fail('set KEYS_ENCRYPTION_KEY (base64 of 32 bytes) first');
    if (command === 'pool-add') {
      const count = Number(arg);
      if (!Number.isInteger(count) || count < 1 || count > 10_000) fail('usage: pool-add <count 1..10000>');
      const added = await keys.addPoolMints(count);
      console.log(`added ${added.length} mints to the address pool; ${await keys.freePoolMints()} free`);
    } else if (command === 'pool-count') {
      console.log(`${await keys.freePoolMints()} free mints in the address pool`);
    } else if (command === 'sponsor-import') {
      await importKey(keys, 'sponsor', config.wallets.sponsor, 'SPONSOR_WALLET', arg);
    } else if (command === 'fee-payer-import') {
      await importKey(keys, 'fee-payer', config.wallets.feePayer, 'FEE_PAYER_WALLET', arg);
    } else {
      fail('usage: keys pool-add <count> | pool-count | sponsor-import <file> | fee-payer-import <file>');
    }
  } finally {
    await opstore.close();
  }
}

/** Seal a Solana key file's key as the service's key of `kind`, whose address the configuration names. */
async function importKey(keys: ServiceKeys, kind: SingleKeyKind, configured: Address, variable: string, file: string | undefined): Promise<void> {
  if (!file) fail(`usage: ${kind}-import <solana key file>`);
  const bytes = Uint8Array.from(JSON.parse(readFileSync(file, 'utf8')) as number[]);
  if (bytes.length !== 64) fail('the key file must hold a JSON array of 64 bytes');
  const seed = bytes.slice(0, 32);
  const pair = keyPairFromSeed(seed);
  if (!pair.publicKey.every((b, i) => b === bytes[32 + i])) fail('the key file is inconsistent (public half does not match)');
  if (pair.address !== configured) fail(`the key is ${pair.address}, ${variable} is ${configured}`);
  if (await keys.has(pair.address)) fail(`the ${kind} key ${pair.address} is already stored`);
  await keys.add(kind, seed);
  seed.fill(0);
  bytes.fill(0);
  console.log(`sealed the ${kind} key ${pair.address}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
