// `npm run bench:stream -- [--clients 200] [--rate 1000] [--paced-seconds 10] [--trades 20000] [--batch 500]`
// The live streams' fan-out: one coin's stream opened by `--clients` clients (a process of their own, one connection
// each, each from its own address as a proxy would say), fed the way the service feeds it: batches of trades
// appended to the event log, which the live views follow (the projections stopped once the coin is in: the stream
// path alone). Measures what the open streams cost in memory, the time from a batch's append to each client holding
// each sampled trade at a steady `--rate` trades a second, and how many trade messages a second reach the clients
// when `--trades` are appended as fast as possible in batches of `--batch`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../api/app.js';
import { createViews } from '../../api/views/views.js';
import { TOPICS } from '../event-log/event-log.js';
import { SqliteEventLog } from '../event-log/sqlite-event-log.js';
import { openOlap } from '../olap/open-olap.js';
import { ProjectionRunner } from '../../projections/runner.js';
import { loadConfig } from '../../schemas/config.js';
import type { CoinLaunchedEvent, TradeEvent } from '../../schemas/events/index.js';
import { BenchChild, wallMs } from './bench-ipc.js';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '200' },
    rate: { type: 'string', default: '1000' },
    'paced-seconds': { type: 'string', default: '10' },
    trades: { type: 'string', default: '20000' },
    batch: { type: 'string', default: '500' },
  },
});
const CLIENTS = Number(values.clients);
const RATE = Number(values.rate);
const PACED_SECONDS = Number(values['paced-seconds']);
const FLOOD = Number(values.trades);
const BATCH = Number(values.batch);
const MINT = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const SOL = 'So11111111111111111111111111111111111111112' as CoinLaunchedEvent['data']['quoteMint'];
const TICK_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

let serial = 0;
function trades(count: number): TradeEvent[] {
  const blockTime = Math.floor(Date.now() / 1000);
  return Array.from({ length: count }, () => {
    const n = ++serial;
    return {
      id: `bench-${n}`,
      type: 'trade',
      network: 'mainnet',
      slot: 1_000 + Math.floor(n / 100),
      blockTime,
      signature: `bench${n}`,
      v: 1,
      data: {
        mint: MINT,
        venue: 'curve',
        market: MINT,
        trader: MINT,
        side: n % 2 ? 'buy' : 'sell',
        coinAmount: String(1_000_000 + n),
        quoteAmount: String(30_000 + n),
        feeAmount: '300',
        referralFee: '0',
        referrer: null,
        quoteMint: SOL,
        reserves: { coin: '1', quote: '1' },
      },
    } as unknown as TradeEvent;
  });
}

/** The bench coin's launch: the one event projected, so the coin's stream route knows it. */
function launchEvent(): CoinLaunchedEvent {
  const { network, slot, blockTime, v } = trades(1)[0]!;
  const data: CoinLaunchedEvent['data'] = {
    mint: MINT as CoinLaunchedEvent['data']['mint'],
    route: 'launchpad',
    creator: MINT as CoinLaunchedEvent['data']['creator'],
    payer: MINT as CoinLaunchedEvent['data']['payer'],
    mode: 'holder',
    holdersPaid: 'pair',
    quoteMint: SOL,
    quoteDecimals: 9,
    tokenProgram: 'spl',
    decimals: 6,
    totalSupply: '1000000000000000',
    feeBps: 100,
    hooks: [],
    antiSniper: null,
    curve: MINT as CoinLaunchedEvent['data']['mint'],
    pool: null,
    basket: [],
    creatorRecipients: [],
    untrusted: { name: 'Bench', symbol: 'BENCH', uri: '' },
  } as CoinLaunchedEvent['data'];
  return { id: 'bench-launch', type: 'coin.launched', network, slot, blockTime, signature: 'bench0', v, data } as unknown as CoinLaunchedEvent;
}

function gcAndMemory(): NodeJS.MemoryUsage {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage();
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'launchtape-stream-bench-'));
  const log = SqliteEventLog.open(join(dir, 'event-log'), { pollIntervalMs: 5 });
  const olap = await openOlap({ dataDir: dir });
  const runner = await ProjectionRunner.open({ log, olap, maxBatchWaitMs: 20, idleWaitMs: 20 });
  runner.start();
  const config = loadConfig({ RATE_LIMIT_PER_MINUTE: '0', TRUSTED_PROXIES: '1' });
  const views = createViews({ log, olap, config });
  await views.feed.start();
  const app = buildApp({ olap, views, config });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const clients = BenchChild.start<{ ready: boolean }>('clients', new URL('./stream-clients-child.ts', import.meta.url), {});
  try {
    await log.append(TOPICS.coinEvents, [{ key: MINT, value: JSON.stringify(launchEvent()) }]);
    await views.feed.settled();
    if (views.board.launchOf(MINT) === undefined) throw new Error('the bench coin is not on the board');
    await runner.stop(); // the stream path alone from here
    const publish = (events: TradeEvent[]) =>
      log.append(
        TOPICS.coinEvents,
        events.map((event) => ({ key: MINT, value: JSON.stringify(event) })),
      );

    await sleep(500);
    const before = gcAndMemory();
    const url = `${base}/api/v1/coins/${MINT}/stream`;
    await clients.command('open', { url, count: CLIENTS });
    await sleep(1_000);
    const open = gcAndMemory();
    console.log(`live streams: ${CLIENTS} clients on one coin's stream (a process of their own), fed batches appended to the log`);
    const js = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;
    console.log(
      `  memory of ${CLIENTS} open idle streams: JS heap and buffers +${mib(js(open) - js(before))} MiB ` +
        `(${((js(open) - js(before)) / CLIENTS / 1024).toFixed(1)} KiB a stream), rss ${mib(before.rss)} → ${mib(open.rss)} MiB`,
    );

    // Steady: RATE trades a second in a batch every TICK_MS; every 10th trade timed at every client.
    const perTick = Math.max(1, Math.round((RATE * TICK_MS) / 1000));
    const paced: TradeEvent[][] = Array.from({ length: Math.round((PACED_SECONDS * 1000) / TICK_MS) }, () => trades(perTick));
    const sampled = paced.flat().filter((_, i) => i % 10 === 0);
    await clients.command('expect', { samples: sampled.map((event) => event.signature) });
    const appendedAt = new Map<string, number>();
    const startedAt = wallMs();
    let peakRss = 0;
    for (const [tick, events] of paced.entries()) {
      const at = wallMs();
      await publish(events);
      for (const event of events) appendedAt.set(event.signature, at);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      await sleep(Math.max(0, startedAt + (tick + 1) * TICK_MS - wallMs()));
    }
    const pacedTotal = paced.flat().length * CLIENTS;
    for (let waited = 0; (await clients.command<{ trades: number }>('status')).trades < pacedTotal && waited < 30_000; waited += 100) await sleep(100);
    const arrivals = await clients.command<Record<string, number[]>>('collect');
    const lags = Object.entries(arrivals)
      .flatMap(([signature, times]) => times.map((time) => time - appendedAt.get(signature)!))
      .sort((a, b) => a - b);
    const got = (await clients.command<{ trades: number }>('status')).trades;
    console.log(
      `  steady, ${RATE} trades/s for ${PACED_SECONDS} s (${RATE * CLIENTS} messages/s fanned out): ${got} of ${pacedTotal} delivered; ` +
        `append → client p50 ${percentile(lags, 50).toFixed(1)} ms, p99 ${percentile(lags, 99).toFixed(1)} ms, max ${lags.at(-1)?.toFixed(1)} ms ` +
        `(${lags.length} samples); peak rss ${mib(peakRss)} MiB`,
    );

    // Flood: FLOOD trades as fast as they can be appended, in batches of BATCH.
    await clients.command('expect', { samples: [] });
    const floodStart = wallMs();
    for (let sent = 0; sent < FLOOD; sent += BATCH) {
      await publish(trades(Math.min(BATCH, FLOOD - sent)));
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const floodTotal = FLOOD * CLIENTS;
    let status = await clients.command<{ trades: number; slowest: number }>('status');
    for (let waited = 0; status.trades < floodTotal && waited < 120_000; waited += 50) {
      await sleep(50);
      status = await clients.command<{ trades: number; slowest: number }>('status');
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
    const seconds = (wallMs() - floodStart) / 1000;
    console.log(
      `  flood, ${FLOOD} trades in batches of ${BATCH}: ${status.trades} of ${floodTotal} messages delivered in ${seconds.toFixed(1)} s = ` +
        `${Math.round(status.trades / seconds).toLocaleString('en-US')} messages/s fanned out; slowest client ${status.slowest} of ${FLOOD}; ` +
        `peak rss ${mib(peakRss)} MiB (clients cut when over 1 MiB behind)`,
    );
  } finally {
    await clients.stop();
    await app.close();
    await views.feed.stop();
    await runner.stop();
    await log.close();
    await olap.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
