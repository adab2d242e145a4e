// The whole service as a paying client meets it, for end-to-end specs of paid calls and the MCP tools: the shared
// service harness (devnet with its JSON-RPC, ingest, projections), an operational store with the service's sealed
// fee-payer and sponsor keys, paid calls opened as the service opens them (infra/service/paid-calls.ts), and the
// service's HTTP server (API, MCP, site) listening on a port. Blocks keep coming in the background without the
// simulator's traffic, so payments and launches confirm while the market holds still; payers are @solana/kit key
// pairs funded from the devnet's faucets and pay with the official x402 client scheme.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSolanaRpc, generateKeyPairSigner, lamports, type Address, type KeyPairSigner, type Rpc, type Signature, type SolanaRpcApi } from '@solana/kit';
import { x402Client } from '@x402/fetch';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../api/app.js';
import { WELL_KNOWN_KEYS } from '../../infra/devnet/genesis/well-known-keys.js';
import { newEncryptionKey } from '../../infra/keys/secret-box.js';
import type { ServiceKeys } from '../../infra/keys/service-keys.js';
import { openServiceKeys } from '../../infra/service/service-keys-setup.js';
import type { OpStore } from '../../infra/opstore/op-store.js';
import { openOpStore } from '../../infra/opstore/open-op-store.js';
import { buildServiceApp } from '../../infra/service/http-app.js';
import { openPaidCalls, type PaidCallsRole } from '../../infra/service/paid-calls.js';
import { loadConfig, type Config } from '../../schemas/config.js';
import { associatedTokenAddress } from '../../schemas/programs/associated-token.js';
import { TOKEN_PROGRAM_ID } from '../../schemas/programs/token-addresses.js';
import { silent } from '../ingest/ingest-harness.js';
import { startService, type ServiceHarness } from './service-harness.js';

type FaucetApi = { requestTokenAirdrop(owner: Address, mint: Address, amount: string): Signature };

export const SITE = 'https://launchtape.example';

export interface PayingService {
  h: ServiceHarness;
  config: Config;
  opstore: OpStore;
  keys: ServiceKeys;
  rpc: Rpc<SolanaRpcApi>;
  paid: PaidCallsRole;
  app: FastifyInstance;
  /** The listening server's root URL. */
  base: string;
  /** Pause or resume the background blocks. */
  blocks(on: boolean): void;
  /** Stop and open paid calls and the server again on the same stores (a restart of the API). */
  restart(): Promise<void>;
  /** Another server on the same stores and paywall, with other dependencies (configuration, clock). */
  serve(extra: Partial<ApiDeps>): Promise<{ app: FastifyInstance; base: string }>;
  waitLanded(signature: Signature): Promise<void>;
  /** A fresh wallet holding `stable` raw units of the stablecoin and `sol` lamports. */
  fundedPayer(stable: bigint, sol?: bigint): Promise<KeyPairSigner>;
  /** The official x402 client paying as `signer`, allowed to pay in `assets` (the stablecoin by default). */
  x402Of(signer: KeyPairSigner, assets?: string[]): x402Client;
  stablecoinBalance(owner: Address): Promise<bigint>;
  stop(): Promise<void>;
}

export async function startPayingService(options: { seed: number; warmupSlots?: number; launching?: boolean }): Promise<PayingService> {
  const h = await startService({ seed: options.seed, rpc: true });
  await h.step(options.warmupSlots ?? 60);
  await h.settle();
  const rpc = createSolanaRpc(h.devnet.rpcUrl!);
  let stepper: NodeJS.Timeout | null = null;
  // A block every 80 ms: a payment settles within a few blocks, and a blockhash stays valid for 150 blocks (12 s), so
  // a test that signs a payment and spends seconds on other requests before paying with it still pays on a loaded
  // machine (at 25 ms the 3.75 s window ran out under load: BlockhashNotFound).
  const blocks = (on: boolean) => {
    if (stepper) clearInterval(stepper);
    stepper = on ? setInterval(() => h.devnet.bank.produceBlock(), 80) : null;
  };
  blocks(true);
  const dir = mkdtempSync(join(tmpdir(), 'launchtape-paying-'));
  const opstore = await openOpStore({ dataDir: dir });
  const config = loadConfig({
    NETWORK: 'devnet',
    RPC_URL: h.devnet.rpcUrl!,
    DATA_DIR: dir,
    SITE_URL: SITE,
    KEYS_ENCRYPTION_KEY: Buffer.from(newEncryptionKey()).toString('base64'),
    RATE_LIMIT_PER_MINUTE: '0',
    MCP_RATE_LIMIT_PER_MINUTE: '0',
  });
  const keys = openServiceKeys(config, opstore)!;
  await keys.add('fee-payer', WELL_KNOWN_KEYS.feePayer.seed);
  await keys.add('sponsor', WELL_KNOWN_KEYS.sponsor.seed);

  const waitLanded = async (signature: Signature) => {
    for (let i = 0; i < 500; i++) {
      const [status] = (await rpc.getSignatureStatuses([signature]).send()).value;
      if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${signature} did not land`);
  };
  await waitLanded(await rpc.requestAirdrop(config.wallets.feePayer, lamports(10_000_000_000n)).send());

  const launch = options.launching
    ? { rpcUrl: h.devnet.rpcUrl!, programs: config.programs, siteUrl: SITE, keys, confirmWaitMs: 2_000, pollMs: 20, sweepIntervalMs: 100 }
    : undefined;
  const servers: FastifyInstance[] = [];
  const serve = async (extra: Partial<ApiDeps>) => {
    const app = buildServiceApp({ olap: h.olap, views: h.views, config, opstore, launch, paidCalls: service.paid.paidCalls, ...extra });
    servers.push(app);
    return { app, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
  };
  const open = async () => {
    service.paid = await openPaidCalls(config, opstore, keys, silent);
    ({ app: service.app, base: service.base } = await serve({}));
  };
  const ata = (owner: Address) => associatedTokenAddress(owner, config.mints.stablecoin, TOKEN_PROGRAM_ID);

  const service: PayingService = {
    h,
    config,
    opstore,
    keys,
    rpc,
    paid: null as unknown as PaidCallsRole,
    app: null as unknown as FastifyInstance,
    base: '',
    blocks,
    async restart() {
      service.paid.stop();
      servers.splice(servers.indexOf(service.app), 1);
      await service.app.close();
      await open();
    },
    serve,
    waitLanded,
    async fundedPayer(stable, sol = 1_000_000_000n) {
      const signer = await generateKeyPairSigner();
      await waitLanded(await rpc.requestAirdrop(signer.address, lamports(sol)).send());
      const faucet = rpc as unknown as Rpc<FaucetApi>;
      await waitLanded(await faucet.requestTokenAirdrop(signer.address, config.mints.stablecoin, stable.toString()).send());
      return signer;
    },
    x402Of(signer, assets = [config.mints.stablecoin]) {
      const client = new x402Client().register(config.payments.network, new ExactSvmScheme(signer, { rpcUrl: h.devnet.rpcUrl! }));
      return client.setSpendControls({ allowedAssets: assets.map((asset) => ({ network: config.payments.network, asset, maxAmountPerPayment: '1000000' })) });
    },
    async stablecoinBalance(owner) {
      const account = await rpc
        .getTokenAccountBalance(ata(owner), { commitment: 'confirmed' })
        .send()
        .catch(() => null);
      return account === null ? 0n : BigInt(account.value.amount);
    },
    async stop() {
      blocks(false);
      service.paid?.stop();
      for (const app of servers) await app.close();
      await opstore.close();
      await h.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await open();
  return service;
}
