// Paid calls and the free allowance on the HTTP API (spec 5.1, 5.2, 7, 8), as hooks each /api/v1 route gets when it
// is declared (launch steps keep their own limits and get none), with the route's price fixed then:
//   onRequest   counts the request against its visitor's allowance, publishes the RateLimit fields, and answers 429
//               past the allowance unless the request carries a payment
//   preHandler  after the parameters validated (a 400 never touches a payment): a call with a price (a paid tier, or
//               any read past the allowance) naming an unknown coin is answered 404 (named-coins.ts); else it needs a
//               payment for it: 402 with PAYMENT-REQUIRED without one, else verified
//   onSend      a successful answer settles its payment and carries PAYMENT-RESPONSE; a settlement that fails turns
//               the answer into a 402 (the data are not sent); a failed call is never charged
// The hooks are in callback style with a synchronous fast path, so a free request within its allowance costs no
// promise and no per-request lookup of its route.
import { decodePaymentSignatureHeader, encodePaymentRequiredHeader, encodePaymentResponseHeader } from '@x402/core/http';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';
import type { ApiContext } from '../deps.js';
import { API_PREFIX } from '../openapi.js';
import { Allowance } from './allowance.js';
import type { Paywall, VerifiedPayment } from './paywall.js';
import { unknownCoin } from './named-coins.js';
import { callPrice, dollars, type Tier } from './tiers.js';
import { visitorOf } from './visitor.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The paid tier of a route; free routes leave it out. */
    tier?: Tier;
  }
  interface FastifyRequest {
    /** The request is past its visitor's free allowance. */
    pastAllowance: boolean;
    /** The verified payment this request pays with. */
    payment: VerifiedPayment | null;
  }
}

/** How paid calls are served: through a paywall, refused because the service cannot take payments now (no fee-payer
 * key), or, when left out, not enforced at all (every read free: tests and tools that serve reads without a chain). */
export type PaidCalls = Paywall | 'unavailable' | undefined;

export interface HttpPaymentsDeps {
  ctx: ApiContext;
  paidCalls: PaidCalls;
}

const LAUNCH_STEPS = `${API_PREFIX}/launch/`;

/** What a payment for this request pays for: its route and path; the query is left out (a payment names the resource
 * it pays for, whatever parameters the call is made with). */
function resourceOf(request: FastifyRequest): string {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}

type Hooks<T> = T | T[] | undefined;
const withHook = <T>(hooks: Hooks<T>, hook: T): T[] => [...(hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]), hook];

export function installPayments(api: FastifyInstance, deps: HttpPaymentsDeps): void {
  const { ctx, paidCalls: paywall } = deps;
  const config = ctx.config;
  const allowance = config.allowance.perMinute > 0 ? new Allowance(config.allowance.perMinute) : null;
  api.decorateRequest('pastAllowance', false);
  api.decorateRequest('payment', null);

  api.addHook('onRoute', (route: RouteOptions) => {
    if (route.url.startsWith(LAUNCH_STEPS)) return;
    const tier = route.config?.tier;
    /** What a request of this route costs, or null when it is free. */
    const priceOf = (request: FastifyRequest): bigint | null => (paywall === undefined ? null : callPrice(config, tier, request.pastAllowance));
    if (allowance) route.onRequest = withHook(route.onRequest, countVisit(allowance, priceOf));
    if (paywall !== undefined) {
      route.preHandler = withHook(route.preHandler, checkPrice(paywall, priceOf));
      if (paywall !== 'unavailable') route.onSend = withHook(route.onSend, settleAnswer(paywall, priceOf));
    }
  });

  function countVisit(allowance: Allowance, priceOf: (request: FastifyRequest) => bigint | null): onRequestHookHandler {
    return (request, reply, done) => {
      const use = allowance.take(visitorOf(request.ip), ctx.now().getTime());
      reply.header('RateLimit-Policy', allowance.policy).header('RateLimit', allowance.field(use));
      if (!use.exceeded) return done();
      request.pastAllowance = true;
      const price = priceOf(request);
      const payable = price !== null && paywall !== 'unavailable';
      if (payable && request.headers['payment-signature'] !== undefined) return done();
      reply.header('Retry-After', String(use.resetSeconds));
      const offer = payable ? `, or pay $${dollars(price)} for this request with x402 (see PAYMENT-REQUIRED)` : '';
      const error = `too many requests: the free allowance is ${allowance.perMinute} requests a minute; try again in ${use.resetSeconds} s${offer}`;
      refuse(request, reply, 429, error, payable ? price : null).catch(done);
    };
  }

  function checkPrice(gate: Paywall | 'unavailable', priceOf: (request: FastifyRequest) => bigint | null): preHandlerHookHandler {
    return (request, reply, done) => {
      const price = priceOf(request);
      if (price === null) return done();
      if (gate === 'unavailable') {
        reply.code(503).send({ error: 'paid calls are not available on this service right now; try again later' });
        return;
      }
      const unknown = unknownCoin(ctx, { ...(request.params as object), ...(request.query as object) });
      if (unknown !== null) {
        reply.code(404).send({ error: unknown });
        return;
      }
      verifyPayment(gate, request, reply, price).then((verified) => {
        if (verified === null) return; // answered with the refusal
        request.payment = verified;
        done();
      }, done);
    };
  }

  /** The payment a priced call offers, verified; null once the call is answered 402 with the reason. */
  async function verifyPayment(gate: Paywall, request: FastifyRequest, reply: FastifyReply, price: bigint): Promise<VerifiedPayment | null> {
    const header = request.headers['payment-signature'];
    if (typeof header !== 'string' || request.method === 'HEAD') {
      await refuse(request, reply, 402, `payment required: this call costs $${dollars(price)}, paid with x402 (see PAYMENT-REQUIRED)`, price);
      return null;
    }
    let offered: unknown;
    try {
      offered = decodePaymentSignatureHeader(header);
    } catch {
      await refuse(request, reply, 402, 'the PAYMENT-SIGNATURE header is not a base64 JSON x402 payment payload', price);
      return null;
    }
    const verified = await gate.verify(price, resourceOf(request), offered);
    if (verified.ok) return verified;
    await refuse(request, reply, 402, verified.error, price);
    return null;
  }

  function settleAnswer(gate: Paywall, priceOf: (request: FastifyRequest) => bigint | null): onSendHookHandler {
    return (request, reply, payload, done) => {
      const payment = request.payment;
      if (payment === null) return done(null, payload);
      request.payment = null;
      settled(gate, request, reply, payment, payload, priceOf(request)).then((answer) => done(null, answer), done);
    };
  }

  /** A successful answer settles its payment and carries the receipt; an answer that failed charges nothing; a
   * settlement that fails replaces the answer with a 402 (the data are not sent). */
  async function settled(
    gate: Paywall,
    request: FastifyRequest,
    reply: FastifyReply,
    payment: VerifiedPayment,
    payload: unknown,
    price: bigint | null,
  ): Promise<unknown> {
    if (reply.statusCode < 200 || reply.statusCode >= 300) {
      await gate.release(payment);
      return payload;
    }
    const settlement = await gate.settle(payment);
    if (settlement.ok) {
      reply.header('PAYMENT-RESPONSE', encodePaymentResponseHeader(settlement.receipt));
      return payload;
    }
    reply.code(402).header('Cache-Control', 'no-store');
    if (price !== null) reply.header('PAYMENT-REQUIRED', encodePaymentRequiredHeader(await gate.challenge(price, resourceOf(request), settlement.error)));
    if (settlement.settlement) reply.header('PAYMENT-RESPONSE', encodePaymentResponseHeader(settlement.settlement));
    return JSON.stringify({ error: settlement.error });
  }

  /** Answer `{ error }` with `status`, naming the price in PAYMENT-REQUIRED when there is one to pay. */
  async function refuse(request: FastifyRequest, reply: FastifyReply, status: 402 | 429, error: string, price: bigint | null): Promise<void> {
    if (paywall !== undefined && paywall !== 'unavailable' && price !== null) {
      reply.header('PAYMENT-REQUIRED', encodePaymentRequiredHeader(await paywall.challenge(price, resourceOf(request), error)));
    }
    reply.code(status).header('Cache-Control', 'no-store').send({ error });
  }
}
