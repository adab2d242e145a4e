// Route of the hooks menu: `GET /hooks`, from configuration.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, noQuery } from '../../schemas/api/fields.js';
import { hooksResponse } from '../../schemas/api/hooks.js';
import type { ApiContext } from '../deps.js';
import { sendAnswer } from './send-answer.js';
import { getHooks } from '../handlers/hooks.js';

export function hookRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/hooks',
      {
        schema: {
          tags: ['launch'],
          summary: 'The hooks menu: hooks a launch may choose, and the built-in fee shield',
          querystring: noQuery,
          response: { 200: hooksResponse, ...errorResponses },
        },
      },
      async (_request, reply) => sendAnswer(reply, await getHooks(ctx)),
    );
  };
}
