// Route of a coin's trades: `GET /coins/{mint}/trades`, newest first, paged with `before`.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mintParams } from '../../schemas/api/coins.js';
import { errorResponses } from '../../schemas/api/fields.js';
import { tradesQuery, tradesResponse } from '../../schemas/api/trades.js';
import { sendAnswer } from './send-answer.js';
import type { ApiContext } from '../deps.js';
import { listTrades } from '../handlers/market.js';

export function tradeRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/coins/:mint/trades',
      {
        schema: {
          tags: ['market'],
          summary: "A coin's trades, newest first",
          params: mintParams,
          querystring: tradesQuery,
          response: { 200: tradesResponse, ...errorResponses },
        },
      },
      async (request, reply) => sendAnswer(reply, await listTrades(ctx, request.params.mint, request.query)),
    );
  };
}
