// The launch end-to-end setup: the shared service harness (manual devnet with its simulator, ingest,
// projections) with the devnet's JSON-RPC, an operational store and the service's sealed keys, and an API
// built with the launch routes on the same stores. Wallets are @solana/kit key pairs funded by airdrop; the
// chain is stepped in the background while a wallet or the service waits for it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSolanaRpc, type KeyPairSigner, type Rpc, type SolanaRpcApi } from '@solana/kit';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/app.js';
import { WELL_KNOWN_KEYS } from '../../infra/devnet/genesis/well-known-keys.js';
import { newEncryptionKey } from '../../infra/keys/secret-box.js';
import { ServiceKeys } from '../../infra/keys/service-keys.js';
import type { OpStore } from '../../infra/opstore/op-store.js';
import { openOpStore } from '../../infra/opstore/open-op-store.js';
import { acceptTerms, fundedWallet, type Inject } from '../api/launch/kit-wallet.js';
import { CONFIG } from '../ingest/chain-fixture.js';
import { startService, type ServiceHarness } from './service-harness.js';

export { PNG, SOL, signWire } from '../api/launch/kit-wallet.js';
export const SITE = 'https://launchtape.example';

export interface LaunchService {
  h: ServiceHarness;
  app: FastifyInstance;
  opstore: OpStore;
  keys: ServiceKeys;
  rpc: Rpc<SolanaRpcApi>;
  wallet(sol?: bigint): Promise<KeyPairSigner>;
  acceptTerms(wallet: KeyPairSigner): Promise<void>;
  post<T = Record<string, unknown>>(url: string, body: unknown): Promise<{ status: number; body: T }>;
  get<T = Record<string, unknown>>(url: string): Promise<{ status: number; body: T }>;
  /** Run `work` while the chain advances a slot every few milliseconds. */
  stepping<T>(work: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

export interface LaunchServiceOptions {
  seed: number;
  poolMints?: number;
  /** The site's root (default SITE), for a test that serves the app and follows its links. */
  siteUrl?: string;
}

export async function startLaunchService(options: LaunchServiceOptions): Promise<LaunchService> {
  const h = await startService({ seed: options.seed, rpc: true, slotMs: 400 });
  const dir = mkdtempSync(join(tmpdir(), 'launchtape-launch-e2e-'));
  const opstore = await openOpStore({ dataDir: dir });
  const keys = new ServiceKeys(opstore, newEncryptionKey());
  await keys.add('sponsor', WELL_KNOWN_KEYS.sponsor.seed);
  if (options.poolMints) await keys.addPoolMints(options.poolMints);
  const rpc = createSolanaRpc(h.devnet.rpcUrl!);
  const siteUrl = options.siteUrl ?? SITE;
  const app = buildApp({
    olap: h.olap,
    views: h.views,
    config: { ...CONFIG, siteUrl },
    opstore,
    launch: { rpcUrl: h.devnet.rpcUrl!, programs: CONFIG.programs, siteUrl, keys, confirmWaitMs: 2_000, pollMs: 20, sweepIntervalMs: 100 },
  });
  const inject: Inject = async <T>(method: 'GET' | 'POST', url: string, body?: unknown) => {
    const response = await app.inject({ method, url, ...(body === undefined ? {} : { payload: body as object }) });
    return { status: response.statusCode, body: response.json() as T };
  };
  const stepping = async <T>(work: () => Promise<T>): Promise<T> => {
    const timer = setInterval(() => h.devnet.step(), 10);
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  };
  return {
    h,
    app,
    opstore,
    keys,
    rpc,
    stepping,
    wallet: (sol = 10n) => fundedWallet(rpc, sol, stepping),
    acceptTerms: (wallet) => acceptTerms(inject, wallet),
    post: (url, body) => inject('POST', url, body),
    get: (url) => inject('GET', url),
    async stop() {
      await app.close();
      await h.stop();
      await opstore.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
