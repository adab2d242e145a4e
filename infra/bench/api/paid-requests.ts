// Paid requests to one route at a fixed concurrency, each paid afresh with the official x402 client: the payer
// signs a payment for the route's 402 (its requirements carry a recent blockhash the payment is built on; one 402 is
// fetched per route and used for 5 s of payments, well inside the blockhash's ~60 s), then the request goes out
// with PAYMENT-SIGNATURE, after a pause to a random point of a slot (chain-wait.ts says why), and only that request
// is timed, from send to the answer's last byte: verification, the read, settlement on the chain and HTTP. An answer counts as paid only when it is a 200 whose PAYMENT-RESPONSE
// reports a successful settlement; anything else is counted by kind.
import { Agent } from 'node:http';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import type { BenchRandom } from './bench-random.js';
import { randomSlotPhase } from './chain-wait.js';
import { get, type RouteRun } from './load-client.js';
import type { Payer } from './payer-wallets.js';
import type { RoutePlan } from './route-plan.js';
import type { VisitorPool } from './visitor-pool.js';

/** How long one 402's requirements are used for new payments. */
const CHALLENGE_REUSE_MS = 5_000;

/** Latencies of every paid request answered, failures = answers that were not a settled 200, by kind. */
export interface PaidRun extends RouteRun {
  /** Requests answered 200 with a successful settlement. */
  settled: number;
}

/** The route's payment requirements, as its unpaid answer (402) states them in PAYMENT-REQUIRED. */
async function challengeOf(agent: Agent, url: string, visitor: string): Promise<PaymentRequired> {
  const answer = await get(agent, url, { 'x-forwarded-for': visitor });
  const header = answer.headers['payment-required'];
  if (typeof header !== 'string') throw new Error(`the unpaid ${url} answered ${answer.status} without PAYMENT-REQUIRED`);
  return decodePaymentRequiredHeader(header);
}

/** What went wrong with an answer, short enough to count by. */
function failureOf(status: number, body: string | null, receipt: string | undefined): string | null {
  if (status === 200) {
    if (receipt === undefined) return '200 without PAYMENT-RESPONSE';
    const settled = decodePaymentResponseHeader(receipt);
    return settled.success ? null : `200 settlement ${settled.errorReason ?? 'failed'}`;
  }
  let error = '';
  try {
    error = (JSON.parse(body ?? '') as { error?: string }).error ?? '';
  } catch {
    // not a JSON error body: the status says enough
  }
  return `${status}${error ? ` (${error.slice(0, 60)})` : ''}`;
}

export async function runPaid(
  baseUrl: string,
  plan: RoutePlan,
  payers: Payer[],
  requests: number,
  concurrency: number,
  random: BenchRandom,
  visitors: VisitorPool,
): Promise<PaidRun> {
  const challengeAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  let challenge: { at: number; required: Promise<PaymentRequired> } | null = null;
  const current = () => {
    if (challenge === null || performance.now() - challenge.at > CHALLENGE_REUSE_MS) {
      challenge = { at: performance.now(), required: challengeOf(challengeAgent, `${baseUrl}${plan.url(random)}`, visitors.next()) };
    }
    return challenge.required;
  };
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const count = (kind: string) => failures.set(kind, (failures.get(kind) ?? 0) + 1);
  let settled = 0;
  const started = performance.now();
  let issued = 0;
  const loop = async (index: number) => {
    const payer = payers[index % payers.length]!;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    while (issued < requests) {
      issued += 1;
      let payment: string;
      try {
        payment = encodePaymentSignatureHeader(await payer.client.createPaymentPayload(await current()));
      } catch (error) {
        count(`not signed (${String(error).slice(0, 60)})`);
        continue;
      }
      const url = `${baseUrl}${plan.url(random)}`;
      const headers = { 'payment-signature': payment, 'x-forwarded-for': visitors.next() };
      await randomSlotPhase(random);
      const sent = performance.now();
      try {
        const answer = await get(agent, url, headers, true);
        latencies.push(performance.now() - sent);
        const failure = failureOf(answer.status, answer.body?.toString() ?? null, answer.headers['payment-response'] as string | undefined);
        if (failure === null) settled += 1;
        else count(failure);
      } catch {
        latencies.push(performance.now() - sent);
        count('error');
      }
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: concurrency }, (_, i) => loop(i)));
  challengeAgent.destroy();
  return { latencies, failures, settled, seconds: (performance.now() - started) / 1000 };
}
