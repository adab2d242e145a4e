// Paid calls and the free allowance on the HTTP API (spec 5.1, 5.2, 7, 8), as Fastify hooks on the /api/v1 routes:
//   onRequest   counts the request against its visitor's allowance (launch steps keep their own limits), publishes
//               the RateLimit fields, and answers 429 past the allowance unless the request carries a payment
//   preHandler  after the parameters validated (a 400 never touches a payment): a call with a price (a paid tier, or
//               any read past the allowance) needs a payment: 402 with PAYMENT-REQUIRED without one, else verified
//   onSend      a successful answer settles its payment and carries PAYMENT-RESPONSE; a settlement that fails turns
//               the answer into a 402 (the data are not sent); a failed call is never charged
import { decodePaymentSignatureHeader, encodePaymentRequiredHeader, encodePaymentResponseHeader } from '@x402/core/http';
import type { SettleResponse } from '@x402/core/types';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../schemas/config.js';
import { API_PREFIX } from '../openapi.js';
import { Allowance } from './allowance.js';
import type { Paywall, VerifiedPayment } from './paywall.js';
import { dollars, pastAllowancePrice, tierPrice, type PaymentsConfig, type Tier } from './tiers.js';
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
  config: PaymentsConfig & Pick<Config, 'allowance'>;
  paidCalls: PaidCalls;
  now: () => Date;
}

const LAUNCH_STEPS = `${API_PREFIX}/launch/`;

export function installPayments(api: FastifyInstance, deps: HttpPaymentsDeps): void {
  const { config, paidCalls: paywall } = deps;
  const allowance = config.allowance.perMinute > 0 ? new Allowance(config.allowance.perMinute) : null;
  api.decorateRequest('pastAllowance', false);
  api.decorateRequest('payment', null);

  /** What this request costs, or null when it is free. */
  const priceOf = (request: FastifyRequest): bigint | null => {
    if (paywall === undefined) return null;
    const tier = request.routeOptions.config.tier;
    if (tier !== undefined) return tierPrice(config, tier);
    return request.pastAllowance ? pastAllowancePrice(config) : null;
  };

  const answerRefused = async (request: FastifyRequest, reply: FastifyReply, status: 402 | 429, error: string, price: bigint | null, settlement?: SettleResponse) => {
    if (paywall !== undefined && paywall !== 'unavailable' && price !== null) {
      reply.header('PAYMENT-REQUIRED', encodePaymentRequiredHeader(await paywall.challenge(price, request.url, error)));
    }
    if (settlement) reply.header('PAYMENT-RESPONSE', encodePaymentResponseHeader(settlement));
    return reply.code(status).header('Cache-Control', 'no-store').send({ error });
  };

  if (allowance) {
    api.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url?.startsWith(LAUNCH_STEPS)) return;
      const use = allowance.take(visitorOf(request.ip), deps.now().getTime());
      reply.header('RateLimit-Policy', allowance.policy).header('RateLimit', allowance.field(use));
      if (!use.exceeded) return;
      request.pastAllowance = true;
      const price = priceOf(request);
      if (price !== null && paywall !== 'unavailable' && request.headers['payment-signature'] !== undefined) return;
      reply.header('Retry-After', String(use.resetSeconds));
      const offer = price !== null && paywall !== 'unavailable' ? `, or pay $${dollars(price)} for this request with x402 (see PAYMENT-REQUIRED)` : '';
      return answerRefused(request, reply, 429, `too many requests: the free allowance is ${allowance.perMinute} requests a minute; try again in ${use.resetSeconds} s${offer}`, price);
    });
  }

  api.addHook('preHandler', async (request, reply) => {
    const price = priceOf(request);
    if (price === null) return;
    if (paywall === 'unavailable') return reply.code(503).send({ error: 'paid calls are not available on this service right now; try again later' });
    const header = request.headers['payment-signature'];
    if (typeof header !== 'string' || request.method === 'HEAD') {
      return answerRefused(request, reply, 402, `payment required: this call costs $${dollars(price)}, paid with x402 (see PAYMENT-REQUIRED)`, price);
    }
    let offered: unknown;
    try {
      offered = decodePaymentSignatureHeader(header);
    } catch {
      return answerRefused(request, reply, 402, 'the PAYMENT-SIGNATURE header is not a base64 JSON x402 payment payload', price);
    }
    const verified = await paywall!.verify(price, request.url, offered);
    if (!verified.ok) return answerRefused(request, reply, 402, verified.error, price);
    request.payment = verified;
  });

  api.addHook('onSend', async (request, reply, payload) => {
    const payment = request.payment;
    if (payment === null || paywall === undefined || paywall === 'unavailable') return payload;
    request.payment = null;
    if (reply.statusCode < 200 || reply.statusCode >= 300) {
      await paywall.release(payment);
      return payload;
    }
    const settlement = await paywall.settle(payment);
    if (settlement.ok) {
      reply.header('PAYMENT-RESPONSE', encodePaymentResponseHeader(settlement.receipt));
      return payload;
    }
    const price = priceOf(request);
    reply.code(402).header('Cache-Control', 'no-store');
    if (price !== null) reply.header('PAYMENT-REQUIRED', encodePaymentRequiredHeader(await paywall.challenge(price, request.url, settlement.error)));
    if (settlement.settlement) reply.header('PAYMENT-RESPONSE', encodePaymentResponseHeader(settlement.settlement));
    return JSON.stringify({ error: settlement.error });
  });
}
