// The webhook bench's workload, the same for a seed: owner wallets with the most webhooks a wallet may have, which
// webhooks take every coin and which a few named coins of the burst, and the burst itself as valid `coin.launched`
// events spread over slots. Mints and signatures are base58 of hashes of fixed labels, so every run sends the same.
import { createHash } from 'node:crypto';
import { MAX_WEBHOOKS_PER_WALLET } from '../../api/webhooks/webhook-calls.js';
import { webhookEventId } from '../../projections/webhooks/webhook-events.js';
import { MAX_WEBHOOK_MINTS } from '../../schemas/api/webhooks.js';
import { instructionEventId, parseEvent, type CoinLaunchedEvent } from '../../schemas/events/index.js';
import { addressFromBytes, encodeBase58 } from '../../schemas/base58.js';
import { BenchRandom } from './api/bench-random.js';
import type { HookPlan } from './webhooks-bench-types.js';

export const OWNERS = 20;
export const HOOKS = OWNERS * MAX_WEBHOOKS_PER_WALLET;
/** Webhooks for every coin, the hanging receiver's one included; the rest name 1 to 20 coins of the burst. */
export const EVERY_COIN_HOOKS = 20;
export const LAUNCHED = 'coin.launched';

const FIRST_SLOT = 300_000_000;
const GENESIS_TIME = 1_750_000_000;
const SOL = 'So11111111111111111111111111111111111111112';

const hash = (algorithm: 'sha256' | 'sha512', label: string) => new Uint8Array(createHash(algorithm).update(`launchtape-bench/${label}`).digest());
const benchAddress = (label: string): string => addressFromBytes(hash('sha256', label));

/** A valid `coin.launched` of a launchpad coin paid out in SOL, one per label. */
export function launchEvent(label: string, slot: number): CoinLaunchedEvent {
  const signature = encodeBase58(hash('sha512', `launch/${label}`));
  const creator = benchAddress(`creator/${label}`);
  const candidate = {
    id: instructionEventId(signature, { index: 0 }),
    type: LAUNCHED,
    network: 'mainnet',
    slot,
    blockTime: GENESIS_TIME + Math.floor((slot * 2) / 5),
    signature,
    v: 1,
    data: {
      mint: benchAddress(`mint/${label}`),
      route: 'launchpad',
      creator,
      payer: creator,
      mode: 'holder',
      holdersPaid: 'pair',
      quoteMint: SOL,
      quoteDecimals: 9,
      tokenProgram: 'token-2022',
      decimals: 6,
      totalSupply: '1000000000000000',
      feeBps: 100,
      hooks: [],
      antiSniper: null,
      curve: benchAddress(`curve/${label}`),
      pool: null,
      basket: [],
      creatorRecipients: [{ wallet: creator, bps: 10_000 }],
      untrusted: { name: `Bench coin ${label}`, symbol: 'BENCH', uri: `https://example.com/${label}.json` },
    },
  };
  parseEvent(candidate); // throws if the catalog no longer takes it
  return candidate as unknown as CoinLaunchedEvent;
}

export interface BurstPlan {
  hooks: HookPlan[];
  /** Index of the webhook at the receiver that never answers. */
  hanging: number;
  /** Launches before the burst, for the connections and code paths to be warm; only every-coin webhooks take them. */
  warmup: CoinLaunchedEvent[];
  slots: CoinLaunchedEvent[][];
  /** Every (webhook, webhook event id) a healthy receiver must get exactly once, as `<hook>|<event id>`. */
  expected: Set<string>;
  /** The same for the warm-up. */
  expectedWarmup: Set<string>;
  /** Deliveries the hanging receiver's webhook is owed by the burst. */
  hangingOwed: number;
}

const key = (hook: number, event: CoinLaunchedEvent) => `${hook}|${webhookEventId(LAUNCHED, event.id)}`;

export function planBurst(options: {
  seed: number;
  events: number;
  slots: number;
  warmupEvents: number;
  healthyUrls: string[];
  hangingUrl: string;
}): BurstPlan {
  const random = new BenchRandom(options.seed);
  const slots: CoinLaunchedEvent[][] = Array.from({ length: options.slots }, () => []);
  for (let i = 0; i < options.events; i++)
    slots[Math.floor((i * options.slots) / options.events)]!.push(
      launchEvent(`burst/${options.seed}/${i}`, FIRST_SLOT + Math.floor((i * options.slots) / options.events)),
    );
  const warmup = Array.from({ length: options.warmupEvents }, (_, i) => launchEvent(`warmup/${options.seed}/${i}`, FIRST_SLOT - 1));
  const mints = slots.flat().map((event) => event.data.mint);

  const hanging = HOOKS - 1;
  const healthy = Array.from({ length: HOOKS - 1 }, (_, i) => i);
  const everyCoin = new Set(shuffled(healthy, random).slice(0, EVERY_COIN_HOOKS - 1));
  const hooks: HookPlan[] = [];
  for (let index = 0; index < HOOKS; index++) {
    const base = index === hanging ? options.hangingUrl : options.healthyUrls[index % options.healthyUrls.length]!;
    const named = index === hanging || everyCoin.has(index) ? null : shuffled(mints, random).slice(0, 1 + random.int(MAX_WEBHOOK_MINTS));
    hooks.push({ index, owner: Math.floor(index / MAX_WEBHOOKS_PER_WALLET), url: `${base}/hook/${index}`, events: [LAUNCHED], mints: named });
  }

  const expected = new Set<string>();
  const expectedWarmup = new Set<string>();
  let hangingOwed = 0;
  for (const hook of hooks) {
    for (const event of slots.flat()) {
      if (hook.mints !== null && !hook.mints.includes(event.data.mint)) continue;
      if (hook.index === hanging) hangingOwed++;
      else expected.add(key(hook.index, event));
    }
    if (hook.mints === null && hook.index !== hanging) for (const event of warmup) expectedWarmup.add(key(hook.index, event));
  }
  return { hooks, hanging, warmup, slots, expected, expectedWarmup, hangingOwed };
}

/** Phase B: every webhook takes every coin's launch, all at healthy receivers. */
export function planChainHooks(healthyUrls: string[]): HookPlan[] {
  return Array.from({ length: HOOKS }, (_, index) => ({
    index,
    owner: Math.floor(index / MAX_WEBHOOKS_PER_WALLET),
    url: `${healthyUrls[index % healthyUrls.length]!}/hook/${index}`,
    events: [LAUNCHED],
    mints: null,
  }));
}

function shuffled<T>(items: readonly T[], random: BenchRandom): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
