// Route of a coin's holders: `GET /coins/{mint}/holders` (spec 2.6), Basic tier, schema-first; handler in api/handlers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mintParams } from '../../schemas/api/coins.js';
import { errorResponses } from '../../schemas/api/fields.js';
import { holdersQuery, holdersResponse } from '../../schemas/api/holders.js';
import { sendAnswer } from './send-answer.js';
import type { ApiContext } from '../deps.js';
import { paidOperation } from '../payments/tiers.js';
import { getHolders } from '../handlers/holders.js';

export function holderRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/coins/:mint/holders',
      {
        config: { tier: 'basic' },
        schema: {
          ...paidOperation(ctx.config, 'basic'),
          tags: ['coins'],
          summary: "A coin's holder count, the next payout round's baseline slot and its largest holders",
          params: mintParams,
          querystring: holdersQuery,
          response: { 200: holdersResponse, ...errorResponses },
        },
      },
      async (request, reply) => sendAnswer(reply, await getHolders(ctx, request.params.mint, request.query)),
    );
  };
}
