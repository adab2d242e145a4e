// Route of a coin's candles: `GET /coins/{mint}/ohlcv`, at most 500, oldest first.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mintParams } from '../../schemas/api/coins.js';
import { errorResponses } from '../../schemas/api/fields.js';
import { ohlcvQuery, ohlcvResponse } from '../../schemas/api/ohlcv.js';
import { sendAnswer } from './send-answer.js';
import type { ApiContext } from '../deps.js';
import { listCandles } from '../handlers/market.js';

export function ohlcvRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/coins/:mint/ohlcv',
      {
        schema: {
          tags: ['market'],
          summary: "A coin's price candles",
          params: mintParams,
          querystring: ohlcvQuery,
          response: { 200: ohlcvResponse, ...errorResponses },
        },
      },
      async (request, reply) => sendAnswer(reply, await listCandles(ctx, request.params.mint, request.query)),
    );
  };
}
