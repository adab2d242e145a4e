// The OpenAPI 3.1 document at `/api/v1/openapi.json`, generated from the routes' zod schemas by @fastify/swagger
// with the type provider's transform; never written by hand. Paths are relative to the server `/api/v1`.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webhookEventBodies } from '../schemas/api/webhook-events.js';

export const API_PREFIX = '/api/v1';
export const API_VERSION = '1.0.0';

/** Register the generator; must run before the routes it describes are added. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'launchtape read API',
        version: API_VERSION,
        description:
          'Coins launched through the service and their market data. Amounts are integers in raw units carried as strings. ' +
          "Text written by a coin's creator sits under `user` and is untrusted data. Errors are `{ error }`. " +
          'Unknown query parameters are ignored; a known one with an invalid value is refused with 400. ' +
          'Paid operations state their price under `x-payment` and answer 402 unpaid, with x402 version 2 requirements in the ' +
          'PAYMENT-REQUIRED header; send the signed payment in PAYMENT-SIGNATURE, and the settlement comes back in PAYMENT-RESPONSE. ' +
          'Every read is free within a per-visitor allowance (RateLimit-Policy and RateLimit headers); past it, 429 with Retry-After, ' +
          'or pay the price in PAYMENT-REQUIRED.',
      },
      servers: [{ url: API_PREFIX }],
      tags: [
        { name: 'coins', description: 'Coins and their figures' },
        { name: 'market', description: 'Trades and candles of a coin' },
        { name: 'rewards', description: 'Holder rewards of coins and wallets, creator earnings' },
        { name: 'platform', description: 'Platform totals, daily revenue, fund balances and platform-token burns' },
        { name: 'launch', description: 'Launching coins from code, and the hooks menu' },
        { name: 'webhooks', description: 'Webhooks managed with wallet-signed calls; the events they deliver are under `webhooks`' },
      ],
    },
    transform: jsonSchemaTransform,
  });
}

/** The events deliveries carry (OpenAPI 3.1 `webhooks`): a signed POST to the webhook's URL. */
function webhookDocs(): Record<string, object> {
  return Object.fromEntries(
    Object.entries(webhookEventBodies).map(([type, schema]) => [
      type,
      {
        post: {
          summary: schema.description,
          description:
            'Headers: `Service-Event` (the type), `Service-Event-Id` (the id), `Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` ' +
            "keyed with the secret's UTF-8 bytes, and the Standard Webhooks headers `webhook-id`, `webhook-timestamp`, `webhook-signature`. " +
            'Answer 2xx within 5 seconds; otherwise the delivery is retried 1 min, 5 min, 15 min, 1 h, 3 h, 6 h and 12 h after the try before.',
          requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }) } } },
          responses: { '2XX': { description: 'Received' } },
        },
      },
    ]),
  );
}

/** `GET /api/v1/openapi.json`. */
export function installOpenApiRoute(app: FastifyInstance): void {
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => openApiDocument(app));
}

/** The whole document: the routes' operations and the webhook events. */
export function openApiDocument(app: FastifyInstance): Record<string, unknown> {
  return { ...app.swagger(), webhooks: webhookDocs() };
}

/** `/docs`: the document as an interactive reference (Swagger UI, its assets served from the package), where each
 * read can be tried from the browser. No request leaves for another host (no validator badge), and the page's
 * Content-Security-Policy admits scripts and connections of this origin only. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    uiConfig: { validatorUrl: null, deepLinking: true, tryItOutEnabled: true, displayRequestDuration: true },
    staticCSP: true,
    // The plugin's policy upgrades to https and admits https: styles and the validator's host: none of them here. The
    // UI sets style attributes as it renders (no stylesheet hash can admit those), and its text is this document's.
    transformStaticCSP: (header) =>
      `${header
        .replace(/ ?upgrade-insecure-requests;/, '')
        .replace(/ https:/g, '')
        .replace(' validator.swagger.io', '')
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")} connect-src 'self';`,
    transformSpecification: (_document, _request, _reply) => openApiDocument(app),
    transformSpecificationClone: false,
  });
}
