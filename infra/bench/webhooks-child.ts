// The webhook bench's dispatcher process, started with NODE_EXTRA_CA_CERTS naming a bundle with the test CA, so the
// real transport trusts the local receivers' certificate the standard way. The dispatcher runs as the service runs
// it (real HTTPS transport, default concurrency and polling) on a SQLite event log and the embedded operational store,
// loopback receivers allowed by the receiver policy; its webhooks are created through the signed `create` call.
// Commands:
// - `open` (phase A): the stores, the webhooks and the dispatcher; `append` adds events in one append (warm-up);
//   `burst` appends one slot's events every `slotMs` and answers with when each append had resolved.
// - `chain` (phase B): the devnet in manual speed with its simulator and Yellowstone server, the subscriber and the
//   decoding pipeline into the log, the webhooks and the dispatcher; the chain is stepped one slot every `slotMs`,
//   and the answer says when each slot was sealed (the one before it confirmed) and which launches landed.
// - `finish`: the CPU and store figures since the burst or the first stepped slot; `stop`.
import { QUICK_TUNE } from '../devnet/simulator/simulator.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { createFields, webhookMessage } from '../../api/webhooks/signed-message.js';
import { createWebhook, type WebhookContext } from '../../api/webhooks/webhook-calls.js';
import { Pipeline } from '../../ingest/pipeline.js';
import { Subscriber } from '../../ingest/subscriber/subscriber.js';
import { valuingMints } from '../../projections/prices/sol-value.js';
import { WebhookDispatcher } from '../../projections/webhooks/dispatcher.js';
import { deliveries } from '../../projections/webhooks/records.js';
import type { EventContext } from '../../projections/webhooks/webhook-events.js';
import { loadConfig } from '../../schemas/config.js';
import { keyPairFromLabel, signBytes } from '../crypto/ed25519.js';
import { Devnet } from '../devnet/devnet.js';
import { TOPICS } from '../event-log/event-log.js';
import { SqliteEventLog } from '../event-log/sqlite-event-log.js';
import { newEncryptionKey } from '../keys/secret-box.js';
import { openOpStore } from '../opstore/open-op-store.js';
import { serveCommands, wallMs } from './bench-ipc.js';
import { TimedLog } from './timed-log.js';
import { eventContextOf } from '../../api/stream/event-context.js';
import { TimedOpStore } from './timed-op-store.js';
import type {
  AppendRequest,
  BurstRequest,
  BurstResult,
  ChainRequest,
  ChainResult,
  FinishResult,
  HookPlan,
  OpenRequest,
  OpenResult,
} from './webhooks-bench-types.js';

/** The simulator's knobs for phase B: the quick tuning, and a launch in every slot. */
const CHAIN_TUNE = { ...QUICK_TUNE, launchesPerSlot: 1 };

const policy = { allowLoopback: true };
const sealKey = newEncryptionKey();
const logger = pino({ level: 'warn', base: { process: 'bench-dispatcher' } }, pino.destination(2));
const silent = pino({ level: 'silent' });
const progress = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let log: TimedLog | null = null;
let opstore: TimedOpStore | null = null;
let dispatcher: WebhookDispatcher | null = null;
let devnet: Devnet | null = null;
let subscriber: Subscriber | null = null;
let pipeline: Pipeline | null = null;
let measuring: { at: number; cpu: NodeJS.CpuUsage } | null = null;

function openWindow(): void {
  log?.take();
  opstore?.take();
  measuring = { at: wallMs(), cpu: process.cpuUsage() };
}

async function openStores(dataDir: string): Promise<{ log: TimedLog; opstore: TimedOpStore }> {
  mkdirSync(dataDir, { recursive: true });
  // The service's defaults: the log at synchronous FULL, the embedded store.
  log = new TimedLog(SqliteEventLog.open(join(dataDir, 'event-log')));
  opstore = new TimedOpStore(await openOpStore({ dataDir }));
  return { log, opstore };
}

/** Each webhook through the signed `create` call, signed by its owner wallet as a client would. */
async function createHooks(store: TimedOpStore, hooks: HookPlan[], network: string): Promise<number> {
  const started = wallMs();
  const calls: WebhookContext = { opstore: store, sealKey, policy, network, now: Date.now };
  for (const hook of hooks) {
    const owner = keyPairFromLabel(`launchtape-bench/webhook-owner/${hook.owner}`);
    const mints = hook.mints ?? undefined;
    const time = new Date().toISOString();
    const message = webhookMessage('create', owner.address, createFields(hook.url, hook.events, mints), time);
    const signature = Buffer.from(signBytes(owner, new TextEncoder().encode(message))).toString('base64');
    await createWebhook(calls, { wallet: owner.address, time, signature, url: hook.url, events: hook.events, ...(mints ? { mints } : {}) });
  }
  return wallMs() - started;
}

async function openDispatcher(events: EventContext): Promise<void> {
  dispatcher = await WebhookDispatcher.open({ log: log!, opstore: opstore!, sealKey, events, policy, logger });
  dispatcher.start();
}

function appendRecords(events: unknown[]) {
  return events.map((event) => ({ key: String((event as { data: { mint: string } }).data.mint), value: JSON.stringify(event) }));
}

async function open(request: OpenRequest): Promise<OpenResult> {
  const stores = await openStores(request.dataDir);
  const createMs = await createHooks(stores.opstore, request.hooks, 'mainnet');
  await openDispatcher({
    network: 'mainnet',
    siteUrl: 'https://launchtape.example',
    pairSymbol: (mint) => (mint === 'So11111111111111111111111111111111111111112' ? 'SOL' : null),
    valuing: valuingMints(loadConfig().mints.stablecoin),
  });
  return { createMs };
}

async function append(request: AppendRequest): Promise<null> {
  await log!.append(TOPICS.coinEvents, appendRecords(request.events));
  return null;
}

async function burst(request: BurstRequest): Promise<BurstResult> {
  const appendedAt: number[] = [];
  openWindow();
  const start = wallMs();
  for (let i = 0; i < request.slots.length; i++) {
    const wait = start + i * request.slotMs - wallMs();
    if (wait > 0) await sleep(wait);
    await log!.append(TOPICS.coinEvents, appendRecords(request.slots[i]!));
    appendedAt.push(wallMs());
  }
  return { appendedAt };
}

async function chain(request: ChainRequest): Promise<ChainResult> {
  const config = loadConfig({ NETWORK: 'devnet' });
  devnet = await Devnet.start({ speed: 'manual', seed: request.seed, truth: false, simulate: { profile: 'max', tune: CHAIN_TUNE }, grpcPort: 0 });
  const stores = await openStores(request.dataDir);
  const fromSlot = devnet.bank.workingSlot;
  subscriber = await Subscriber.start({ endpoint: devnet.grpcUrl!, log: stores.log, config, logger: silent, startSlot: fromSlot });
  for (const started = wallMs(); !subscriber.status().connected; await sleep(10)) {
    if (wallMs() - started > 20_000) throw new Error('the subscriber did not connect to the devnet within 20 s');
  }
  pipeline = await Pipeline.create({ log: stores.log, config, logger: silent });
  pipeline.start();
  await createHooks(stores.opstore, request.hooks, config.network);
  await openDispatcher(eventContextOf(config));

  const sealed: [number, number][] = [];
  devnet.bank.onBlock((block) => sealed.push([block.slot, wallMs()]));
  let stepTotal = 0;
  let stepMax = 0;
  openWindow();
  const start = wallMs();
  // One more slot than asked: sealing it confirms the last one.
  for (let i = 0; i <= request.slots; i++) {
    const wait = start + i * request.slotMs - wallMs();
    if (wait > 0) await sleep(wait);
    const before = wallMs();
    devnet.step();
    const took = wallMs() - before;
    stepTotal += took;
    stepMax = Math.max(stepMax, took);
    if (i > 0 && i % 25 === 0) progress(`  B: ${i} of ${request.slots} slots stepped`);
  }
  const lastConfirmed = devnet.bank.latestBlock.slot - 1;
  const launches = devnet
    .simulator!.log.ofKind('launch')
    .filter((action) => action.ok && action.slot <= lastConfirmed && typeof action.detail.mint === 'string')
    .map((action) => ({ slot: action.slot, mint: action.detail.mint as string }));
  return { sealed, launches, lastConfirmed, stepMs: { mean: stepTotal / (request.slots + 1), max: stepMax } };
}

async function finish(settleMs: number): Promise<FinishResult> {
  if (measuring === null) throw new Error('finish before a burst or a chain run');
  await sleep(settleMs);
  const cpu = process.cpuUsage(measuring.cpu);
  const result = { cpuMicros: cpu.user + cpu.system, wallMs: wallMs() - measuring.at, store: opstore!.take(), log: log!.take() };
  const stored: Record<string, number> = {};
  for (const row of await opstore!.query(deliveries)) stored[row.state] = (stored[row.state] ?? 0) + 1;
  return { ...result, stored };
}

serveCommands({
  open: (request: OpenRequest) => open(request),
  append: (request: AppendRequest) => append(request),
  burst: (request: BurstRequest) => burst(request),
  chain: (request: ChainRequest) => chain(request),
  finish: (args: { settleMs: number }) => finish(args.settleMs),
  stop: async () => {
    await dispatcher?.stop();
    await subscriber?.stop();
    await pipeline?.stop();
    await devnet?.stop();
    await opstore?.close();
    await log?.close();
  },
});
