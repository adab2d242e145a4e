// Routes of the platform resource: `GET /platform/stats`, `GET /platform/funds` and `GET /platform/burns`.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, noQuery } from '../../schemas/api/fields.js';
import { platformBurnsQuery, platformBurnsResponse, platformFundsResponse, platformStatsResponse } from '../../schemas/api/platform.js';
import { sendAnswer } from './send-answer.js';
import type { ApiContext } from '../deps.js';
import { getPlatformBurns, getPlatformFunds, getPlatformStats } from '../handlers/platform.js';

export function platformRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/platform/stats',
      {
        schema: {
          tags: ['platform'],
          summary: 'Platform totals in lamports and the last 30 UTC days of revenue',
          querystring: noQuery,
          response: { 200: platformStatsResponse, ...errorResponses },
        },
      },
      async (_request, reply) => sendAnswer(reply, await getPlatformStats(ctx)),
    );

    app.get(
      '/platform/funds',
      {
        schema: {
          tags: ['platform'],
          summary: "Balances of the service's funds, and the removed flywheel fund's leftover",
          querystring: noQuery,
          response: { 200: platformFundsResponse, ...errorResponses },
        },
      },
      async (_request, reply) => sendAnswer(reply, await getPlatformFunds(ctx)),
    );

    app.get(
      '/platform/burns',
      {
        schema: {
          tags: ['platform'],
          summary: 'One UTC day of platform-token burns, in display units',
          querystring: platformBurnsQuery,
          response: { 200: platformBurnsResponse, ...errorResponses },
        },
      },
      async (request, reply) => sendAnswer(reply, await getPlatformBurns(ctx, request.query)),
    );
  };
}
