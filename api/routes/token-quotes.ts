// Route of `GET /token-quotes` (spec 4.1: a listing outside the versioned prefix, so it is not in the OpenAPI
// document, whose server is /api/v1). It reads the chain, so without a chain connection it answers 503.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, errorResponses, noQuery } from '../../schemas/api/fields.js';
import { tokenQuotesResponse } from '../../schemas/api/token-quotes.js';
import type { ApiContext } from '../deps.js';
import type { LaunchContext } from '../launch/launch-context.js';
import { tokenQuotes } from '../tokens/token-quotes.js';

export function tokenQuoteRoutes(ctx: ApiContext, lc: LaunchContext | null): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/token-quotes',
      { schema: { hide: true, querystring: noQuery, response: { 200: tokenQuotesResponse, ...errorResponses, 503: errorBody } } },
      async (_request, reply) => {
        if (lc === null) return reply.code(503).send({ error: 'the pair listing needs a chain connection, which this service has not configured' });
        return tokenQuotes(ctx, lc);
      },
    );
  };
}
