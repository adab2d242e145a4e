// MCP over Streamable HTTP at `/mcp`, on the API's HTTP server: stateless (no session id, so any process behind a
// load balancer answers any request) with JSON responses. The HTTP rules are the transport's (as the SDK's own
// stateless transport keeps them): Accept must name JSON and event streams, the body is JSON, one message or a
// batch; a POST of notifications only is 202; a request after initialization names a supported protocol version.
// Tool calls are answered by answerToolCall, every other request by the process's one server (server.ts,
// stateless-transport.ts). The free allowance of tool calls is one per process, counted per visitor. GET and DELETE
// (server-sent streams and sessions) are not offered: 405.
import { JSONRPCMessageSchema, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { Allowance } from '../api/payments/allowance.js';
import { visitorOf } from '../api/payments/visitor.js';
import { answerToolCall, createServer } from './server.js';
import { StatelessTransport } from './stateless-transport.js';
import type { ToolDeps } from './tool.js';

export const MCP_PATH = '/mcp';
/** Largest request: a launch prepare with the largest image (512 KiB as base64) and every other field. */
const BODY_LIMIT = 1024 * 1024;
/** Most messages one POST may carry. */
const MAX_BATCH = 100;

export type McpDeps = Omit<ToolDeps, 'allowance' | 'visitor'>;

/** A JSON-RPC error answer to a POST the server never saw. */
function rpcError(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return reply
    .code(status)
    .type('application/json')
    .send(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

export function mcpRoutes(deps: McpDeps): FastifyPluginAsync {
  return async (app) => {
    const perMinute = deps.api.config.allowance.mcpPerMinute;
    const toolDeps = { ...deps, allowance: perMinute > 0 ? new Allowance(perMinute) : null };
    const transport = new StatelessTransport();
    const server = createServer();
    await server.connect(transport);
    app.addHook('onClose', () => server.close());
    // The body reaches the handler as text and is parsed there, so a malformed one is a JSON-RPC parse error.
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

    app.post(MCP_PATH, async (request, reply) => {
      const accept = request.headers.accept ?? '';
      if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
        return rpcError(reply, 406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(request.body as string);
      } catch {
        return rpcError(reply, 400, -32700, 'Parse error: Invalid JSON');
      }
      const batch = Array.isArray(parsed);
      const raw = batch ? (parsed as unknown[]) : [parsed];
      if (raw.length === 0 || raw.length > MAX_BATCH) return rpcError(reply, 400, -32600, `Invalid Request: send 1 to ${MAX_BATCH} messages`);
      const messages: JSONRPCMessage[] = [];
      for (const item of raw) {
        const message = JSONRPCMessageSchema.safeParse(item);
        if (!message.success) return rpcError(reply, 400, -32700, 'Parse error: Invalid JSON-RPC message');
        messages.push(message.data);
      }
      // Each message has passed the JSON-RPC schema: a request is one with a method and an id.
      const requests = messages.filter((message): message is JSONRPCRequest => 'method' in message && 'id' in message);
      const initializing = requests.some((message) => message.method === 'initialize');
      if (initializing && messages.length > 1) return rpcError(reply, 400, -32600, 'Invalid Request: Only one initialization request is allowed');
      const version = request.headers['mcp-protocol-version'];
      if (!initializing && typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
        return rpcError(
          reply,
          400,
          -32000,
          `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
        );
      }
      // Notifications and responses mean nothing to a stateless server: a cancellation or a reply could only refer to
      // a request of another POST. They are acknowledged.
      if (requests.length === 0) return reply.code(202).send();
      const visitor = visitorOf(request.ip);
      const responses = await Promise.all(
        requests.map((message) => (message.method === 'tools/call' ? answerToolCall(toolDeps, message, visitor) : transport.request(message))),
      );
      return reply.type('application/json').send(batch ? `[${responses.join(',')}]` : responses[0]);
    });

    const notOffered = async (_request: unknown, reply: FastifyReply) =>
      rpcError(reply.header('Allow', 'POST'), 405, -32000, 'Method not allowed: this server is stateless; POST JSON-RPC messages to /mcp');
    app.get(MCP_PATH, notOffered);
    app.delete(MCP_PATH, notOffered);
  };
}
