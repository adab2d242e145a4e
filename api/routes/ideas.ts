// Route of the ideas board: `GET /ideas` (spec 2.15), schema-first; handler in api/handlers/ideas.ts. Without
// an operational store the board is empty.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../schemas/api/fields.js';
import { ideasQuery, ideasResponse } from '../../schemas/api/ideas.js';
import type { ApiContext } from '../deps.js';
import { ideaBoard, listIdeas, type IdeaBoard } from '../handlers/ideas.js';

export function ideaRoutes(ctx: ApiContext, board: IdeaBoard | null = ideaBoard(ctx)): FastifyPluginAsyncZod {
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
      async (request) => listIdeas(ctx, board, request.query, (error) => request.log.warn({ err: error }, 'linking ideas to coins failed')),
    );
  };
}
