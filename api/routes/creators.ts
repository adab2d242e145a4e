// Route of a creator: `GET /creators/{wallet}` (coins launched with earnings, recent payments), schema-first;
// the handler is in api/handlers/rewards.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creatorResponse } from '../../schemas/api/creators.js';
import { errorResponses, noQuery } from '../../schemas/api/fields.js';
import { walletParams } from '../../schemas/api/wallet-rewards.js';
import { sendAnswer } from './send-answer.js';
import type { ApiContext } from '../deps.js';
import { paidOperation } from '../payments/tiers.js';
import { getCreator } from '../handlers/rewards.js';

export function creatorRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/creators/:wallet',
      {
        config: { tier: 'basic' },
        schema: {
          ...paidOperation(ctx.config, 'basic'),
          tags: ['rewards'],
          summary: 'The coins a wallet launched, their earnings and recent payments to the creator',
          params: walletParams,
          querystring: noQuery,
          response: { 200: creatorResponse, ...errorResponses },
        },
      },
      async (request, reply) => sendAnswer(reply, await getCreator(ctx, request.params.wallet)),
    );
  };
}
