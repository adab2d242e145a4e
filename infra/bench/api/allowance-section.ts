// The "Free allowance" section: what counting a visitor's requests costs a free request. Each route runs on the plain
// app (no allowance) and on the app as served (120 requests a minute per visitor behind one trusted proxy, the
// paywall on), in alternating slices (alternating-slices.ts), each after the same warm-up. Every request, to either
// app, comes from the next visitor of a pool (X-Forwarded-For; the plain app ignores it), large enough that no
// visitor passes the allowance, so both should answer only 200s.
import { Agent } from 'node:http';
import { alternate, cpuMicros, slicing, type SideFigures } from './alternating-slices.js';
import { BENCH_ALLOWANCE } from './bench-allowance.js';
import type { BenchRandom } from './bench-random.js';
import { get, runRoute, type RequestHeaders, type RunBudget } from './load-client.js';
import type { RoutePlan } from './route-plan.js';
import { failureText, ms, textTable } from './text-table.js';
import { VisitorPool } from './visitor-pool.js';

/** The target: the limiter adds under 5% to p99. */
const TARGET_RATIO = 1.05;

export interface AllowanceBench {
  plainUrl: string;
  allowanceUrl: string;
  plans: RoutePlan[];
  /** Concurrency, seconds each app gets per route, and the request cap per route. */
  budget: RunBudget;
  warmupSeconds: number;
  /** Whether the allowance app holds a paywall (else its paid calls are 'unavailable'). */
  paywall: boolean;
  random: BenchRandom;
  /** The server's CPU since the last ask, in ms. */
  serverCpuMs(): Promise<number>;
  progress(line: string): void;
}

interface AllowanceFigures {
  name: string;
  plain: SideFigures;
  allowance: SideFigures;
}

/** Asks the allowance app twice as one visitor and once as another, and the plain app once: the counted answers
 * must carry the policy and count down per visitor (X-Forwarded-For followed), the plain app's none. */
async function checkAllowance(bench: AllowanceBench, plan: RoutePlan): Promise<string> {
  const agent = new Agent({ keepAlive: false });
  const ask = async (base: string, visitor: string) => (await get(agent, `${base}${plan.url(bench.random)}`, { 'x-forwarded-for': visitor })).headers;
  const first = await ask(bench.allowanceUrl, '192.0.2.1');
  const second = await ask(bench.allowanceUrl, '192.0.2.1');
  const other = await ask(bench.allowanceUrl, '192.0.2.2');
  const plain = await ask(bench.plainUrl, '192.0.2.3');
  agent.destroy();
  const q = BENCH_ALLOWANCE.perMinute;
  const remaining = (headers: typeof first) => /r=(\d+)/.exec(String(headers.ratelimit ?? ''))?.[1];
  const problems = [
    first['ratelimit-policy'] === `free;q=${q};w=60` ? null : `RateLimit-Policy ${String(first['ratelimit-policy'])}`,
    remaining(first) === String(q - 1) && remaining(second) === String(q - 2)
      ? null
      : `one visitor's RateLimit ${String(first.ratelimit)}, then ${String(second.ratelimit)}`,
    remaining(other) === String(q - 1) ? null : `another visitor's RateLimit ${String(other.ratelimit)}`,
    plain.ratelimit === undefined ? null : `the plain app counts too (${String(plain.ratelimit)})`,
  ].filter((problem) => problem !== null);
  return problems.length === 0
    ? `check: counted answers carry RateLimit-Policy ${String(first['ratelimit-policy'])} and count down per X-Forwarded-For visitor (${String(first.ratelimit)}, then ${String(second.ratelimit)}); the plain app's carry none`
    : `check FAILED: ${problems.join('; ')}`;
}

export async function measureAllowance(bench: AllowanceBench): Promise<string> {
  const visitors = new VisitorPool(10);
  const headers: RequestHeaders = () => ({ 'x-forwarded-for': visitors.next() });
  const urls = { plain: bench.plainUrl, allowance: bench.allowanceUrl };
  const { rounds, slice } = slicing(bench.budget);
  const check = bench.plans.length > 0 ? await checkAllowance(bench, bench.plans[0]!) : 'check: no route';
  const figures: AllowanceFigures[] = [];
  let peakRate = 0;
  for (const plan of bench.plans) {
    bench.progress(`allowance ${plan.name}: warm-up`);
    for (const url of [urls.plain, urls.allowance]) {
      await runRoute(url, plan, { ...bench.budget, seconds: bench.warmupSeconds / 2, maxRequests: bench.budget.maxRequests * 10 }, bench.random, headers);
    }
    await bench.serverCpuMs();
    const run = (app: keyof typeof urls, budget: RunBudget) => runRoute(urls[app], plan, budget, bench.random, headers);
    const sides = await alternate(['plain', 'allowance'], { rounds, slice }, run, bench.serverCpuMs);
    peakRate = Math.max(peakRate, sides.allowance.peakPerSecond);
    const row = { name: plan.name, ...sides };
    bench.progress(`allowance ${plan.name}: p99 ${ms(row.plain.p99)} ms plain, ${ms(row.allowance.p99)} ms with the allowance`);
    figures.push(row);
  }

  const ratio = (a: number, b: number) => (b / a).toFixed(2);
  const rows = figures.map(({ name, plain, allowance }) => [
    name,
    String(plain.count),
    ms(plain.p50),
    ms(plain.p99),
    String(allowance.count),
    ms(allowance.p50),
    ms(allowance.p99),
    ratio(plain.p50, allowance.p50),
    ratio(plain.p99, allowance.p99),
    allowance.p99 <= plain.p99 * TARGET_RATIO ? 'ok' : `+${((allowance.p99 / plain.p99 - 1) * 100).toFixed(0)}%`,
    cpuMicros(plain),
    cpuMicros(allowance),
    failureText(plain.failures) || '0',
    failureText(allowance.failures) || '0',
  ]);
  const head = [
    'route',
    'plain reqs',
    'p50 ms',
    'p99 ms',
    'allowance reqs',
    'p50 ms',
    'p99 ms',
    'p50 ratio',
    'p99 ratio',
    `p99 +<${Math.round((TARGET_RATIO - 1) * 100)}%`,
    'plain cpu µs/req',
    'allowance cpu µs/req',
    'non-200 plain',
    'non-200 allowance',
  ];
  const perVisitor = Math.ceil((peakRate * 60) / visitors.size);
  return [
    'Free allowance: what counting visitors costs a free request',
    `allowance app: ${BENCH_ALLOWANCE.perMinute} requests a minute per visitor, ${BENCH_ALLOWANCE.trustedProxies} trusted proxy (request.ip from X-Forwarded-For), ${bench.paywall ? 'the paywall on' : "paid calls 'unavailable' (--no-paid)"}; plain app: neither`,
    `per route: a ${bench.warmupSeconds / 2} s warm-up on each app, then ${rounds} slice${rounds === 1 ? '' : 's'} of ${slice.seconds.toFixed(1)} s on each, the two apps taking turns (each round the other goes first), ` +
      `at ${bench.budget.concurrency} concurrent requests; server cpu = the server process's CPU over its app's slices`,
    `visitors: ${visitors.size.toLocaleString('en')} addresses in turn on both apps; at the fastest allowance slice (${peakRate.toFixed(0)} req/s) each makes about ${perVisitor} requests a minute`,
    check,
    '',
    ...textTable(head, rows),
  ].join('\n');
}
