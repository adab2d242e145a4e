// Route of a coin's health: `GET /coins/{mint}/health` (spec 2.4), schema-first; handler in api/handlers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mintParams } from '../../schemas/api/coins.js';
import { errorResponses, noQuery } from '../../schemas/api/fields.js';
import { healthResponse } from '../../schemas/api/health.js';
import { sendAnswer } from './send-answer.js';
import type { ApiContext } from '../deps.js';
import { paidOperation } from '../payments/tiers.js';
import { getHealth } from '../handlers/health.js';

export function healthRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/coins/:mint/health',
      {
        config: { tier: 'premium' },
        schema: {
          ...paidOperation(ctx.config, 'premium'),
          tags: ['coins'],
          summary: "A coin's health grade (warning signs only, never a statement that a coin is safe), its signals and their levels",
          params: mintParams,
          querystring: noQuery,
          response: { 200: healthResponse, ...errorResponses },
        },
      },
      async (request, reply) => sendAnswer(reply, await getHealth(ctx, request.params.mint)),
    );
  };
}
