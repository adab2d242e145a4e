// `npm run bench:api`: read latency of every route of spec 4.1 under a fixed number of concurrent requests, on a
// store holding a large market. A server process (api-server-child.ts) fills a chDB store through the real
// projectors (1,000 coins and 1,000,000 trades by default), scores health, seeds ideas and serves the real API on a
// local port (without the free allowance or paid calls: the plain app); this process then runs each route in turn: a warm-up, then requests with varied parameters at the
// chosen concurrency, and prints p50/p99/max and requests per second per route against the target, with the
// machine's load and what the server spent (CPU, and the analytics store's statements: time waiting in its
// one-at-a-time queue and time running). Progress goes to stderr, figures to stdout.
//
// Each route starts cold (its answers not yet kept): the first `--cold-seconds` of its warm-up are reported apart, or,
// for a route whose answers the store reads are few enough (RoutePlan.keys), a run asking each of them once.
// With `--writes-per-second N` the server writes, N times a second, copies of one coin's latest rows to trades,
// ticks, markets and balances (as a projection batch would; the copies change no answer but every kept answer
// read from those tables is computed again), so the figures show reads under live ingest.
//
// Two sections follow the per-route table, measured in the same run against a second app the server serves over the
// same stores, built as the service runs it (the free allowance of 120 requests a minute per visitor behind one
// trusted proxy, and the paywall):
//   Free allowance (allowance-section.ts): the `--allowance-routes` on the plain app and on the second app, in
//     alternating slices at `--concurrency`, every request from its own visitor (X-Forwarded-For); p50/p99 of each and
//     their ratios, against the target that the limiter adds under 5% to p99.
//   Paid calls (paid-section.ts): the server runs a devnet (real time, no simulated traffic) and the paywall over it;
//     each paid route gets `--paid-requests` requests at `--paid-concurrency`, each paid afresh with the official x402
//     client from funded payer wallets, beside the same route free on the plain app and the chain's own confirmation
//     time (SOL transfers at the same concurrency), and the paywall's verify and settle as timed in the server.
//
// A section "MCP tools" (mcp-section.ts), runs against a third app the server serves over the same stores: the
// service's app (buildServiceApp: the read API and the MCP tool server at POST /mcp), with no allowance on either and
// no paid calls. Each of the `--mcp-tools` is called free as JSON-RPC tools/call POSTs at `--concurrency`, its
// arguments drawn by its route's plan (mcp-tool-plans.ts), beside that route on the plain app in alternating
// slices; p50/p99/max of each, the p99 ratio, the tool's p99 against the table's target, server CPU per request,
// and failures (non-200, a JSON-RPC error or an isError result).
//
// The last section, "Site" (site-section.ts), opens coin pages of the plain app in headless Chromium, each in a fresh
// browser context, and times their first render (navigation to chart and trades drawn) against 1 s, with the page's
// compressed asset bytes against 300 KB.
//
//   npm run bench:api -- [--trades 1000000] [--coins 1000] [--days 35] [--concurrency 50] [--seconds 8]
//                        [--warmup-seconds 20] [--cold-seconds 3] [--max-requests 200000] [--writes-per-second 0]
//                        [--routes 'coins newest,trades'] [--seed 1]
//                        [--data-dir DIR]   (keep the store there and reuse it next run; a temp dir otherwise)
//                        [--charts DIR]     (p99 per route drawn as api-p99.svg there; docs/benchmarks by default)
//                        [--allowance-routes 'coin,trades,coins newest,hooks']   (each app gets --seconds a route,
//                                           after --warmup-seconds split between them)
//                        [--paid-requests 100] [--paid-concurrency 4]
//                        [--mcp-tools 'get_coin,search_coins,get_market_data,list_hooks,get_platform_stats']
//                                           (each side gets --seconds a tool, after --warmup-seconds split between them)
//                        [--site-loads 20]   (coin pages opened in headless Chromium for the site section)
//                        [--no-allowance] [--no-paid] [--no-mcp] [--no-site]   (skip a section; with --no-paid the server starts
//                                           no devnet, with the first two it serves no second app, with --no-mcp no
//                                           third)
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureAllowance } from './allowance-section.js';
import type { ServerArgs, ServerMessage } from './api-server-child.js';
import { BenchRandom } from './bench-random.js';
import { runEach, runRoute, summarise, type LatencySummary } from './load-client.js';
import { machineLine, machineWindow } from './machine-load.js';
import { measureMcp } from './mcp-section.js';
import { measureSite } from './site-section.js';
import { toolPlans } from './mcp-tool-plans.js';
import { measurePaid, PAID_ROUTES } from './paid-section.js';
import { routePlans, type RoutePlan } from './route-plan.js';
import { barChart, writeChart } from '../svg-chart.js';
import { failureText, ms, textTable } from './text-table.js';

const TARGET_P99_MS = 20;

const { values: flags } = parseArgs({
  options: {
    trades: { type: 'string', default: '1000000' },
    coins: { type: 'string', default: '1000' },
    days: { type: 'string', default: '35' },
    seed: { type: 'string', default: '1' },
    ideas: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '8' },
    'warmup-seconds': { type: 'string', default: '20' },
    'cold-seconds': { type: 'string', default: '3' },
    'writes-per-second': { type: 'string', default: '0' },
    'max-requests': { type: 'string', default: '200000' },
    routes: { type: 'string' },
    charts: { type: 'string', default: join('docs', 'benchmarks') },
    'data-dir': { type: 'string' },
    'allowance-routes': { type: 'string', default: 'coin,trades,coins newest,hooks' },
    'paid-requests': { type: 'string', default: '100' },
    'paid-concurrency': { type: 'string', default: '4' },
    'no-allowance': { type: 'boolean', default: false },
    'no-paid': { type: 'boolean', default: false },
    'mcp-tools': { type: 'string', default: 'get_coin,search_coins,get_market_data,list_hooks,get_platform_stats' },
    'no-mcp': { type: 'boolean', default: false },
    'site-loads': { type: 'string', default: '20' },
    'no-site': { type: 'boolean', default: false },
  },
});

const num = (name: Exclude<keyof typeof flags, 'no-allowance' | 'no-paid' | 'no-mcp' | 'mcp-tools' | 'no-site'>) => {
  const value = Number(flags[name]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a non-negative number`);
  return value;
};
const progress = (line: string) => process.stderr.write(`${line}\n`);

interface RouteFigures {
  name: string;
  cold: LatencySummary;
  measured: LatencySummary;
  failures: Map<string, number>;
  server: Extract<ServerMessage, { type: 'times' }>;
  coresBusy: number | null;
  load1: number;
}

function report(figures: RouteFigures[], header: string[]): string {
  const rows = figures.map((f) => {
    const per = (value: number) => (f.measured.count === 0 ? '-' : ms(value / f.measured.count));
    const verdict = f.measured.p99 <= TARGET_P99_MS ? 'ok' : `+${ms(f.measured.p99 - TARGET_P99_MS)}`;
    const failed = failureText(f.failures);
    return [
      f.name,
      String(f.measured.count),
      f.measured.perSecond.toFixed(0),
      ms(f.measured.p50),
      ms(f.measured.p99),
      ms(f.measured.max),
      verdict,
      ms(f.cold.p50),
      ms(f.cold.p99),
      (f.server.statements / Math.max(1, f.measured.count)).toFixed(1),
      per(f.server.runMs),
      per(f.server.waitMs),
      per(f.server.cpuMs),
      f.coresBusy === null ? '-' : f.coresBusy.toFixed(2),
      f.load1.toFixed(1),
      failed,
    ];
  });
  const head = [
    'route',
    'requests',
    'req/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    `p99 vs ${TARGET_P99_MS}`,
    'cold p50',
    'cold p99',
    'stmts/req',
    'engine ms/req',
    'queue ms/req',
    'server cpu ms/req',
    'cores busy',
    'load1',
    'non-200',
  ];
  return [...header, '', ...textTable(head, rows)].join('\n');
}

/** The plans of the routes named, in the order named; an unknown name is an error rather than a silent gap. */
function named(plans: RoutePlan[], names: string[]): RoutePlan[] {
  return names
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .map((name) => {
      const plan = plans.find((candidate) => candidate.name === name);
      if (plan === undefined) throw new Error(`no route named '${name}' (routes: ${plans.map((p) => p.name).join(', ')})`);
      return plan;
    });
}

async function main(): Promise<void> {
  const keep = flags['data-dir'];
  const dataDir = keep ?? mkdtempSync(join(tmpdir(), 'launchtape-api-bench-'));
  const args: ServerArgs = {
    dataDir,
    dataset: { coins: num('coins'), trades: num('trades'), days: num('days'), seed: num('seed') },
    ideas: num('ideas'),
    writesPerSecond: num('writes-per-second'),
    allowanceApp: !flags['no-allowance'],
    paid: !flags['no-paid'],
    mcpApp: !flags['no-mcp'],
  };
  const child = fork(fileURLToPath(new URL('./api-server-child.ts', import.meta.url)), [JSON.stringify(args)], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const next = <T extends ServerMessage['type']>(type: T) =>
    new Promise<Extract<ServerMessage, { type: T }>>((resolve, reject) => {
      const onMessage = (message: ServerMessage) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message as Extract<ServerMessage, { type: T }>);
      };
      child.on('message', onMessage);
      void exited.then((code) => reject(new Error(`the bench server exited (code ${code})`)));
    });

  const ask = async <T extends 'times' | 'paywall-times'>(type: T) => {
    const reply = next(type);
    child.send({ type });
    return reply;
  };

  try {
    const ready = await next('ready');
    const baseUrl = `http://127.0.0.1:${ready.port}/api/v1`;
    const allPlans = routePlans(ready.catalog);
    const wanted = flags.routes?.split(',').map((name) => name.trim());
    const plans = allPlans.filter((plan) => wanted === undefined || wanted.includes(plan.name));
    // Named before the table runs, so a misspelt route stops the bench now rather than after it.
    const allowancePlans = named(allPlans, flags['allowance-routes']!.split(','));
    const paidPlans = named(allPlans, Object.keys(PAID_ROUTES));
    const mcpPlans = toolPlans(allPlans, flags['mcp-tools']!.split(','));
    const budget = { concurrency: num('concurrency'), seconds: num('seconds'), maxRequests: num('max-requests') };
    const random = new BenchRandom(num('seed') + 3);
    const figures: RouteFigures[] = [];
    const startLine = machineLine();
    for (const plan of plans) {
      progress(`route ${plan.name}: warm-up`);
      const coldSeconds = Math.min(num('cold-seconds'), num('warmup-seconds'));
      const cold = summarise(
        plan.keys === undefined
          ? await runRoute(baseUrl, plan, { ...budget, seconds: coldSeconds }, random)
          : await runEach(baseUrl, plan.keys, budget.concurrency),
      );
      await runRoute(baseUrl, plan, { ...budget, seconds: num('warmup-seconds') - coldSeconds, maxRequests: budget.maxRequests * 10 }, random);
      await ask('times');
      const window = machineWindow();
      const run = await runRoute(baseUrl, plan, budget, random);
      const machine = window.end();
      const server = await ask('times');
      const measured = summarise(run);
      progress(`route ${plan.name}: ${measured.count} requests, p50 ${ms(measured.p50)} ms, p99 ${ms(measured.p99)} ms`);
      figures.push({ name: plan.name, cold, measured, failures: run.failures, server, ...machine });
    }
    const load = ready.load;
    const rows = Object.entries(load.rows).sort(([a], [b]) => a.localeCompare(b));
    const header = [
      `API read latency at ${budget.concurrency} concurrent requests, target p99 < ${TARGET_P99_MS} ms per route`,
      `dataset: ${args.dataset.coins.toLocaleString('en')} coins, ${args.dataset.trades.toLocaleString('en')} trades over ${args.dataset.days} days (seed ${args.dataset.seed}); ` +
        `${load.events.toLocaleString('en')} events folded by the read-model projectors${load.reused ? ' (store reused)' : ''} in ${load.seconds.toFixed(0)} s, health scored in ${load.healthSeconds.toFixed(0)} s; live views loaded in ${ready.warmSeconds.toFixed(1)} s before serving; heap after loading ${ready.heapMiB} MiB live, ${ready.rssMiB} MiB resident`,
      `rows: ${rows.map(([table, count]) => `${table} ${count.toLocaleString('en')}`).join(', ')}`,
      `active parts: ${Object.entries(ready.parts)
        .map(([table, parts]) => `${table} ${parts}`)
        .join(', ')}`,
      `machine at start: ${startLine}; at end: ${machineLine()}`,
      `per route: ${budget.seconds} s or ${budget.maxRequests} requests after a ${num('warmup-seconds')} s warm-up (cold = its first ${num('cold-seconds')} s, ` +
        `or each of its answers read from the store asked once where they are few: holders, health, rewards, wallet rewards, creators); ` +
        `engine/queue = the analytics store's statements (chDB runs one at a time); the app without the free allowance or paid calls; ` +
        (args.writesPerSecond > 0
          ? `${args.writesPerSecond} trades a second appended again to the log throughout (the projections write them again; the views take them as seen)`
          : 'no writes (a settled store)'),
    ];
    process.stdout.write(`${report(figures, header)}\n`);
    const chart = join(flags.charts, 'api-p99.svg');
    const bars = figures.map((f) => ({ label: f.name, value: f.measured.p99 }));
    writeChart(chart, barChart(`API read p99 per route at ${budget.concurrency} concurrent requests (target ${TARGET_P99_MS} ms)`, bars, 'ms'));
    process.stdout.write(`p99 per route drawn in ${chart}\n`);

    const secondUrl = ready.allowancePort === null ? null : `http://127.0.0.1:${ready.allowancePort}/api/v1`;
    if (!flags['no-allowance'] && secondUrl !== null) {
      const section = await measureAllowance({
        plainUrl: baseUrl,
        allowanceUrl: secondUrl,
        plans: allowancePlans,
        budget,
        warmupSeconds: num('warmup-seconds'),
        paywall: ready.chain !== null,
        random,
        serverCpuMs: async () => (await ask('times')).cpuMs,
        progress,
      });
      process.stdout.write(`\n${section}\n`);
    }
    if (ready.chain !== null && secondUrl !== null) {
      const section = await measurePaid({
        plainUrl: baseUrl,
        paidUrl: secondUrl,
        chain: ready.chain,
        plans: paidPlans,
        requests: num('paid-requests'),
        concurrency: Math.max(1, num('paid-concurrency')),
        random,
        paywallTimes: () => ask('paywall-times'),
        progress,
      });
      process.stdout.write(`\n${section}\n`);
    }
    if (ready.mcpPort !== null) {
      const section = await measureMcp({
        plainUrl: baseUrl,
        mcpUrl: `http://127.0.0.1:${ready.mcpPort}/mcp`,
        plans: mcpPlans,
        budget,
        warmupSeconds: num('warmup-seconds'),
        targetP99Ms: TARGET_P99_MS,
        random,
        serverCpuMs: async () => (await ask('times')).cpuMs,
        progress,
      });
      process.stdout.write(`\n${section}\n`);
    }
    if (!flags['no-site']) {
      const origin = `http://127.0.0.1:${ready.port}`;
      const section = await measureSite({ origin, coins: ready.catalog.coins, loads: num('site-loads'), random, progress });
      process.stdout.write(`\n${section}\n`);
    }
  } finally {
    child.send({ type: 'stop' });
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) child.kill();
    if (keep === undefined) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:api failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
