// One MCP server for every HTTP request: a Transport (the SDK's extension point) that hands each request of each POST
// to the process's one server under an id of its own, so requests from different clients that share an id never
// meet, and hands the response back as JSON under the caller's id. A stateless POST needs nothing else from a
// transport, and a server built per request (as the SDK's own stateless transport needs) costs five times the call
// it serves.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@modelcontextprotocol/sdk/types.js';

export class StatelessTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (json: Buffer) => void; callerId: RequestId }>();

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  /** The server's answer to one request: a result or an error response. */
  async send(message: JSONRPCMessage): Promise<void> {
    if (!('id' in message) || 'method' in message || typeof message.id !== 'number') return; // server-initiated: none are made
    const waiter = this.waiting.get(message.id);
    if (!waiter) return;
    this.waiting.delete(message.id);
    waiter.resolve(Buffer.from(JSON.stringify({ ...message, id: waiter.callerId })));
  }

  /** Hand `request` to the server; resolves with its response's JSON (UTF-8), under the request's own id. */
  request(request: JSONRPCRequest): Promise<Buffer> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, { resolve, callerId: request.id });
      this.onmessage?.({ ...request, id });
    });
  }
}
