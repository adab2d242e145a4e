// The "Paid calls" section: real payments verified and settled on a devnet. Payer wallets are funded from its
// faucets; then each paid route gets a short free run on the plain app (the read alone), a few paid requests to warm
// the paid path, `requests` paid requests at `concurrency` (paid-requests.ts), and as many SOL transfers straight
// to the devnet at the same concurrency (chain-confirmation.ts). The point to show: what a paid request adds over
// the free read is about the chain's own confirmation. The paywall's verify and settle, timed in the server
// (paywall-times.ts), split the paid time further.
import type { PaywallSample } from './paywall-times.js';
import type { BenchRandom } from './bench-random.js';
import { timeConfirmations } from './chain-confirmation.js';
import { CONFIRM_POLL_MS } from './chain-wait.js';
import { runRoute, summarise, type LatencySummary } from './load-client.js';
import { machineWindow } from './machine-load.js';
import type { PaidChain } from './paid-calls-devnet.js';
import { runPaid } from './paid-requests.js';
import { fundPayers, stablecoinBalance } from './payer-wallets.js';
import type { RoutePlan } from './route-plan.js';
import { failureText, ms, textTable } from './text-table.js';
import { VisitorPool } from './visitor-pool.js';

/** The paid routes by route-plan name, with their tier as the API's routes declare it (spec 5.1). */
export const PAID_ROUTES: Record<string, 'basic' | 'premium'> = { holders: 'basic', 'wallet rewards': 'basic', creators: 'basic', health: 'premium' };
/** The free read each paid route is compared with: a short run on the plain app after a short warm-up. */
const FREE_WARMUP_SECONDS = 1;
const FREE_SECONDS = 3;

export interface PaidBench {
  plainUrl: string;
  /** The app as served, with the paywall. */
  paidUrl: string;
  chain: PaidChain;
  /** The paid routes' plans. */
  plans: RoutePlan[];
  requests: number;
  concurrency: number;
  random: BenchRandom;
  /** The paywall's verify and settle times in the server since the last ask. */
  paywallTimes(): Promise<PaywallSample>;
  progress(line: string): void;
}

interface PaidFigures {
  name: string;
  price: bigint;
  paid: LatencySummary;
  paidFailures: Map<string, number>;
  free: LatencySummary;
  freeFailures: Map<string, number>;
  chain: LatencySummary;
  chainFailures: Map<string, number>;
  verify: LatencySummary;
  settle: LatencySummary;
  refused: number;
  load1: number;
}

const percentiles = (values: number[]) => summarise({ latencies: values, seconds: 1 });

export async function measurePaid(bench: PaidBench): Promise<string> {
  const { chain, concurrency, requests } = bench;
  const priceOf = (plan: RoutePlan) => BigInt(chain.prices[PAID_ROUTES[plan.name]!]);
  // One payer per loop; each holds enough for every payment of the section (warm-ups included), so no loop runs dry
  // whichever share of the requests it ends up sending.
  const need = bench.plans.reduce((sum, plan) => sum + priceOf(plan) * BigInt(requests + concurrency), 0n);
  bench.progress(`paid: funding ${concurrency} payer wallets with ${need.toLocaleString('en')} raw units of the stablecoin each`);
  const payers = await fundPayers(chain, concurrency, need);
  const visitors = new VisitorPool(172);
  const figures: PaidFigures[] = [];
  // What the payment wallet must have received at the end: the price of every request answered as settled.
  const received = await stablecoinBalance(chain, chain.payTo);
  let settledValue = 0n;
  for (const plan of bench.plans) {
    bench.progress(`paid ${plan.name}: free on the plain app`);
    const free = { concurrency, maxRequests: Number.MAX_SAFE_INTEGER };
    await runRoute(bench.plainUrl, plan, { ...free, seconds: FREE_WARMUP_SECONDS }, bench.random);
    const freeRun = await runRoute(bench.plainUrl, plan, { ...free, seconds: FREE_SECONDS }, bench.random);
    bench.progress(`paid ${plan.name}: ${requests} paid requests`);
    const warm = await runPaid(bench.paidUrl, plan, payers, concurrency, concurrency, bench.random, visitors);
    await bench.paywallTimes();
    const window = machineWindow();
    const paidRun = await runPaid(bench.paidUrl, plan, payers, requests, concurrency, bench.random, visitors);
    settledValue += priceOf(plan) * BigInt(warm.settled + paidRun.settled);
    const paywall = await bench.paywallTimes();
    bench.progress(`paid ${plan.name}: ${requests} transfers straight to the chain`);
    const chainRun = await timeConfirmations(
      chain.rpcUrl,
      payers.map((payer) => payer.signer),
      chain.feePayer,
      requests,
      concurrency,
      bench.random,
    );
    const row: PaidFigures = {
      name: plan.name,
      price: priceOf(plan),
      paid: summarise(paidRun),
      paidFailures: paidRun.failures,
      free: summarise(freeRun),
      freeFailures: freeRun.failures,
      chain: summarise(chainRun),
      chainFailures: chainRun.failures,
      verify: percentiles(paywall.verifyMs),
      settle: percentiles(paywall.settleMs),
      refused: paywall.refused,
      load1: window.end().load1,
    };
    bench.progress(`paid ${plan.name}: paid p50 ${ms(row.paid.p50)} ms, chain p50 ${ms(row.chain.p50)} ms`);
    figures.push(row);
  }

  // Settlement waits for confirmed, so every settled payment is already in the balance.
  const moved = (await stablecoinBalance(chain, chain.payTo)) - received;
  const ledger =
    moved === settledValue
      ? `settlement check: the payment wallet received ${moved.toLocaleString('en')} raw units, the price of every request answered as settled (warm-ups included)`
      : `settlement check FAILED: the payment wallet received ${moved.toLocaleString('en')} raw units, the requests answered as settled cost ${settledValue.toLocaleString('en')}`;
  const rows = figures.map((f) => [
    f.name,
    `$${(Number(f.price) / 1e6).toFixed(2)}`,
    String(f.paid.count),
    ms(f.paid.p50),
    ms(f.paid.p99),
    ms(f.paid.max),
    ms(f.free.p50),
    ms(f.free.p99),
    ms(f.paid.p50 - f.free.p50),
    ms(f.chain.p50),
    ms(f.paid.p50 - f.free.p50 - f.chain.p50),
    ms(f.chain.p99),
    ms(f.verify.p50),
    ms(f.verify.p99),
    ms(f.settle.p50),
    ms(f.settle.p99),
    f.load1.toFixed(1),
    failureText(f.paidFailures) || '0',
    [failureText(f.freeFailures), failureText(f.chainFailures), f.refused > 0 ? `${f.refused} refused by the paywall` : ''].filter(Boolean).join('; ') || '0',
  ]);
  const head = [
    'route',
    'price',
    'paid reqs',
    'paid p50 ms',
    'p99 ms',
    'max ms',
    'free p50 ms',
    'free p99 ms',
    'added p50 ms',
    'chain p50 ms',
    'added - chain',
    'chain p99 ms',
    'verify p50 ms',
    'verify p99',
    'settle p50 ms',
    'settle p99',
    'load1',
    'paid not settled',
    'other failures',
  ];
  return [
    'Paid calls: x402 payments verified and settled on a devnet (real time, 400 ms slots, a transaction confirmed one slot after it lands, no other traffic)',
    `per route: ${requests} paid requests at ${concurrency} in flight from ${payers.length} payer wallets, each paid afresh by the official client (@x402/fetch x402Client, @x402/svm exact scheme) ` +
      `and sent at a random point of a slot, timed from send to last byte (the signing and the pause before it are not), on the app as served, after ${concurrency} warm-up payments`,
    `free = the same route unpaid on the plain app, ${FREE_SECONDS} s at ${concurrency} in flight; added = paid p50 - free p50, and what it adds to the chain's p50; ` +
      `chain = ${requests} SOL transfers sent to the devnet's RPC at ${concurrency} in flight, each at a random point of a slot, send to confirmed (getSignatureStatuses every ${CONFIRM_POLL_MS} ms)`,
    "verify / settle = the paywall's own calls timed in the server: verify (price, signatures, a simulation on the chain, the payment record), " +
      'settle (fee-payer signature, send, wait for confirmation as the paywall polls, the record)',
    ledger,
    '',
    ...textTable(head, rows),
  ].join('\n');
}
