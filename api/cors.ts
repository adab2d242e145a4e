// Cross-origin reads: any web page may call the public reads, the OpenAPI document and the site's coin resources from
// the browser, paid reads included (their 402 flow sends PAYMENT-SIGNATURE and reads PAYMENT-REQUIRED and
// PAYMENT-RESPONSE), and sees the allowance's RateLimit fields and Retry-After. No credentials are ever involved
// (no cookies, no accounts), so any origin is safe. Only GET and HEAD: the signed launch and webhook calls are for
// wallets and servers, and stay same-origin in browsers.
import type { FastifyCorsOptions } from '@fastify/cors';

export const CORS_EXPOSED_HEADERS = ['PAYMENT-REQUIRED', 'PAYMENT-RESPONSE', 'RateLimit-Policy', 'RateLimit', 'Retry-After'];

export const corsOptions: FastifyCorsOptions = {
  origin: '*',
  methods: ['GET', 'HEAD'],
  allowedHeaders: ['PAYMENT-SIGNATURE', 'Content-Type'],
  exposedHeaders: CORS_EXPOSED_HEADERS,
  // A preflight answer holds a day.
  maxAge: 86_400,
};
