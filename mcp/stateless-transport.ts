// One MCP server for every HTTP request: a Transport (the SDK's extension point) that hands each request of each POST
// to the process's one server under an id of its own, so requests from different clients that share an id never
// meet, and hands the response back as JSON text under the caller's id. A stateless POST needs nothing else from a
// transport, and a server built per request (as the SDK's own stateless transport needs) costs five times the call
// it serves. A handler that has its result's JSON already (a tool answer kept with its text) leaves it in the
// caller's context, and the response is written around it instead of serialized again.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@modelcontextprotocol/sdk/types.js';

/** What a request was sent with, for the handler to read by the request's id. */
export interface CallerContext {
  visitor: string;
  /** The JSON of the result the handler returned, when it had it ready. */
  resultJson?: string;
}

export class StatelessTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (text: string) => void; caller: CallerContext; callerId: RequestId }>();

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
    const ready = 'result' in message ? waiter.caller.resultJson : undefined;
    waiter.resolve(
      ready === undefined ? JSON.stringify({ ...message, id: waiter.callerId }) : `{"jsonrpc":"2.0","id":${JSON.stringify(waiter.callerId)},"result":${ready}}`,
    );
  }

  /** Hand `request` to the server; resolves with its response's JSON text, under the request's own id. */
  request(request: JSONRPCRequest, caller: CallerContext): Promise<string> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, { resolve, caller: { ...caller }, callerId: request.id });
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
