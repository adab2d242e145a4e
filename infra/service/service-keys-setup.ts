// The service's keys and chain as the API role needs them: the chain's JSON-RPC (RPC_URL, or the embedded devnet's)
// and the service's sealed keys opened with KEYS_ENCRYPTION_KEY (the embedded setup creates
// DATA_DIR/keys/encryption.key on first start instead). With the embedded devnet the devnet's sponsor and fee-payer
// keys (derived from public labels, no secret) are sealed into the store once, so sponsored launches and paid calls
// work out of the box; real keys are imported with `npm run keys -- sponsor-import` / `fee-payer-import`.
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { LaunchDeps } from '../../api/launch/launch-context.js';
import type { Config } from '../../schemas/config.js';
import type { Ed25519KeyPair } from '../crypto/ed25519.js';
import { WELL_KNOWN_KEYS } from '../devnet/genesis/well-known-keys.js';
import { OpStoreConflictError, type OpStore } from '../opstore/op-store.js';
import { loadEncryptionKey } from '../keys/encryption-key.js';
import { ServiceKeys, type SingleKeyKind } from '../keys/service-keys.js';

/** Whether the service runs on the embedded devnet (no remote chain configured). */
export function usesEmbeddedDevnet(config: Config): boolean {
  return config.chain.rpcUrl === undefined;
}

export function chainRpcUrl(config: Config): string {
  return config.chain.rpcUrl ?? `http://127.0.0.1:${config.devnet.rpcPort}`;
}

/** The key sealing the service's secrets (its own keys, webhook secrets), or null when none is configured for a
 * remote chain. */
export function serviceSealKey(config: Config): Uint8Array | null {
  const configured = config.keysEncryptionKey?.reveal();
  if (configured === undefined && !usesEmbeddedDevnet(config)) return null;
  return loadEncryptionKey({ configured, file: join(config.dataDir, 'keys', 'encryption.key') });
}

/** The service's keys, or null when no encryption key is configured for a remote chain. */
export function openServiceKeys(config: Config, opstore: OpStore): ServiceKeys | null {
  const key = serviceSealKey(config);
  return key === null ? null : new ServiceKeys(opstore, key);
}

/** The service's keys for the API, with the embedded devnet's own keys sealed in once; null (and a warning) without
 * an encryption key. */
export async function openApiKeys(config: Config, opstore: OpStore, logger?: Logger): Promise<ServiceKeys | null> {
  const keys = openServiceKeys(config, opstore);
  if (!keys) {
    logger?.warn('KEYS_ENCRYPTION_KEY is not set: no address-pool mints, no sponsored launches and no paid calls');
    return null;
  }
  if (usesEmbeddedDevnet(config)) {
    await sealDevnetKey(keys, 'sponsor', WELL_KNOWN_KEYS.sponsor, config.wallets.sponsor);
    await sealDevnetKey(keys, 'fee-payer', WELL_KNOWN_KEYS.feePayer, config.wallets.feePayer);
  }
  return keys;
}

async function sealDevnetKey(keys: ServiceKeys, kind: SingleKeyKind, key: Ed25519KeyPair, configured: string): Promise<void> {
  if (configured !== key.address || (await keys.stored(kind)) !== null) return;
  await keys.add(kind, key.seed).catch((error: unknown) => {
    if (!(error instanceof OpStoreConflictError)) throw error;
  });
}

export function serviceLaunchDeps(config: Config, keys: ServiceKeys | null): LaunchDeps {
  return { rpcUrl: chainRpcUrl(config), programs: config.programs, siteUrl: config.siteUrl, keys };
}
