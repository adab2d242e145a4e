// The scale-out deployment end to end, under faults. One devnet (in this process, stepped by the test) is followed from
// the same slot by two deployments: the embedded one (`npm start`: one process, SQLite log, chDB) and the scale-out one
// (`npm run start:scale-out`: the operational store's server, ingest, project+api and webhooks as separate processes
// on a Kafka broker of this test's own). During a burst of trading, the scale-out deployment loses ingest and then
// project+api to SIGKILL (its supervisor starts each again) and then the broker to SIGKILL (this test starts it again
// on the same data). Once both have consumed everything, their tables must be equal row for row, their trades equal the
// chain's, and the scale-out API must have answered throughout: 200 with figures that never went back or past the
// final ones, or 503 from /readyz, and no answer at all only while the process holding it was down. After the faults,
// coins' live streams on the scale-out API (its views following coin-events on Kafka) send each of their coin's new
// trades once, in chain order, as its trades page lists them.
import { QUICK_TUNE } from '../../infra/devnet/simulator/simulator.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel, type Admin } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Devnet } from '../../infra/devnet/devnet.js';
import { KafkaEventLog } from '../../infra/event-log/kafka-event-log.js';
import { TOPICS } from '../../infra/event-log/event-log.js';
import { localKafkaPrerequisites, LOCAL_KAFKA_HINT, startLocalKafka, type LocalKafka } from '../../infra/kafka-local/local-broker.js';
import { freePort } from '../../infra/net/free-port.js';
import { readResumePoint } from '../../ingest/subscriber/resume.js';
import { groupName } from '../../projections/runner-state.js';
import { READ_MODEL_SET } from '../../projections/read-models.js';
import { DISPATCHER_GROUP } from '../../projections/webhooks/dispatcher.js';
import { CONFIG } from '../ingest/chain-fixture.js';
import { chainFacts, type ChainFacts } from '../../infra/devnet/truth/chain-facts.js';
import { Spawned } from './spawned.js';
import type { TablePicture } from './table-picture.js';
import type { Trade } from '../../schemas/api/trades.js';
import { SseClient } from '../api/stream/sse-client.js';

const SEED = 47;
const PROFILE = { ...QUICK_TUNE, tradesPerSlot: 6, initialWallets: 60 };
/** Slots of the burst, one every SLOT_MS (also while the deployments start); the faults, at these burst slots. */
const BURST_SLOTS = 150;
const SLOT_MS = 60;
const KILL_INGEST_AT = 35;
const KILL_PROJECT_AT = 70;
const KILL_BROKER_AT = 105;
const BROKER_DOWN_MS = 3_000;
/** Slots stepped with coins' live streams open, after the faults. */
const STREAM_SLOTS = 30;
/** The groups whose positions must reach the end of their topics (the projections' first generation). */
const GROUPS = [
  { topic: TOPICS.rawTransactions, group: `${TOPICS.rawTransactions}/ingest-pipeline` },
  { topic: TOPICS.coinEvents, group: `${TOPICS.coinEvents}/${groupName(READ_MODEL_SET, 1)}` },
  { topic: TOPICS.coinEvents, group: `${TOPICS.coinEvents}/${DISPATCHER_GROUP}` },
];

const missing = localKafkaPrerequisites();
if (missing && process.env.CI === 'true') throw new Error(`the scale-out test cannot run under CI=true: ${missing}; ${LOCAL_KAFKA_HINT}`);

interface Probe {
  at: number;
  readyz: number | 'down';
  trades: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(missing !== null)(`the scale-out deployment under faults${missing ? ` (skipped: ${missing}; ${LOCAL_KAFKA_HINT})` : ''}`, () => {
  const root = mkdtempSync(join(tmpdir(), 'launchtape-scale-out-'));
  let devnet: Devnet;
  let broker: LocalKafka;
  let admin: Admin;
  let embedded: Spawned;
  let scaleOut: Spawned;
  let firstSlot: number;
  let lastSlot: number;
  let embeddedPicture: TablePicture;
  let scaleOutPicture: TablePicture;
  let facts: ChainFacts;
  let finalTrades: number;
  /** The coins streamed, the slot their streams were opened at, what each stream sent and each coin's trades page
   * at the end. */
  let streamMints: string[];
  let streamFrom: number;
  let streamTrades: Trade[][];
  let streamPages: Trade[][];
  const probes: Probe[] = [];
  /** When project+api was killed, and when its next start said it was ready. */
  const projectDown = { from: 0, to: 0 };
  let brokerRestarts = 0;

  async function get(port: number, path: string): Promise<{ status: number; body: unknown } | 'down'> {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(5_000) });
      return { status: response.status, body: await response.json() };
    } catch {
      return 'down';
    }
  }

  /** What is left to consume: null once every group is at the end of its topic, else the first group behind (or
   * why the positions could not be read), for the failure message. */
  async function undrained(): Promise<string | null> {
    try {
      for (const { topic, group } of GROUPS) {
        const ends = await admin.fetchTopicOffsets(topic);
        const [committed] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
        for (const end of ends) {
          const position = committed?.partitions.find((p) => p.partition === end.partition)?.offset ?? '-1';
          if (position === '-1' ? end.high !== '0' : position !== end.high) return `${group} at ${position} of ${end.high} on partition ${end.partition}`;
        }
      }
      return null;
    } catch (error) {
      return `positions unreadable: ${String(error)}`;
    }
  }

  beforeAll(async () => {
    broker = await startLocalKafka({ dataDir: join(root, 'kafka') });
    admin = new Kafka({ brokers: [broker.brokers], logLevel: logLevel.NOTHING, retry: { retries: 2 } }).admin();
    devnet = await Devnet.start({ speed: 'manual', seed: SEED, simulate: { profile: 'max', tune: PROFILE }, rpcPort: 0, grpcPort: 0 });
    firstSlot = devnet.bank.workingSlot;
    const [embeddedPort, scaleOutPort, opstorePort] = [await freePort(), await freePort(), await freePort()];
    const chain = {
      YELLOWSTONE_URL: devnet.grpcUrl!,
      DEVNET_RPC_PORT: new URL(devnet.rpcUrl!).port,
      INGEST_START_SLOT: String(firstSlot),
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'info',
    };
    embedded = new Spawned('npm start', 'infra/service/start.ts', [], { ...chain, DATA_DIR: join(root, 'embedded'), PORT: String(embeddedPort) });
    scaleOut = new Spawned('npm run start:scale-out', 'infra/service/scale-out/scale-out.ts', [], {
      ...chain,
      DATA_DIR: join(root, 'scale-out'),
      PORT: String(scaleOutPort),
      OPSTORE_PORT: String(opstorePort),
      KAFKA_BROKERS: broker.brokers,
    });
    // The chain goes on while they start (the API waits for its setup transactions to land).
    let starting = true;
    const startup = Promise.all([
      embedded.waitForLine(/launchtape ready/, 'the embedded service', 90_000),
      scaleOut.waitForLine(/all roles ready/, 'every role', 120_000),
    ]).finally(() => (starting = false));
    while (starting) {
      devnet.step();
      await sleep(SLOT_MS);
    }
    await startup;
    await admin.connect();

    // The scale-out API, probed throughout.
    let probing = true;
    const prober = (async () => {
      while (probing) {
        const [ready, stats] = await Promise.all([get(scaleOutPort, '/readyz'), get(scaleOutPort, '/api/v1/platform/stats')]);
        const at = Date.now(); // when the answers (or their failures) were in
        const trades = stats !== 'down' && stats.status === 200 ? (stats.body as { trades: number }).trades : null;
        probes.push({ at, readyz: ready === 'down' ? 'down' : ready.status, trades });
        await sleep(150);
      }
    })();

    const rolePid = (role: string) => Number(scaleOut.matching(new RegExp(`\\| ${role.replace('+', '\\+')} ready \\(pid (\\d+)\\)`)).at(-1)!.match[1]);
    let brokerBack: Promise<void> = Promise.resolve();
    for (let slot = 1; slot <= BURST_SLOTS; slot++) {
      devnet.step();
      if (slot === KILL_INGEST_AT) process.kill(rolePid('ingest'), 'SIGKILL');
      if (slot === KILL_PROJECT_AT) {
        projectDown.from = Date.now();
        process.kill(rolePid('project+api'), 'SIGKILL');
      }
      if (slot === KILL_BROKER_AT) {
        await broker.kill();
        brokerBack = sleep(BROKER_DOWN_MS).then(async () => {
          broker = await startLocalKafka({ port: broker.port, dataDir: broker.dataDir });
          brokerRestarts += 1;
        });
      }
      await sleep(SLOT_MS);
    }
    await brokerBack;
    projectDown.to = (await scaleOut.waitForLine(/\| project\+api ready/, 'project+api started again', 60_000, 2)).at;

    // Coins' live streams through the scale-out API, whose views follow coin-events on Kafka: opened once
    // project+api is back (on the coins that traded most lately, as many as a visitor may open), then more slots.
    devnet.bank.produceBlock(); // an empty slot, so the last one with trades is confirmed
    const lately = chainFacts(
      devnet.bank,
      CONFIG,
      devnet.bank.latestBlock.slot - 40,
      devnet.bank.latestBlock.slot,
      new Set(devnet.simulator!.state.coins.map((coin) => coin.mint as string)),
    );
    const counts = new Map<string, number>();
    for (const trade of lately.trades) counts.set(trade.mint, (counts.get(trade.mint) ?? 0) + 1);
    streamMints = [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([mint]) => mint);
    // The chain stays put until the API holds each coin's latest trade, so the streams' trades are those of the slots after.
    for (const mint of streamMints) {
      const latest = lately.trades.filter((trade) => trade.mint === mint).at(-1)!.signature;
      for (const deadline = Date.now() + 90_000; ; await sleep(250)) {
        const page = await get(scaleOutPort, `/api/v1/coins/${mint}/trades?limit=1`);
        if (page !== 'down' && page.status === 200 && (page.body as { trades: Trade[] }).trades[0]?.signature === latest) break;
        if (Date.now() > deadline) throw new Error(`the scale-out API never showed ${mint}'s latest trade:\n${scaleOut.tail()}`);
      }
    }
    streamFrom = devnet.bank.latestBlock.slot;
    const streams = await Promise.all(streamMints.map((mint) => new SseClient(`http://127.0.0.1:${scaleOutPort}/api/v1/coins/${mint}/stream`).open()));
    for (const stream of streams) expect(stream.status).toBe(200);
    for (let slot = 0; slot < STREAM_SLOTS; slot++) {
      devnet.step();
      await sleep(SLOT_MS);
    }
    lastSlot = devnet.bank.latestBlock.slot;
    for (let i = 0; i < 3; i++) devnet.bank.produceBlock(); // empty slots, so the last slot is confirmed
    const streamed = chainFacts(devnet.bank, CONFIG, streamFrom + 1, lastSlot, new Set(streamMints)).trades;
    for (const [i, stream] of streams.entries()) {
      const count = streamed.filter((trade) => trade.mint === streamMints[i]).length;
      await stream.waitFor((client) => client.of('trade').length >= count, `${count} trades on ${streamMints[i]}'s stream`, 60_000);
    }
    await sleep(500); // anything past them would be a repeat
    streamTrades = streams.map((stream) => stream.of('trade').map((message) => JSON.parse(message.data) as Trade));
    await Promise.all(streams.map((stream) => stream.close()));

    // Everything the chain sent is in the log and consumed by every group; the embedded run is uninterrupted.
    const log = await KafkaEventLog.connect({ brokers: [broker.brokers] });
    try {
      const deadline = Date.now() + 180_000;
      for (;;) {
        const durable = (await readResumePoint(log).catch(() => ({ durableSlot: null }))).durableSlot ?? 0;
        const left = durable >= lastSlot ? await undrained() : 'the ingest behind the chain';
        if (left === null) break;
        if (Date.now() > deadline)
          throw new Error(`the scale-out deployment did not consume everything (durable ${durable} of ${lastSlot}; ${left}):\n${scaleOut.tail()}`);
        await sleep(250);
      }
    } finally {
      await log.close();
    }
    // Both ready, and (their figures refreshed) telling the same totals.
    const stats = async (port: number) => {
      const [ready, answer] = [await get(port, '/readyz'), await get(port, '/api/v1/platform/stats')];
      return ready !== 'down' && ready.status === 200 && answer !== 'down' && answer.status === 200 ? JSON.stringify(answer.body) : null;
    };
    for (const deadline = Date.now() + 60_000; ; await sleep(250)) {
      const [a, b] = [await stats(embeddedPort), await stats(scaleOutPort)];
      if (a !== null && a === b) {
        finalTrades = (JSON.parse(a) as { trades: number }).trades;
        break;
      }
      if (Date.now() > deadline) throw new Error(`the two deployments never agreed:\n${a}\n${b}`);
    }
    streamPages = [];
    for (const mint of streamMints) {
      const page = await get(scaleOutPort, `/api/v1/coins/${mint}/trades?limit=100`);
      if (page === 'down' || page.status !== 200) throw new Error(`no trades page from the scale-out API: ${JSON.stringify(page)}`);
      streamPages.push((page.body as { trades: Trade[] }).trades);
    }
    probing = false;
    await prober;

    expect(await scaleOut.stop()).toBe(0);
    expect(await embedded.stop()).toBe(0);
    const dump = async (name: string) => {
      const file = join(root, `${name}.json`);
      const child = new Spawned(`dump ${name}`, 'test/e2e/dump-tables.ts', [join(root, name, 'olap'), file], {});
      if ((await child.exited) !== 0) throw new Error(`dump of ${name} failed:\n${child.tail()}`);
      return JSON.parse(readFileSync(file, 'utf8')) as TablePicture;
    };
    [embeddedPicture, scaleOutPicture] = await Promise.all([dump('embedded'), dump('scale-out')]);
    const coins = new Set(devnet.simulator!.state.coins.map((coin) => coin.mint as string));
    facts = chainFacts(devnet.bank, CONFIG, firstSlot, lastSlot, coins);
  }, 420_000);

  afterAll(async () => {
    await scaleOut?.stop('SIGKILL');
    await embedded?.stop('SIGKILL');
    await admin?.disconnect();
    await broker?.stop();
    await devnet?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('lost ingest and project+api to SIGKILL and started each again, and the broker came back', () => {
    for (const role of ['ingest', 'project+api']) {
      expect(scaleOut.matching(new RegExp(`\\| ${role.replace('+', '\\+')} ended on SIGKILL`)), role).toHaveLength(1);
      expect(scaleOut.matching(new RegExp(`\\| ${role.replace('+', '\\+')} ready \\(pid`)).length, role).toBeGreaterThanOrEqual(2);
    }
    expect(brokerRestarts).toBe(1);
    expect(facts.trades.length).toBeGreaterThan(800);
  });

  it('ends with the same tables, row for row, as the embedded deployment', () => {
    expect(Object.keys(scaleOutPicture.tables).sort()).toEqual(Object.keys(embeddedPicture.tables).sort());
    for (const [table, rows] of Object.entries(embeddedPicture.tables)) {
      // coin_health is filled by the health scorer on its own clock, so the two runs grade at different moments.
      if (table === 'coin_health') continue;
      // quote_listings holds the launchpad admin's pair listings, which the simulator's traffic does not make.
      if (table !== 'quote_listings') expect(rows.length, table).toBeGreaterThan(0);
      expect(scaleOutPicture.tables[table], table).toEqual(rows);
    }
    expect(scaleOutPicture.candles).toEqual(embeddedPicture.candles);
  });

  it('holds every trade of the chain once', () => {
    const chain = facts.trades.map((t) => JSON.stringify([t.signature, t.slot, t.mint, t.side, t.trader, t.coinAmount, t.quoteAmount])).sort();
    const trades = scaleOutPicture.tables.trades!.map((row) => {
      const t = JSON.parse(row) as Record<string, unknown>;
      return JSON.stringify([t.signature, Number(t.slot), t.mint, t.side, t.trader, String(t.coinAmount), String(t.quoteAmount)]);
    });
    expect(trades.sort()).toEqual(chain);
    expect(finalTrades).toBe(chain.length);
  });

  it("streamed coins' new trades live through the API on Kafka: each once, in chain order, as their trades pages list them", () => {
    let total = 0;
    for (const [i, mint] of streamMints.entries()) {
      const chain = facts.trades.filter((t) => t.mint === mint && t.slot > streamFrom).map((t) => t.signature);
      expect(
        streamTrades[i]!.map((t) => t.signature),
        mint,
      ).toEqual(chain);
      const listed = new Map(streamPages[i]!.map((t) => [t.signature, t]));
      for (const trade of streamTrades[i]!.slice(-100)) expect(trade).toEqual(listed.get(trade.signature));
      total += chain.length;
    }
    expect(total).toBeGreaterThan(0);
  });

  it('answered throughout: figures never back or past the final ones, 503 when not ready, silent only while down', () => {
    expect(probes.length).toBeGreaterThan(50);
    let previous = 0;
    for (const probe of probes) {
      if (probe.readyz === 'down') {
        expect(probe.at, 'no answer outside the window project+api was down').toBeGreaterThanOrEqual(projectDown.from);
        expect(probe.at).toBeLessThanOrEqual(projectDown.to);
        continue;
      }
      expect([200, 503]).toContain(probe.readyz);
      if (probe.trades === null) continue;
      expect(probe.trades).toBeGreaterThanOrEqual(previous);
      expect(probe.trades).toBeLessThanOrEqual(finalTrades);
      previous = probe.trades;
    }
    expect(probes.some((probe) => probe.readyz === 503)).toBe(true);
    // Figures were served before project+api was killed and again after it came back.
    expect(probes.some((probe) => probe.trades !== null && probe.at < projectDown.from)).toBe(true);
    expect(probes.some((probe) => probe.trades !== null && probe.at > projectDown.to)).toBe(true);
  });
});
