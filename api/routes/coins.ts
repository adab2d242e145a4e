// Routes of the coin resource: `GET /coins` and `GET /coins/{mint}`, schema-first; handlers in api/handlers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coinFull } from '../../schemas/api/coin-full.js';
import { coinListQuery, coinListResponse, mintParams } from '../../schemas/api/coins.js';
import { errorResponses, noQuery } from '../../schemas/api/fields.js';
import { sendAnswer } from './send-answer.js';
import type { ApiContext } from '../deps.js';
import { getCoin, listCoins } from '../handlers/coins.js';

export function coinRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/coins',
      {
        schema: {
          tags: ['coins'],
          summary: 'List and search coins',
          querystring: coinListQuery,
          response: { 200: coinListResponse, ...errorResponses },
        },
      },
      async (request, reply) => sendAnswer(reply, await listCoins(ctx, request.query)),
    );

    app.get(
      '/coins/:mint',
      {
        schema: {
          tags: ['coins'],
          summary: 'One coin in full',
          params: mintParams,
          querystring: noQuery,
          response: { 200: coinFull, ...errorResponses },
        },
      },
      async (request, reply) => sendAnswer(reply, await getCoin(ctx, request.params.mint)),
    );
  };
}
