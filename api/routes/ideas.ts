// Route of the ideas board: `GET /ideas` (spec 2.15), schema-first; handler in api/handlers/ideas.ts. Without
// an operational store the board is empty.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../schemas/api/fields.js';
import { ideasQuery, ideasResponse } from '../../schemas/api/ideas.js';
import type { ApiContext } from '../deps.js';
import { listIdeas } from '../handlers/ideas.js';
import { IdeaLinker } from '../ideas/idea-linker.js';

export function ideaRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  const linker = ctx.opstore === undefined ? null : new IdeaLinker(ctx.olap, ctx.opstore);
  return async (app) => {
    app.get(
      '/ideas',
      {
        schema: {
          tags: ['ideas'],
          summary: 'The ideas board: coin ideas with their crew score and, once launched, their coin',
          querystring: ideasQuery,
          response: { 200: ideasResponse, ...errorResponses },
        },
      },
      async (request) => listIdeas(ctx, linker, request.query, (error) => request.log.warn({ err: error }, 'linking ideas to coins failed')),
    );
  };
}
