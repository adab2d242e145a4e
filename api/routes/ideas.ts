// Routes of the ideas board: `GET /ideas` (spec 2.15) and one idea, `GET /ideas/{id}` (what an idea's page on the
// site shows), schema-first; handlers in api/handlers/ideas.ts. Without an operational store the board is empty.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../schemas/api/fields.js';
import { ideaParams, ideaResponse, ideasQuery, ideasResponse } from '../../schemas/api/ideas.js';
import type { ApiContext } from '../deps.js';
import { sendAnswer } from './send-answer.js';
import { getIdea, ideaLinker, listIdeas } from '../handlers/ideas.js';
import type { IdeaLinker } from '../ideas/idea-linker.js';

const onLinkError = (request: FastifyRequest) => (error: unknown) => request.log.warn({ err: error }, 'linking ideas to coins failed');

export function ideaRoutes(ctx: ApiContext, linker: IdeaLinker | null = ideaLinker(ctx)): FastifyPluginAsyncZod {
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
      async (request, reply) => sendAnswer(reply, await listIdeas(ctx, linker, request.query, onLinkError(request))),
    );
    app.get(
      '/ideas/:id',
      {
        schema: {
          tags: ['ideas'],
          summary: 'One idea of the board: its text, crew score and, once launched, its coin (what its `page` on the site shows)',
          params: ideaParams,
          response: { 200: ideaResponse, ...errorResponses },
        },
      },
      async (request, reply) => sendAnswer(reply, await getIdea(ctx, linker, request.params.id, onLinkError(request))),
    );
  };
}
