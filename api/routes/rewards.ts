// Route of a coin's rewards: `GET /coins/{mint}/rewards` (holder mode: pot, per-token totals, rounds; creator
// mode: earnings), schema-first; the handler is in api/handlers/rewards.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mintParams } from '../../schemas/api/coins.js';
import { errorResponses } from '../../schemas/api/fields.js';
import { coinRewardsQuery, coinRewardsResponse } from '../../schemas/api/rewards.js';
import { sendAnswer } from './send-answer.js';
import type { ApiContext } from '../deps.js';
import { getCoinRewards } from '../handlers/rewards.js';

export function rewardRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/coins/:mint/rewards',
      {
        schema: {
          tags: ['rewards'],
          summary: "A coin's rewards: holder payouts or creator earnings",
          params: mintParams,
          querystring: coinRewardsQuery,
          response: { 200: coinRewardsResponse, ...errorResponses },
        },
      },
      async (request, reply) => sendAnswer(reply, await getCoinRewards(ctx, request.params.mint, request.query)),
    );
  };
}
