// The pipeline end to end, in one process: a manual devnet whose seeded simulator launches coins on both
// routes, buys, sells, moves coins between wallets and graduates some (plus an explicit plain SPL Transfer),
// served by its Yellowstone server; the subscriber and the decoding pipeline into a SQLite event log; the
// projection runner into chDB; the API through app.inject. Once the last confirmed slot is projected, the API
// must equal the chain's own facts: every trade once with exact raw amounts, candles recomputed from the
// programs' logged trades for every interval, holder counts from the balance history, the graduation, and
// 404 / 400 answers.
import { QUICK_TUNE } from '../../infra/devnet/simulator/simulator.js';
import { createViews, type Views } from '../../api/views/views.js';
import { TAIL_RANK } from '../../schemas/api/trades.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Address } from '@solana/kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app.js';
import { Devnet } from '../../infra/devnet/devnet.js';
import { TOKEN_PROGRAM } from '../../infra/devnet/runtime/well-known.js';
import { TOPICS } from '../../infra/event-log/event-log.js';
import { SqliteEventLog } from '../../infra/event-log/sqlite-event-log.js';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import { pipelineReadiness } from '../../infra/service/roles.js';
import { Pipeline } from '../../ingest/pipeline.js';
import { Subscriber } from '../../ingest/subscriber/subscriber.js';
import { ProjectionRunner } from '../../projections/runner.js';
import { INTERVAL_SECONDS, INTERVALS } from '../../schemas/api/ohlcv.js';
import { COIN_DECIMALS } from '../../schemas/events/index.js';
import { CONFIG, plainTransfer, simWallet } from '../ingest/chain-fixture.js';
import { silent, sleep, waitFor } from '../ingest/ingest-harness.js';
import { chainFacts, expectedCandles, expectedFigures, quoteDecimalsOf, trueHolders, type ChainFacts } from '../../infra/devnet/truth/chain-facts.js';

const SEED = 29;
const SLOTS = 160;
/** 25 s slots: 160 slots span over an hour, so every interval up to 1h has several buckets. */
const SLOT_MS = 25_000;

const dir = mkdtempSync(join(tmpdir(), 'launchtape-e2e-'));
let devnet: Devnet;
let log: SqliteEventLog;
let olap: Olap;
let subscriber: Subscriber;
let pipeline: Pipeline;
let runner: ProjectionRunner;
let app: FastifyInstance;
let views: Views;
let facts: ChainFacts;
let last: number;
let mints: string[];
let plain: { signature: string; mint: string; from: string; to: string; amount: string; accountKeys: string[] };

async function get<T = Record<string, unknown>>(url: string): Promise<{ status: number; body: T }> {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as T };
}

/** Wait until `slot` is durable, decoded and every event in the log is projected. */
async function waitProjected(slot: number): Promise<void> {
  await waitFor(
    async () => {
      if ((subscriber.status().lastDurableSlot ?? -1) < slot || (pipeline.status().lastSlot ?? -1) < slot) return false;
      const head = await log.last(TOPICS.coinEvents);
      return head !== null && (await runner.progress()).lastOffset === head.offset.toString();
    },
    `slot ${slot} to be projected`,
    60_000,
  );
}

/** Move all of one holder's coins to another holder with a plain SPL Transfer (names no mint, nothing of ours). */
function plainTransferOfAll(): typeof plain {
  const wallets = Array.from({ length: devnet.simulator!.state.wallets }, (_, i) => simWallet(SEED, i));
  for (const coin of devnet.simulator!.state.coins.filter((c) => c.tokenProgram === TOKEN_PROGRAM)) {
    const holders = wallets.filter((w) => devnet.truth!.balance(w.address, coin.mint) > 0n);
    if (holders.length < 2) continue;
    const [from, to] = holders;
    const amount = devnet.truth!.balance(from!.address, coin.mint);
    const tx = plainTransfer(devnet, from!, coin.mint, to!.address as Address, amount, coin.tokenProgram);
    return { signature: tx.signature, mint: coin.mint, from: from!.address, to: to!.address, amount: amount.toString(), accountKeys: tx.accountKeys };
  }
  throw new Error('no coin with two holders');
}

beforeAll(async () => {
  devnet = await Devnet.start({ speed: 'manual', seed: SEED, simulate: { profile: 'max', tune: QUICK_TUNE }, grpcPort: 0, slotMs: SLOT_MS });
  log = SqliteEventLog.open(join(dir, 'event-log'), { synchronous: 'NORMAL', pollIntervalMs: 5 });
  olap = await openOlap({ dataDir: dir });
  const from = devnet.bank.workingSlot;
  subscriber = await Subscriber.start({
    endpoint: devnet.grpcUrl!,
    log,
    config: CONFIG,
    logger: silent,
    startSlot: from,
    backoff: { initialMs: 20, maxMs: 200 },
  });
  await waitFor(() => subscriber.status().connected, 'the subscriber to connect');
  pipeline = await Pipeline.create({ log, config: CONFIG, logger: silent, pollWaitMs: 20 });
  pipeline.start();
  runner = await ProjectionRunner.open({ log, olap, maxBatchWaitMs: 20, idleWaitMs: 20, retryDelayMs: 50 });
  runner.start();

  for (let i = 0; i < SLOTS; i++) {
    devnet.step();
    if (i % 4 === 0) await sleep(1); // let the stream and the pipeline run while the chain moves
  }
  plain = plainTransferOfAll();
  devnet.step(2);
  last = devnet.bank.latestBlock.slot - 1; // confirmed once the next slot is sealed; the chain stays frozen
  await waitProjected(last);

  mints = devnet.simulator!.state.coins.map((coin) => coin.mint);
  facts = chainFacts(devnet.bank, CONFIG, from, last, new Set(mints));
  const now = devnet.bank.getBlock(last)!.blockTime + 120; // every coin past its pending minute
  const readiness = () => pipelineReadiness({ subscriber, pipeline, stop: async () => {} }, { runner, stop: async () => {} });
  // The views loaded from the projected store, as an API started after the projections caught up loads them.
  views = createViews({ log, olap, config: CONFIG, clock: () => new Date(now * 1000) });
  await views.feed.start();
  app = buildApp({ olap, views, config: CONFIG, clock: () => new Date(now * 1000), readiness });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await views?.feed.stop();
  await subscriber?.stop();
  await pipeline?.stop();
  await runner?.stop();
  await devnet?.stop();
  await log?.close();
  await olap?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('pipeline end to end', () => {
  it('ran every activity the test needs, and reports ready', async () => {
    const ok = (kind: Parameters<NonNullable<Devnet['simulator']>['log']['ofKind']>[0]) =>
      devnet.simulator!.log.ofKind(kind).filter((a) => a.ok && a.slot <= last);
    expect(new Set(devnet.simulator!.state.coins.map((c) => c.route))).toEqual(new Set(['launchpad', 'pool-venue']));
    for (const kind of ['buy', 'sell', 'transfer', 'graduate'] as const) expect(ok(kind).length, kind).toBeGreaterThan(0);
    expect(facts.graduations.size).toBeGreaterThan(0);
    // Every simulated trade is among the chain's trades (the oracle reads what the simulator did).
    const signatures = new Set(facts.trades.map((t) => t.signature));
    for (const action of [...ok('buy'), ...ok('sell')]) expect(signatures.has(action.signature!)).toBe(true);
    expect((await get('/readyz')).status).toBe(200);
    expect(subscriber.status().gaps).toEqual([]);
  });

  it('lists every trade of every coin once, newest first, with exact raw amounts, paged with next.before', async () => {
    let total = 0;
    for (const mint of mints) {
      const seen: unknown[] = [];
      let url: string | null = `/api/v1/coins/${mint}/trades?limit=37`;
      for (let page = 0; url !== null && page < 1_000; page++) {
        const { status, body }: { status: number; body: { trades: unknown[]; next: { before: string | null } } } = await get(url);
        expect(status).toBe(200);
        seen.push(...body.trades);
        url = body.next.before === null ? null : `/api/v1/coins/${mint}/trades?limit=37&before=${encodeURIComponent(body.next.before)}`;
      }
      // A trade's time is its block second and, in the milliseconds, its rank in that second in chain order.
      const ranks = new Map<number, number>();
      const expected = facts.trades
        .filter((t) => t.mint === mint)
        .map((t) => {
          const rank = ranks.get(t.blockTime) ?? 0;
          ranks.set(t.blockTime, rank + 1);
          return { t, rank };
        })
        .reverse()
        .map(({ t, rank }) => ({
          signature: t.signature,
          time: new Date(t.blockTime * 1000 + Math.min(rank, TAIL_RANK)).toISOString(),
          side: t.side,
          trader: t.trader,
          coinAmount: t.coinAmount,
          quoteAmount: t.quoteAmount,
        }));
      expect(seen).toEqual(expected);
      total += seen.length;
    }
    expect(total).toBe(facts.trades.length);
    expect(total).toBeGreaterThan(300);
  });

  it('answers candles equal to a recomputation from the chain, for every interval', async () => {
    for (const mint of mints) {
      for (const interval of INTERVALS) {
        const { status, body } = await get<{ candles: unknown[] }>(`/api/v1/coins/${mint}/ohlcv?interval=${interval}`);
        expect(status).toBe(200);
        expect(body.candles, `${mint} ${interval}`).toEqual(
          expectedCandles(facts.trades, mint, INTERVAL_SECONDS[interval], COIN_DECIMALS, quoteDecimalsOf(facts, mint)),
        );
      }
    }
    const most = (seconds: number) => Math.max(...mints.map((m) => expectedCandles(facts.trades, m, seconds, COIN_DECIMALS, quoteDecimalsOf(facts, m)).length));
    expect(most(60)).toBeGreaterThan(30);
    expect(most(900)).toBeGreaterThan(3);
    expect(most(3_600)).toBe(2);
    // Prices in whole quote tokens on both pairs: SOL (9 decimals) and the stablecoin (6).
    expect(new Set(mints.map((m) => quoteDecimalsOf(facts, m)))).toEqual(new Set([9, 6]));
  });

  it('counts holders as the balance history does (pools, curves and service wallets left out), and sums volume', async () => {
    const listed = new Map<string, { holders: number | null; price: string | null; volume24h: string | null }>();
    let offset: number | null = 0;
    for (let page = 0; offset !== null && page < 100; page++) {
      type Summary = { mint: string; holders: number | null; price: string | null; volume24h: string | null };
      const { status, body }: { status: number; body: { coins: Summary[]; next: number | null } } = await get(`/api/v1/coins?limit=7&offset=${offset}`);
      expect(status).toBe(200);
      for (const coin of body.coins) listed.set(coin.mint, coin);
      offset = body.next;
    }
    expect(new Set(listed.keys())).toEqual(new Set(mints));
    for (const mint of mints) {
      const expected = trueHolders(devnet.truth!, CONFIG, facts, mint, last);
      expect(listed.get(mint)?.holders, mint).toBe(expected);
      // The whole run lies within the last 24 hours of the API's clock.
      const { price, volume } = expectedFigures(facts.trades, mint, COIN_DECIMALS, quoteDecimalsOf(facts, mint));
      expect(listed.get(mint)?.volume24h, mint).toBe(volume);
      if (price !== null) expect(listed.get(mint)?.price, mint).toBe(price);
      expect((await get<{ holders: number }>(`/api/v1/coins/${mint}`)).body.holders, mint).toBe(expected);
    }
    expect(mints.some((mint) => trueHolders(devnet.truth!, CONFIG, facts, mint, last) > 1)).toBe(true);
  });

  it('follows a plain wallet-to-wallet SPL Transfer that names neither the mint nor anything of ours', async () => {
    expect(plain.accountKeys).not.toContain(plain.mint);
    const balances = await olap.query<{ owner: string; amount: string }>(
      'SELECT owner, toString(sum(balance)) AS amount FROM balances FINAL WHERE mint = {mint:String} AND owner IN {owners:Array(String)} GROUP BY owner',
      { mint: plain.mint, owners: [plain.from, plain.to] },
    );
    const amounts = Object.fromEntries(balances.map((row) => [row.owner, row.amount]));
    const truth = (owner: string) => devnet.truth!.balanceAt(owner, plain.mint, last).toString();
    expect(amounts).toEqual({ [plain.from]: truth(plain.from), [plain.to]: truth(plain.to) });
    expect(devnet.truth!.balanceAt(plain.from, plain.mint, last - 1)).toBeGreaterThan(0n);
    // Both token accounts' changes by that very transaction reached the balances projection.
    const changes = await olap.query<{ owner: string; delta: string }>(
      'SELECT owner, toString(delta) AS delta FROM balance_changes FINAL WHERE mint = {mint:String} AND startsWith(id, {signature:String}) ORDER BY owner',
      { mint: plain.mint, signature: plain.signature },
    );
    expect(changes.map((c) => [c.owner, c.delta]).sort()).toEqual(
      [
        [plain.from, `-${plain.amount}`],
        [plain.to, plain.amount],
      ].sort(),
    );
  });

  it('reads the graduated coin as graduated, with its locked pool', async () => {
    for (const [mint, pool] of facts.graduations) {
      const { status, body } = await get<Record<string, unknown>>(`/api/v1/coins/${mint}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ graduated: true, venue: 'launchpad', graduation: { pool }, bondingProgressPct: '100.00' });
      expect(body.pools).toContainEqual({ kind: 'locked-pool', address: pool, active: true });
    }
    const graduated = await get<{ coins: { mint: string }[] }>('/api/v1/coins?graduated=true&limit=100');
    expect(new Set(graduated.body.coins.map((c) => c.mint))).toEqual(new Set(facts.graduations.keys()));
    for (const mint of mints) {
      const route = devnet.simulator!.state.coins.find((c) => c.mint === mint)!.route;
      expect((await get<{ venue: string }>(`/api/v1/coins/${mint}`)).body.venue).toBe(route);
    }
  });

  it('answers 404 for an unknown or foreign mint and 400 for bad parameters, and ignores unknown ones', async () => {
    const coin = mints[0]!;
    for (const mint of [simWallet(SEED, 0).address, CONFIG.mints.stablecoin, CONFIG.mints.basket[0]!]) {
      for (const path of ['', '/trades', '/ohlcv']) {
        const { status, body } = await get(`/api/v1/coins/${mint}${path}`);
        expect(status, `${mint}${path}`).toBe(404);
        expect(body).toEqual({ error: expect.any(String) });
      }
    }
    const bad = [
      '/api/v1/coins?limit=0',
      '/api/v1/coins?limit=101',
      '/api/v1/coins?sort=cheapest',
      '/api/v1/coins?offset=-1',
      '/api/v1/coins?limit=0&colour=red',
      '/api/v1/coins/not-a-mint',
      `/api/v1/coins/${coin}/trades?before=yesterday`,
      `/api/v1/coins/${coin}/trades?limit=abc`,
      `/api/v1/coins/${coin}/ohlcv?interval=2m`,
      '/api/v1/coins/0OIl/ohlcv',
    ];
    for (const url of bad) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(body, url).toEqual({ error: expect.any(String) });
    }
    // Keys the routes do not know are ignored.
    expect((await get(`/api/v1/coins/${coin}?x=1`)).body).toEqual((await get(`/api/v1/coins/${coin}`)).body);
  });
});
