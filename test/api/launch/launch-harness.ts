// What the launch route tests start: a devnet with its JSON-RPC on a free port, stepped on a timer that a test
// can pause (the chain then stands still) or step by hand, an embedded operational store and a chDB store in a
// temp dir, the service's sealed keys (optionally an address pool and the devnet's sponsor key), and the API
// built on them. Wallets are @solana/kit key pairs funded by airdrop, and sign the terms and transactions as
// a real wallet does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createSolanaRpc,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  lamports,
  partiallySignTransaction,
  signBytes,
  type KeyPairSigner,
  type Rpc,
  type SolanaRpcApi,
  type Transaction,
} from '@solana/kit';
import type { FastifyInstance } from 'fastify';
import { buildApp, type ApiDeps } from '../../../api/app.js';
import { Devnet } from '../../../infra/devnet/devnet.js';
import { WELL_KNOWN_KEYS } from '../../../infra/devnet/genesis/well-known-keys.js';
import { newEncryptionKey } from '../../../infra/keys/secret-box.js';
import { ServiceKeys } from '../../../infra/keys/service-keys.js';
import { ChdbOlap } from '../../../infra/olap/chdb-olap.js';
import type { Olap } from '../../../infra/olap/olap.js';
import type { OpStore } from '../../../infra/opstore/op-store.js';
import { openOpStore } from '../../../infra/opstore/open-op-store.js';
import { loadConfig, type Config } from '../../../schemas/config.js';

export const SOL = 1_000_000_000n;
/** A 1x1 PNG. */
export const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export interface LaunchHarnessOptions {
  /** Fresh mints in the service's address pool. */
  poolMints?: number;
  /** Store the devnet's sponsor key, so sponsored launches are offered. */
  sponsor?: boolean;
  slotMs?: number;
  confirmWaitMs?: number;
  clock?: () => Date;
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
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
  const olap: Olap = ChdbOlap.open(join(dir, 'olap'));
  const keys = new ServiceKeys(opstore, newEncryptionKey());
  if (options.poolMints) await keys.addPoolMints(options.poolMints);
  if (options.sponsor) await keys.add('sponsor', WELL_KNOWN_KEYS.sponsor.seed);
  const config = loadConfig({});
  const deps = (): ApiDeps => ({
    olap,
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
  const inject = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Reply<T>> => {
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
    async wallet(sol = 10n) {
      const signer = await generateKeyPairSigner();
      const signature = await rpc.requestAirdrop(signer.address, lamports(sol * SOL), { commitment: 'confirmed' }).send();
      await waitUntil(async () => {
        const [status] = (await rpc.getSignatureStatuses([signature]).send()).value;
        return status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized';
      });
      return signer;
    },
    async acceptTerms(wallet) {
      const terms = await inject<{ version: string; signedAt: string; message: string }>('GET', `/api/v1/launch/terms?wallet=${wallet.address}`);
      const signature = await signBytes(wallet.keyPair.privateKey, new TextEncoder().encode(terms.body.message));
      const reply = await inject('POST', '/api/v1/launch/terms', {
        wallet: wallet.address,
        version: terms.body.version,
        signedAt: terms.body.signedAt,
        signature: Buffer.from(signature).toString('base64'),
      });
      if (reply.status !== 200) throw new Error(`terms refused: ${JSON.stringify(reply.body)}`);
    },
    post: (url, body) => inject('POST', url, body),
    get: (url) => inject('GET', url),
    async close() {
      clearInterval(timer);
      await harness.app.close();
      await devnet.stop();
      await opstore.close();
      await olap.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Decode a base64 wire transaction, sign it with `signers` (keeping other signatures), encode it again. */
export async function signWire(base64: string, signers: readonly KeyPairSigner[]): Promise<string> {
  const tx = getTransactionDecoder().decode(Buffer.from(base64, 'base64')) as Transaction;
  const signed = await partiallySignTransaction(
    signers.map((s) => s.keyPair),
    tx,
  );
  return getBase64EncodedWireTransaction(signed);
}

export async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
