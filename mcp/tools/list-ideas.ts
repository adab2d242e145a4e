// `list_ideas`: the ideas board (GET /ideas).
import { listIdeas as listIdeasHandler } from '../../api/handlers/ideas.js';
import { ideasQuery, ideasResponse } from '../../schemas/api/ideas.js';
import { defineTool } from '../tool.js';

export const listIdeas = defineTool({
  name: 'list_ideas',
  title: 'Ideas board',
  description: "Coin ideas written by the service's idea model from news, with their crew score and, once launched, their coin.",
  kind: 'read',
  input: ideasQuery,
  output: ideasResponse,
  run: (deps, query) => listIdeasHandler(deps.api, deps.ideas, query, (error) => deps.logger?.warn({ err: error }, 'linking ideas to coins failed')),
});
