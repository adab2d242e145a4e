// The service's one HTTP server: the read API and launch steps under /api/v1 with the site (api/app.ts), and the MCP
// tool server at /mcp (mcp/http.ts), whose tools call the same handlers with the same shared parts.
import type { FastifyInstance } from 'fastify';
import { apiParts, buildApp, type ApiDeps } from '../../api/app.js';
import { mcpRoutes } from '../../mcp/http.js';

export function buildServiceApp(deps: ApiDeps): FastifyInstance {
  const parts = apiParts(deps);
  const app = buildApp(deps, parts);
  app.register(mcpRoutes({ api: parts.ctx, tokens: parts.tokens, ideas: parts.ideas, launch: parts.launch, paidCalls: deps.paidCalls, logger: deps.logger }));
  return app;
}
