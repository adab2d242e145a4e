// One MCP server for every HTTP request: a Transport (the SDK's extension point) that hands each request of each POST
// to the process's one server under an id of its own, so requests from different clients that share an id never
// meet, and hands the response back under the caller's id. A stateless POST needs nothing else from a transport,
// and a server built per request (as the SDK's own stateless transport needs) costs five times the call it serves.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@modelcontextprotocol/sdk/types.js';

/** What a request was sent with, for the handler to read by the request's id. */
export interface CallerContext {
  visitor: string;
}

export class StatelessTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (message: JSONRPCMessage) => void; caller: CallerContext }>();

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
    waiter.resolve(message);
  }

  /** Hand `request` to the server; resolves with its response, under the request's own id. */
  request(request: JSONRPCRequest, caller: CallerContext): Promise<JSONRPCMessage> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, { resolve: (response) => resolve({ ...response, id: request.id } as JSONRPCMessage), caller });
      this.onmessage?.({ ...request, id });
    });
  }

  /** The caller of a request the server is handling. */
  callerOf(id: RequestId): CallerContext {
    const waiter = typeof id === 'number' ? this.waiting.get(id) : undefined;
    if (!waiter) throw new Error(`no request ${String(id)} in flight`);
    return waiter.caller;
  }
}
