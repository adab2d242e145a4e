// Route of a wallet's rewards: `GET /wallets/{wallet}/rewards` (payouts received, shares owed), schema-first;
// the handler is in api/handlers/rewards.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../schemas/api/fields.js';
import { walletParams, walletRewardsQuery, walletRewardsResponse } from '../../schemas/api/wallet-rewards.js';
import { sendAnswer } from './send-answer.js';
import type { ApiContext } from '../deps.js';
import { paidOperation } from '../payments/tiers.js';
import { getWalletRewards } from '../handlers/rewards.js';

export function walletRewardRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wallets/:wallet/rewards',
      {
        config: { tier: 'basic' },
        schema: {
          ...paidOperation(ctx.config, 'basic'),
          tags: ['rewards'],
          summary: "A wallet's holder rewards: payouts received and shares owed",
          params: walletParams,
          querystring: walletRewardsQuery,
          response: { 200: walletRewardsResponse, ...errorResponses },
        },
      },
      async (request, reply) => sendAnswer(reply, await getWalletRewards(ctx, request.params.wallet, request.query)),
    );
  };
}
