// `npm run bench:webhooks`: how fast the webhook dispatcher delivers, run as the service runs it (real HTTPS
// transport, default concurrency and polling) in its own process (webhooks-child.ts), to local HTTPS receivers in this
// one (webhook-receivers.ts): several servers answering 200 at once and one that never answers. 100 webhooks of 20
// wallets (5 each, the limit) are created through the signed `create` call. The dispatcher's process trusts the
// receivers' test CA through NODE_EXTRA_CA_CERTS, which Node reads only at start: it is started with the variable
// naming a bundle of the CAs of any file already named there and the test CA; loopback receivers are allowed by the
// receiver policy.
// A. From the event log: a SQLite log and the operational store; 20 webhooks for every coin (the hanging receiver's
//    one of them), 80 for 1-20 named coins of the burst, chosen by the seed; after a short warm-up, a burst of
//    `coin.launched` events appended slot by slot. Latency is from an append's resolving to each delivery's first
//    try arriving at a healthy receiver; every expected (webhook, event) must arrive exactly once.
// B. From slot confirmation: the devnet in manual speed with its simulator (a launch every slot), its Yellowstone
//    server, the subscriber and the decoding pipeline into the log, and the dispatcher, all in that process as
//    `npm start` runs them; 100 webhooks for every coin; the chain stepped one slot every `--chain-slot-ms`. Latency
//    is from the moment the slot after a launch's slot was sealed (which confirms it) to the first try's arrival.
// Both report CPU of the dispatcher's process per delivery. Figures go to stdout, progress to stderr.
//   npm run bench:webhooks -- [--events 100] [--slots 20] [--slot-ms 100] [--warmup-events 10] [--receivers 4]
//                             [--chain-slots 50] [--chain-slot-ms 400] [--no-chain] [--seed 1]
//                             [--profile DIR]   (the dispatcher's process writes V8 CPU profiles under DIR/<phase>/)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REPLY_TIMEOUT_MS } from '../../projections/webhooks/delivery-rules.js';
import { DEFAULT_MAX_IN_FLIGHT, DEFAULT_PER_RECEIVER } from '../../projections/webhooks/dispatcher.js';
import { webhookEventId } from '../../projections/webhooks/webhook-events.js';
import { BenchChild, wallMs } from './bench-ipc.js';
import { EVERY_COIN_HOOKS, HOOKS, LAUNCHED, OWNERS, planBurst, planChainHooks } from './webhook-burst-plan.js';
import { Receivers, type Arrival } from './webhook-receivers.js';
import type { BurstResult, ChainResult, FinishResult, OpenResult } from './webhooks-bench-types.js';
import { allArrived, figuresTable, latencies, readmeLine, tally, type PhaseFigures } from './webhooks-report.js';

const { values: flags } = parseArgs({
  options: {
    events: { type: 'string', default: '100' },
    slots: { type: 'string', default: '20' },
    'slot-ms': { type: 'string', default: '100' },
    'warmup-events': { type: 'string', default: '10' },
    receivers: { type: 'string', default: '4' },
    'chain-slots': { type: 'string', default: '50' },
    'chain-slot-ms': { type: 'string', default: '400' },
    'no-chain': { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
    profile: { type: 'string' },
  },
  strict: true,
});

function whole(name: 'events' | 'slots' | 'slot-ms' | 'warmup-events' | 'receivers' | 'chain-slots' | 'chain-slot-ms' | 'seed', min: number): number {
  const value = Number(flags[name]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number of at least ${min}, got ${flags[name]}`);
  return value;
}

interface Settings {
  events: number;
  slots: number;
  slotMs: number;
  warmupEvents: number;
  receivers: number;
  chainSlots: number;
  chainSlotMs: number;
  seed: number;
  chain: boolean;
  profileDir: string | undefined;
}

function settings(): Settings {
  const events = whole('events', 1);
  return {
    events,
    slots: Math.min(whole('slots', 1), events),
    slotMs: whole('slot-ms', 0),
    warmupEvents: whole('warmup-events', 0),
    receivers: whole('receivers', 1),
    chainSlots: whole('chain-slots', 2),
    chainSlotMs: whole('chain-slot-ms', 1),
    seed: whole('seed', 0),
    chain: !flags['no-chain'],
    profileDir: flags.profile,
  };
}

const progress = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const CHILD = new URL('./webhooks-child.ts', import.meta.url);
const TEST_CA = new URL('../../test/fixtures/webhooks/ca.pem', import.meta.url);
/** After the healthy deliveries are in: time for the last outcomes to be recorded before CPU is read. */
const SETTLE_MS = 300;
const ARRIVAL_TIMEOUT_MS = 60_000;

/** The CAs of the file NODE_EXTRA_CA_CERTS names now (if any, and readable: Node ignores an unreadable one too) and
 * the test CA, in one file of the work dir; the dispatcher's process is started with the variable naming it. */
function trustTestCa(workDir: string): void {
  let bundle = readFileSync(TEST_CA, 'utf8');
  const current = process.env.NODE_EXTRA_CA_CERTS;
  if (current !== undefined && current !== '') {
    try {
      bundle = `${readFileSync(current, 'utf8').trimEnd()}\n${bundle}`;
    } catch {
      // Nothing to keep from an unreadable file.
    }
  }
  const path = join(workDir, 'extra-ca-certs.pem');
  writeFileSync(path, bundle);
  process.env.NODE_EXTRA_CA_CERTS = path;
}

const byEvent = (arrival: Arrival) => `${arrival.hook}|${arrival.eventId}`;
const byMint = (arrival: Arrival) => `${arrival.hook}|${arrival.mint ?? ''}`;

async function phaseA(receivers: Receivers, workDir: string, set: Settings): Promise<PhaseFigures> {
  const plan = planBurst({
    seed: set.seed,
    events: set.events,
    slots: set.slots,
    warmupEvents: set.warmupEvents,
    healthyUrls: receivers.healthyUrls,
    hangingUrl: receivers.hangingUrl,
  });
  progress(`A. from the event log: creating ${HOOKS} webhooks through the signed calls...`);
  const child = BenchChild.start<never>('dispatcher-a', CHILD, {}, set.profileDir === undefined ? undefined : join(set.profileDir, 'a'));
  try {
    const opened = await child.command<OpenResult>('open', { dataDir: join(workDir, 'a'), hooks: plan.hooks });
    progress(
      `A: webhooks created in ${(opened.createMs / 1000).toFixed(1)} s; warm-up of ${plan.warmup.length} launches (${plan.expectedWarmup.size} deliveries)...`,
    );
    if (plan.warmup.length > 0) {
      await child.command('append', { events: plan.warmup });
      if (!(await receivers.until(allArrived(receivers.arrivals, plan.expectedWarmup, byEvent), ARRIVAL_TIMEOUT_MS))) {
        throw new Error(`the warm-up deliveries did not all arrive within ${ARRIVAL_TIMEOUT_MS / 1000} s`);
      }
      await sleep(500);
    }
    progress(`A: burst of ${set.events} launches in ${set.slots} appends ${set.slotMs} ms apart (${plan.expected.size} healthy deliveries)...`);
    const done = receivers.until(allArrived(receivers.arrivals, plan.expected, byEvent), ARRIVAL_TIMEOUT_MS + set.slots * set.slotMs);
    const burst = await child.command<BurstResult>('burst', { slots: plan.slots, slotMs: set.slotMs });
    const complete = await done;
    const finish = await child.command<FinishResult>('finish', { settleMs: SETTLE_MS });
    progress(`A: ${complete ? 'all healthy deliveries arrived' : 'gave up waiting for healthy deliveries'}; watching the hanging receiver's timeouts...`);
    // Long enough for the first tries there to run into the timeout and the next ones to start.
    const firstHang = receivers.hangingTries[0]?.at ?? wallMs();
    const cutSeen = () => receivers.hangingTries.some((t) => t.cutAfterMs !== null);
    while (wallMs() < firstHang + REPLY_TIMEOUT_MS + 10_000 && !(cutSeen() && wallMs() >= firstHang + REPLY_TIMEOUT_MS + 500)) await sleep(100);
    const hangingSeconds = (wallMs() - firstHang) / 1000;
    const tries = receivers.hangingTries.length;
    const cut = receivers.hangingTries.flatMap((t) => (t.cutAfterMs === null ? [] : [t.cutAfterMs]));
    await child.stop();

    const slotOf = new Map<string, number>();
    for (const [slot, list] of plan.slots.entries()) for (const event of list) slotOf.set(webhookEventId(LAUNCHED, event.id), slot);
    const warmKeys = plan.expectedWarmup;
    const all = new Set([...plan.expected, ...warmKeys]);
    const counted = tally(receivers.arrivals, all, byEvent);
    const burstOnly = tally(
      receivers.arrivals.filter((arrival) => !warmKeys.has(byEvent(arrival))),
      plan.expected,
      byEvent,
    );
    const times = [...burstOnly.first.values()].map((arrival) => arrival.at - burst.appendedAt[slotOf.get(arrival.eventId)!]!);
    const last = burstOnly.first.size === 0 ? Number.NaN : Math.max(...[...burstOnly.first.values()].map((arrival) => arrival.at));
    return {
      tally: { ...counted, expected: plan.expected.size, once: burstOnly.once },
      latency: latencies(times),
      perSecond: burstOnly.first.size / ((last - burst.appendedAt[0]!) / 1000),
      finish,
      hanging: {
        owed: plan.hangingOwed + plan.warmup.length,
        tries,
        cut: cut.length,
        meanCutMs: cut.reduce((sum, ms) => sum + ms, 0) / Math.max(1, cut.length),
        seconds: hangingSeconds,
      },
    };
  } finally {
    await child.stop();
  }
}

async function phaseB(receivers: Receivers, workDir: string, set: Settings): Promise<PhaseFigures> {
  receivers.clear();
  const { chainSlots: slots, chainSlotMs: slotMs } = set;
  const hooks = planChainHooks(receivers.healthyUrls);
  progress(`B. from slot confirmation: devnet, subscriber, pipeline and dispatcher in one process; ${slots} slots ${slotMs} ms apart...`);
  const child = BenchChild.start<never>('dispatcher-b', CHILD, {}, set.profileDir === undefined ? undefined : join(set.profileDir, 'b'));
  try {
    const chain = await child.command<ChainResult>('chain', { dataDir: join(workDir, 'b'), hooks, seed: set.seed, slots, slotMs });
    const expected = new Set(chain.launches.flatMap((launch) => hooks.map((hook) => `${hook.index}|${launch.mint}`)));
    progress(
      `B: ${chain.launches.length} launches confirmed (slots up to ${chain.lastConfirmed}; a slot took ${chain.stepMs.mean.toFixed(1)} ms to make, at most ${chain.stepMs.max.toFixed(0)}); waiting for ${expected.size} deliveries...`,
    );
    const complete = await receivers.until(allArrived(receivers.arrivals, expected, byMint), ARRIVAL_TIMEOUT_MS);
    const finish = await child.command<FinishResult>('finish', { settleMs: SETTLE_MS });
    progress(`B: ${complete ? 'all deliveries arrived' : 'gave up waiting for deliveries'}`);
    await child.stop();

    const sealedAt = new Map(chain.sealed);
    const counted = tally(receivers.arrivals, expected, byMint);
    const first = [...counted.first.values()];
    const times = first.map((arrival) => arrival.at - (sealedAt.get((arrival.slot ?? -2) + 1) ?? Number.NaN)).filter((t) => !Number.isNaN(t));
    const start = chain.sealed[0]?.[1] ?? Number.NaN;
    return {
      tally: counted,
      latency: latencies(times),
      perSecond: first.length === 0 ? Number.NaN : first.length / ((Math.max(...first.map((arrival) => arrival.at)) - start) / 1000),
      finish,
      hanging: null,
    };
  } finally {
    await child.stop();
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  const set = settings();
  const workDir = mkdtempSync(join(tmpdir(), 'launchtape-webhooks-bench-'));
  let receivers: Receivers | null = null;
  try {
    trustTestCa(workDir);
    receivers = await Receivers.start(set.receivers);
    const header = [
      `launchtape webhooks bench: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, load average at start ${load()}`,
      `dispatcher as the service runs it, in its own process: real HTTPS transport (5 s timeout), ${DEFAULT_MAX_IN_FLIGHT} in flight, ${DEFAULT_PER_RECEIVER} per receiver, SQLite event log (synchronous FULL), embedded operational store`,
      `receivers in this process on 127.0.0.1: ${set.receivers} HTTPS servers answering 200 at once, 1 that never answers; ${HOOKS} webhooks of ${OWNERS} wallets created through the signed call`,
      `A: ${set.events} coin.launched in ${set.slots} appends ${set.slotMs} ms apart after ${set.warmupEvents} warm-up launches; ${EVERY_COIN_HOOKS} webhooks for every coin (1 at the hanging receiver), ` +
        `${HOOKS - EVERY_COIN_HOOKS} for 1-20 coins of the burst (seed ${set.seed}); latency from the append resolving to the first try at a healthy receiver`,
      set.chain
        ? `B: devnet stepped every ${set.chainSlotMs} ms for ${set.chainSlots} slots (a launch each), subscriber + decoding pipeline + dispatcher in one process, ${HOOKS} webhooks for every coin ` +
          `(so the rate is the chain's); latency from the sealing of the next slot (confirmation) to the first try`
        : 'B: skipped (--no-chain)',
      `CPU: the dispatcher's whole process (in B also the chain and ingest), from the first append or stepped slot until the last delivery was in (+${SETTLE_MS} ms)`,
    ];
    const a = await phaseA(receivers, workDir, set);
    const b = set.chain ? await phaseB(receivers, workDir, set) : null;
    const lines = [...header, '', ...figuresTable(a, b), '', readmeLine(a, b, set.events, set.slots, set.receivers)];
    lines.push('', `bench took ${((Date.now() - started) / 1000).toFixed(0)} s; load average at end ${load()}`);
    process.stdout.write(`${lines.join('\n')}\n`);
    const faults = [a, ...(b === null ? [] : [b])].reduce((sum, p) => sum + p.tally.lost + p.tally.duplicated + p.tally.unexpected, receivers.strays);
    if (faults > 0) {
      process.stderr.write(`bench:webhooks: ${faults} deliveries lost, repeated, unexpected or misaddressed\n`);
      return 1;
    }
    return 0;
  } finally {
    await receivers?.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:webhooks failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
