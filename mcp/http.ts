// MCP over Streamable HTTP at `/mcp`, on the API's HTTP server: stateless (no session id, so any process behind a
// load balancer answers any request) with JSON responses. Each POST gets its own server and transport; the
// free allowance of tool calls is one per process, counted per visitor. GET and DELETE (server-sent streams and
// sessions) are not offered: 405.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { Allowance } from '../api/payments/allowance.js';
import { visitorOf } from '../api/payments/visitor.js';
import { createServer } from './server.js';
import type { ToolDeps } from './tool.js';

export const MCP_PATH = '/mcp';
/** Largest request: a launch prepare with the largest image (512 KiB as base64) and every other field. */
const BODY_LIMIT = 1024 * 1024;

export type McpDeps = Omit<ToolDeps, 'allowance' | 'visitor'>;

/** A JSON-RPC error answer for a request the transport never saw. */
function rpcError(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return reply.code(status).type('application/json').send(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

export function mcpRoutes(deps: McpDeps): FastifyPluginAsync {
  return async (app) => {
    const perMinute = deps.api.config.allowance.mcpPerMinute;
    const allowance = perMinute > 0 ? new Allowance(perMinute) : null;
    // The body reaches the transport as text parsed here, so a malformed one is a JSON-RPC parse error.
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

    app.post(MCP_PATH, async (request, reply) => {
      let message: unknown;
      try {
        message = JSON.parse(request.body as string);
      } catch {
        return rpcError(reply, 400, -32700, 'Parse error: the body is not JSON');
      }
      const server = createServer({ ...deps, allowance, visitor: visitorOf(request.ip) });
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      try {
        await server.connect(transport);
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (typeof value === 'string') headers.set(name, value);
          else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
        }
        const response = await transport.handleRequest(new Request(`http://localhost${request.url}`, { method: 'POST', headers }), { parsedBody: message });
        reply.code(response.status);
        response.headers.forEach((value, name) => void reply.header(name, value));
        return reply.send(await response.text());
      } finally {
        await server.close();
      }
    });

    const notOffered = async (_request: unknown, reply: FastifyReply) =>
      rpcError(reply.header('Allow', 'POST'), 405, -32000, 'Method not allowed: this server is stateless; POST JSON-RPC messages to /mcp');
    app.get(MCP_PATH, notOffered);
    app.delete(MCP_PATH, notOffered);
  };
}
