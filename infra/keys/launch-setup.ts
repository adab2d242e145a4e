// The launch routes' dependencies for the service's API role: the chain's JSON-RPC (RPC_URL, or the embedded
// devnet's), the programs, the site root, and the service's sealed keys opened with KEYS_ENCRYPTION_KEY (the
// embedded setup creates DATA_DIR/keys/encryption.key on first start instead). With the embedded devnet the
// devnet's sponsor key (derived from a public label, no secret) is sealed into the store once, so sponsored
// launches work out of the box; a real sponsor key is imported with `npm run keys -- sponsor-import`.
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { LaunchDeps } from '../../api/launch/launch-context.js';
import type { Config } from '../../schemas/config.js';
import { WELL_KNOWN_KEYS } from '../devnet/genesis/well-known-keys.js';
import { OpStoreConflictError, type OpStore } from '../opstore/op-store.js';
import { loadEncryptionKey } from './encryption-key.js';
import { ServiceKeys } from './service-keys.js';

/** Whether the service runs on the embedded devnet (no remote chain configured). */
export function usesEmbeddedDevnet(config: Config): boolean {
  return config.chain.rpcUrl === undefined;
}

export function chainRpcUrl(config: Config): string {
  return config.chain.rpcUrl ?? `http://127.0.0.1:${config.devnet.rpcPort}`;
}

/** The service's keys, or null when no encryption key is configured for a remote chain. */
export function openServiceKeys(config: Config, opstore: OpStore): ServiceKeys | null {
  const configured = config.keysEncryptionKey?.reveal();
  if (configured === undefined && !usesEmbeddedDevnet(config)) return null;
  const key = loadEncryptionKey({ configured, file: join(config.dataDir, 'keys', 'encryption.key') });
  return new ServiceKeys(opstore, key);
}

export async function serviceLaunchDeps(config: Config, opstore: OpStore, logger?: Logger): Promise<LaunchDeps> {
  const keys = openServiceKeys(config, opstore);
  if (!keys) logger?.warn('KEYS_ENCRYPTION_KEY is not set: no address-pool mints and no sponsored launches');
  if (keys && usesEmbeddedDevnet(config) && config.wallets.sponsor === WELL_KNOWN_KEYS.sponsor.address && (await keys.sponsor()) === null) {
    await keys.add('sponsor', WELL_KNOWN_KEYS.sponsor.seed).catch((error: unknown) => {
      if (!(error instanceof OpStoreConflictError)) throw error;
    });
  }
  return { rpcUrl: chainRpcUrl(config), programs: config.programs, siteUrl: config.siteUrl, keys };
}
