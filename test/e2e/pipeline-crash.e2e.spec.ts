// Crash and disconnect test of the pipeline. Two pipeline processes (pipeline-child.ts: subscriber, decoding
// pipeline, projection runner, each on its own data dir) follow one devnet running at max speed with the
// simulator, from the same start slot. One is killed with SIGKILL three times, spread over the run at seeded,
// random-ish slots while it has work in hand, and started again on the same data dir each time; the other runs
// uninterrupted. In the middle of the burst the Yellowstone server is restarted under both. Once the chain stops (its clock
// frozen) and both have caught up, their read-model tables must be equal row for row, their candles equal,
// their raw-tx logs hold every transaction once, and their trades equal the chain's own trades.
import { QUICK_TUNE } from '../../infra/devnet/simulator/simulator.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Devnet } from '../../infra/devnet/devnet.js';
import { startGeyserServer, type GeyserServer } from '../../infra/devnet/geyser/index.js';
import { freePort } from '../../infra/net/free-port.js';
import { CONFIG } from '../ingest/chain-fixture.js';
import { seededRandom } from '../infra/seeded-random.js';
import { chainFacts, type ChainFacts } from '../../infra/devnet/truth/chain-facts.js';
import type { ChildPicture, ChildStatus } from './pipeline-child.js';
import { PipelineProcess } from './pipeline-process.js';

const SEED = 43;
/** The chain stops after this slot: about 5,000 transactions with the profile below. */
const END_SLOT = 300;
const RESTART_GEYSER_AT = 150;
/** The crashed process is killed once its durable slot passes each of these (plus a seeded jitter). */
const KILL_AFTER_SLOTS = [40, 130, 220];
const PROFILE = { ...QUICK_TUNE, tradesPerSlot: 10, initialWallets: 80 };
const START_SLOT = 1;

const root = mkdtempSync(join(tmpdir(), 'launchtape-crash-'));
const random = seededRandom(SEED);
let devnet: Devnet;
let geyser: GeyserServer | null = null;
let crashed: PipelineProcess;
let steady: PipelineProcess;
let crashedPicture: ChildPicture;
let steadyPicture: ChildPicture;
let facts: ChainFacts;
const killedWith: (ChildStatus | null)[] = [];
let steadyBeforeDump: ChildStatus;
let geyserRestarted: Promise<void> | null = null;
/** The uninterrupted process's status when the server went down. */
let steadyAtRestart: ChildStatus | null = null;
let transactions = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hasWork = (s: ChildStatus) => s.durableSlot !== null && (s.durableSlot < END_SLOT - 1 || s.projectedOffset !== s.headOffset);
const caughtUp = (s: ChildStatus) =>
  (s.durableSlot ?? -1) >= END_SLOT - 1 && (s.decodedSlot ?? -1) >= END_SLOT - 1 && s.headOffset !== null && s.projectedOffset === s.headOffset;

async function restartGeyser(port: number): Promise<void> {
  steadyAtRestart = steady.status;
  const server = geyser;
  geyser = null;
  await server?.close();
  geyser = await startGeyserServer({ bank: devnet.bank, port });
}

beforeAll(async () => {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  crashed = new PipelineProcess('crashed', { dataDir: join(root, 'crashed'), endpoint, startSlot: START_SLOT });
  steady = new PipelineProcess('steady', { dataDir: join(root, 'steady'), endpoint, startSlot: START_SLOT });
  crashed.start();
  steady.start();
  // Both up (stores open, subscribers retrying against the port where the server is not yet listening).
  await Promise.all([crashed.waitFor(() => true, 'startup'), steady.waitFor(() => true, 'startup')]);

  devnet = await Devnet.start({ speed: 'max', seed: SEED, simulate: { profile: 'max', tune: PROFILE } });
  devnet.bank.onBlock((block) => {
    transactions += block.transactions.length;
    if (block.slot === RESTART_GEYSER_AT) geyserRestarted = restartGeyser(port);
    if (block.slot === END_SLOT) void devnet.stop(); // the clock stops: the chain is frozen from here on
  });
  geyser = await startGeyserServer({ bank: devnet.bank, port });

  // Three kills spread over the run, each a seeded while after the process passed a slot, with work in hand.
  for (const slot of KILL_AFTER_SLOTS) {
    const target = slot + random.int(40);
    await crashed.waitFor((s) => (s.durableSlot ?? 0) >= target, `slot ${target} before a kill`);
    await sleep(random.int(300));
    killedWith.push(await crashed.kill());
    crashed.start();
  }

  await steady.waitFor(caughtUp, 'the uninterrupted pipeline to catch up', 90_000);
  await crashed.waitFor(caughtUp, 'the crashed pipeline to catch up', 90_000);
  await geyserRestarted;
  steadyBeforeDump = steady.status!;
  [crashedPicture, steadyPicture] = await Promise.all([crashed.dump(join(root, 'crashed.json')), steady.dump(join(root, 'steady.json'))]);
  const coins = new Set(devnet.simulator!.state.coins.map((coin) => coin.mint as string));
  facts = chainFacts(devnet.bank, CONFIG, START_SLOT, END_SLOT - 1, coins);
}, 170_000);

afterAll(async () => {
  await crashed?.kill();
  await steady?.kill();
  await geyser?.close();
  await devnet?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('pipeline crash and disconnect', () => {
  it('ran a long burst and killed the pipeline three times with work in hand', () => {
    expect(devnet.bank.latestBlock.slot).toBe(END_SLOT);
    expect(transactions).toBeGreaterThan(3_000);
    expect(crashed.kills).toBe(3);
    expect(killedWith.filter((s) => s !== null && hasWork(s))).toHaveLength(3);
    expect(killedWith.map((s) => s?.durableSlot ?? 0)).toEqual(killedWith.map((s) => s?.durableSlot ?? 0).sort((a, b) => a - b));
  });

  it('ends with the same tables, row for row, as the uninterrupted run', () => {
    const NOT_FILLED_BY_TRAFFIC = ['coin_health', 'quote_listings'];
    expect(Object.keys(crashedPicture.tables).sort()).toEqual(Object.keys(steadyPicture.tables).sort());
    for (const [table, rows] of Object.entries(steadyPicture.tables)) {
      // coin_health is filled by the health scorer on its own schedule, which the pipeline children do not run;
      // quote_listings by the launchpad admin's pair listings, which the simulator's traffic does not make.
      if (!NOT_FILLED_BY_TRAFFIC.includes(table)) expect(rows.length, table).toBeGreaterThan(0);
      expect(crashedPicture.tables[table], table).toEqual(rows);
    }
    expect(crashedPicture.candles).toEqual(steadyPicture.candles);
    expect(Object.keys(steadyPicture.candles).length).toBeGreaterThan(0);
    // The raw-tx logs hold the same transactions, each once, in the same order.
    expect(new Set(steadyPicture.rawSignatures).size).toBe(steadyPicture.rawSignatures.length);
    expect(crashedPicture.rawSignatures).toEqual(steadyPicture.rawSignatures);
  });

  it('loses nothing across a Yellowstone restart in the middle of the burst: trades equal the chain', () => {
    // The server went down under a live stream that still had most of the burst to read.
    expect(steadyAtRestart).toMatchObject({ connected: true });
    expect(steadyAtRestart!.durableSlot).toBeLessThan(END_SLOT - 50);
    expect(steadyBeforeDump.reconnects).toBeGreaterThan(steadyAtRestart!.reconnects);
    expect(steadyBeforeDump.gaps).toBe(0);
    const chain = facts.trades.map((t) => JSON.stringify([t.signature, t.slot, t.mint, t.side, t.trader, t.coinAmount, t.quoteAmount])).sort();
    expect(chain.length).toBeGreaterThan(2_000);
    for (const picture of [steadyPicture, crashedPicture]) {
      const trades = picture.tables.trades!.map((row) => {
        const t = JSON.parse(row) as Record<string, unknown>;
        return JSON.stringify([t.signature, Number(t.slot), t.mint, t.side, t.trader, String(t.coinAmount), String(t.quoteAmount)]);
      });
      expect(trades.sort()).toEqual(chain);
    }
  });
});
