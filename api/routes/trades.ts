// Route of a coin's trades: `GET /coins/{mint}/trades`, newest first, paged with `before`.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mintParams } from '../../schemas/api/coins.js';
import { errorResponses } from '../../schemas/api/fields.js';
import { tradesQuery, tradesResponse, type TradesResponse } from '../../schemas/api/trades.js';
import type { ApiContext } from '../deps.js';
import { listTradesForHttp } from '../handlers/market.js';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

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
      async (request, reply) => {
        const answer = await listTradesForHttp(ctx, request.params.mint, request.query);
        // JSON text goes out as it is: Fastify serializes no string payload whose content type is set (the typed
        // send only knows the schema's object).
        return typeof answer === 'string' ? reply.type(JSON_CONTENT_TYPE).send(answer as unknown as TradesResponse) : answer;
      },
    );
  };
}
