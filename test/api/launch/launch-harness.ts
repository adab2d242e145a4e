// What the launch route tests start: a devnet with its JSON-RPC on a free port, stepped on a timer that a test
// can pause (the chain then stands still) or step by hand, an embedded operational store in a temp dir, an empty
// store fed through a log with its live views (test/fixtures/live-store.ts: the reads the launch steps make), the service's sealed keys (optionally an address pool and the devnet's sponsor key), and the API
// built on them. Wallets are @solana/kit key pairs funded by airdrop, and sign the terms and transactions as
// a real wallet does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSolanaRpc, type KeyPairSigner, type Rpc, type SolanaRpcApi } from '@solana/kit';
import type { FastifyInstance } from 'fastify';
import { buildApp, type ApiDeps } from '../../../api/app.js';
import { Devnet } from '../../../infra/devnet/devnet.js';
import { WELL_KNOWN_KEYS } from '../../../infra/devnet/genesis/well-known-keys.js';
import { newEncryptionKey } from '../../../infra/keys/secret-box.js';
import { ServiceKeys } from '../../../infra/keys/service-keys.js';
import type { OpStore } from '../../../infra/opstore/op-store.js';
import { openOpStore } from '../../../infra/opstore/open-op-store.js';
import { loadConfig, type Config } from '../../../schemas/config.js';
import { openLiveStore } from '../../fixtures/live-store.js';
import { acceptTerms, fundedWallet, type Inject, type Reply } from './kit-wallet.js';

export { PNG, SOL, signWire, waitUntil, type Reply } from './kit-wallet.js';

export interface LaunchHarnessOptions {
  /** Fresh mints in the service's address pool. */
  poolMints?: number;
  /** Store the devnet's sponsor key, so sponsored launches are offered. */
  sponsor?: boolean;
  slotMs?: number;
  confirmWaitMs?: number;
  clock?: () => Date;
}

export interface LaunchHarness {
  devnet: Devnet;
  rpc: Rpc<SolanaRpcApi>;
  opstore: OpStore;
  keys: ServiceKeys;
  config: Config;
  app: FastifyInstance;
  /** Stop producing blocks until `resume`. */
  pause(): void;
  resume(): void;
  /** Rebuild the app with other dependencies (a clock, no keys, ...). */
  rebuild(extra: Partial<ApiDeps>): Promise<void>;
  /** A new wallet holding `sol` SOL (confirmed). */
  wallet(sol?: bigint): Promise<KeyPairSigner>;
  /** Sign and post the current terms for `wallet`. */
  acceptTerms(wallet: KeyPairSigner): Promise<void>;
  post<T = Record<string, unknown>>(url: string, body: unknown): Promise<Reply<T>>;
  get<T = Record<string, unknown>>(url: string): Promise<Reply<T>>;
  close(): Promise<void>;
}

export async function startLaunchHarness(options: LaunchHarnessOptions = {}): Promise<LaunchHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'launchtape-launch-'));
  const slotMs = options.slotMs ?? 30;
  const devnet = await Devnet.start({ speed: 'manual', slotMs, simulate: false, rpcPort: 0 });
  let timer: NodeJS.Timeout | undefined;
  const resume = () => {
    clearInterval(timer);
    timer = setInterval(() => devnet.step(), slotMs);
  };
  resume();
  const rpc = createSolanaRpc(devnet.rpcUrl!);
  const opstore = await openOpStore({ dataDir: dir });
  const config = loadConfig({});
  const store = await openLiveStore({ config, ...(options.clock ? { clock: options.clock } : {}) });
  const keys = new ServiceKeys(opstore, newEncryptionKey());
  if (options.poolMints) await keys.addPoolMints(options.poolMints);
  if (options.sponsor) await keys.add('sponsor', WELL_KNOWN_KEYS.sponsor.seed);
  const deps = (): ApiDeps => ({
    olap: store.olap,
    views: store.views,
    config,
    opstore,
    ...(options.clock ? { clock: options.clock } : {}),
    launch: {
      rpcUrl: devnet.rpcUrl!,
      programs: config.programs,
      siteUrl: 'https://launchtape.example',
      keys,
      confirmWaitMs: options.confirmWaitMs ?? 3_000,
      pollMs: 50,
      sweepIntervalMs: 0,
    },
  });
  const inject: Inject = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Reply<T>> => {
    const response = await harness.app.inject({ method, url, ...(body === undefined ? {} : { payload: body as object }) });
    return { status: response.statusCode, body: response.json() as T };
  };
  const harness: LaunchHarness = {
    devnet,
    rpc,
    opstore,
    keys,
    config,
    app: buildApp(deps()),
    pause: () => clearInterval(timer),
    resume,
    async rebuild(extra) {
      await harness.app.close();
      harness.app = buildApp({ ...deps(), ...extra });
    },
    wallet: (sol = 10n) => fundedWallet(rpc, sol),
    acceptTerms: (wallet) => acceptTerms(inject, wallet),
    post: (url, body) => inject('POST', url, body),
    get: (url) => inject('GET', url),
    async close() {
      clearInterval(timer);
      await harness.app.close();
      await devnet.stop();
      await opstore.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}
