// `npm run bench:launch [count]`: latency of the two prepares over HTTP, as a wallet sees it. Starts a devnet
// (realtime, its JSON-RPC on a free port), the embedded operational store and chDB in a temp dir, and the API
// listening on a free port; funds wallets by airdrop and accepts the terms for each (a wallet may prepare 5
// launches an hour, so the load is spread over count/5 wallets); then times `count` prepares on each route,
// one at a time and then 4 at a time, after a warm-up. Reports p50, p95, p99 and max in milliseconds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSolanaRpc, lamports, type Address } from '@solana/kit';
import { buildApp } from '../../api/app.js';
import { createViews } from '../../api/views/views.js';
import { SqliteEventLog } from '../event-log/sqlite-event-log.js';
import { keyPairFromLabel, keyPairFromSeed, signBytes, type Ed25519KeyPair } from '../crypto/ed25519.js';
import { Devnet } from '../devnet/devnet.js';
import { newEncryptionKey } from '../keys/secret-box.js';
import { ServiceKeys } from '../keys/service-keys.js';
import { ChdbOlap } from '../olap/chdb-olap.js';
import { openOpStore } from '../opstore/open-op-store.js';
import { loadConfig } from '../../schemas/config.js';
import { PREPARES_PER_HOUR } from '../../api/launch/prepare-common.js';

const COUNT = Number(process.argv[2] ?? 500);
const WARMUP = 40;
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const dir = mkdtempSync(join(tmpdir(), 'launch-bench-'));
const devnet = await Devnet.start({ speed: 'realtime', slotMs: 400, simulate: false, rpcPort: 0 });
const opstore = await openOpStore({ dataDir: dir });
const olap = ChdbOlap.open(join(dir, 'olap'));
const config = loadConfig({});
const keys = new ServiceKeys(opstore, newEncryptionKey());
// Launch prepares read no views; the app takes them all the same, on an empty log.
const log = SqliteEventLog.open(join(dir, 'event-log'));
const views = createViews({ log, olap, config });
await views.feed.start();
const app = buildApp({
  olap,
  views,
  config,
  opstore,
  launch: { rpcUrl: devnet.rpcUrl!, programs: config.programs, siteUrl: 'https://launchtape.example', keys, sweepIntervalMs: 0 },
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const rpc = createSolanaRpc(devnet.rpcUrl!);

// biome-ignore lint/suspicious/noExplicitAny: each step's answer is read by its own fields
async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function report(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const f = (v: number) => v.toFixed(1).padStart(6);
  console.log(
    `${label.padEnd(34)} n=${String(sorted.length).padStart(4)}  p50 ${f(percentile(sorted, 50))}  p95 ${f(percentile(sorted, 95))}  p99 ${f(percentile(sorted, 99))}  max ${f(sorted.at(-1)!)} ms`,
  );
}

let walletIndex = 0;
async function fundedWallets(count: number): Promise<Ed25519KeyPair[]> {
  const wallets = Array.from({ length: count }, () => keyPairFromLabel(`launch-bench/${process.pid}/${walletIndex++}`));
  const signatures = [];
  for (const wallet of wallets) signatures.push(await rpc.requestAirdrop(wallet.address, lamports(2_000_000_000n)).send());
  for (;;) {
    const { value } = await rpc.getSignatureStatuses(signatures).send();
    if (value.every((s) => s?.confirmationStatus === 'confirmed' || s?.confirmationStatus === 'finalized')) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const wallet of wallets) {
    const terms = await call('GET', `/launch/terms?wallet=${wallet.address}`);
    const signature = Buffer.from(signBytes(wallet, new TextEncoder().encode(terms.body.message))).toString('base64');
    const accepted = await call('POST', '/launch/terms', { wallet: wallet.address, version: terms.body.version, signedAt: terms.body.signedAt, signature });
    if (accepted.status !== 200) throw new Error(`terms refused: ${JSON.stringify(accepted.body)}`);
  }
  return wallets;
}

const freshMint = (): Address => keyPairFromSeed(new Uint8Array(crypto.getRandomValues(new Uint8Array(32)))).address;
const bodies = {
  pool: (creator: Address) => ({
    creator,
    mint: freshMint(),
    name: 'Bench Coin',
    ticker: 'BENCH',
    description: 'Timed.',
    image: PNG,
    mode: 'holder',
    feeBps: 100,
    buyBps: 100,
  }),
  launchpad: (creator: Address) => ({ creator, mint: freshMint(), name: 'Bench Curve', ticker: 'CURVE', image: PNG, buyLamports: '500000000' }),
};
const paths = { pool: '/launch/prepare', launchpad: '/launch/launchpad/prepare' };

async function run(route: keyof typeof bodies, count: number, concurrency: number): Promise<number[]> {
  const wallets = await fundedWallets(Math.ceil(count / PREPARES_PER_HOUR));
  const jobs = Array.from({ length: count }, (_, i) => wallets[Math.floor(i / PREPARES_PER_HOUR)]!.address);
  const samples: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const creator = jobs[next++]!;
        const started = performance.now();
        const reply = await call('POST', paths[route], bodies[route](creator));
        samples.push(performance.now() - started);
        if (reply.status !== 200) throw new Error(`${route} prepare answered ${reply.status}: ${JSON.stringify(reply.body)}`);
      }
    }),
  );
  return samples;
}

try {
  console.log(`launch prepare latency over HTTP, ${COUNT} prepares per route and mode (after ${WARMUP} warm-up)`);
  for (const route of ['pool', 'launchpad'] as const) {
    await run(route, WARMUP, 1);
    report(`${route} prepare, one at a time`, await run(route, COUNT, 1));
    report(`${route} prepare, 4 at a time`, await run(route, COUNT, 4));
  }
} finally {
  await app.close();
  await views.feed.stop();
  await log.close();
  await devnet.stop();
  await opstore.close();
  await olap.close();
  rmSync(dir, { recursive: true, force: true });
}
