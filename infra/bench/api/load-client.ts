// A fixed number of requests in flight against one route: each of `concurrency` loops sends a request, reads
// the whole answer, records the time from send to last byte, and sends the next, until the time or request
// budget is spent (requests already sent are finished, not cut). `runRoute` GETs a route plan's URLs; `runLoop`
// sends whatever request the caller draws and counts each answer as the caller judges it (the MCP section POSTs tool
// calls and reads their bodies). Requests go through node:http with a keep-alive agent of one connection per loop,
// as a real client reuses its connection; it costs the client less CPU than fetch, which matters when client and
// server share a small machine. Requests may carry headers (the allowance bench sends each from its own visitor
// with X-Forwarded-For; the paid bench sends PAYMENT-SIGNATURE).
import { Agent, request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import type { BenchRandom } from './bench-random.js';
import type { RoutePlan } from './route-plan.js';

export interface RouteRun {
  /** Milliseconds from send to the answer's last byte, of every answered request. */
  latencies: number[];
  /** Answers other than 200, by status ("error" when the request failed). */
  failures: Map<string, number>;
  seconds: number;
}

export interface RunBudget {
  concurrency: number;
  seconds: number;
  maxRequests: number;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body's bytes, only when asked for (reading it costs the client CPU the latency run should not pay; decoding
   * it as text is left to whoever needs the text). */
  body: Buffer | null;
}

/** GET `url` with optional `headers`; resolves once the whole body has arrived. */
export function get(agent: Agent, url: string, headers?: OutgoingHttpHeaders, keepBody = false): Promise<Answer> {
  return send(agent, url, 'GET', headers, null, keepBody);
}

/** POST `body` to `url`; resolves once the whole answer has arrived, its body kept. */
export function post(agent: Agent, url: string, body: string, headers: OutgoingHttpHeaders): Promise<Answer> {
  return send(agent, url, 'POST', { ...headers, 'content-length': Buffer.byteLength(body) }, body, true);
}

function send(agent: Agent, url: string, method: string, headers: OutgoingHttpHeaders | undefined, body: string | null, keepBody: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, method, headers }, (res) => {
      const chunks: Buffer[] | null = keepBody ? [] : null;
      res.on('data', chunks === null ? () => {} : (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: chunks === null ? null : Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

/** Headers for one request (drawn per request, e.g. its visitor's address). */
export type RequestHeaders = () => OutgoingHttpHeaders;

export function runRoute(baseUrl: string, plan: RoutePlan, budget: RunBudget, random: BenchRandom, headers?: RequestHeaders): Promise<RouteRun> {
  return runLoop(budget, () => {
    const url = `${baseUrl}${plan.url(random)}`;
    const extra = headers?.();
    return (agent) => get(agent, url, extra);
  });
}

/** Each of `urls` asked once, `concurrency` at a time. */
export function runEach(baseUrl: string, urls: readonly string[], concurrency: number): Promise<RouteRun> {
  let next = 0;
  return runLoop({ concurrency, seconds: 3_600, maxRequests: urls.length }, () => {
    const url = `${baseUrl}${urls[next++ % urls.length]}`;
    return (agent) => get(agent, url);
  });
}

/** Draws the next request (before its clock starts); what it returns sends it. */
export type DrawRequest = () => (agent: Agent) => Promise<Answer>;
/** What an answer counts as: '200' when it is a success, else the failure to count it under. */
export type JudgeAnswer = (answer: Answer) => string;

const byStatus: JudgeAnswer = (answer) => String(answer.status);

/** `budget.concurrency` loops sending the requests `draw` gives, each timed from send to its answer's last byte
 * (judging it comes after the clock stops); a request that fails to send or answer counts as 'error'. */
export async function runLoop(budget: RunBudget, draw: DrawRequest, judge: JudgeAnswer = byStatus): Promise<RouteRun> {
  const agent = new Agent({ keepAlive: true, maxSockets: budget.concurrency });
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const started = performance.now();
  const deadline = started + budget.seconds * 1000;
  let issued = 0;
  const loop = async () => {
    while (issued < budget.maxRequests && performance.now() < deadline) {
      issued += 1;
      const send = draw();
      const sent = performance.now();
      let answer: Answer | null;
      try {
        answer = await send(agent);
      } catch {
        answer = null;
      }
      latencies.push(performance.now() - sent);
      const outcome = answer === null ? 'error' : judge(answer);
      if (outcome !== '200') failures.set(outcome, (failures.get(outcome) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: budget.concurrency }, loop));
  agent.destroy();
  return { latencies, failures, seconds: (performance.now() - started) / 1000 };
}

export interface LatencySummary {
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles. */
export function summarise(run: Pick<RouteRun, 'latencies' | 'seconds'>): LatencySummary {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
  return { count: sorted.length, perSecond: sorted.length / run.seconds, p50: rank(0.5), p99: rank(0.99), max: sorted.at(-1) ?? NaN };
}
