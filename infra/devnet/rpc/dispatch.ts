// The JSON-RPC 2.0 envelope as a validator's jsonrpc-core handles it: single calls, batches,
// notifications (no reply), parse errors, invalid requests, unknown methods; any unexpected failure
// inside a method becomes -32603 instead of taking the server down.
import { internalError, invalidRequest, methodNotFound, parseError, RpcError } from './errors.js';
import { parseJson, stringifyJson } from './json.js';

export type MethodHandler<C> = (params: unknown, ctx: C) => unknown;
export type MethodTable<C> = ReadonlyMap<string, MethodHandler<C>>;

type Id = string | number | bigint | null;
const CALL_FIELDS = new Set(['jsonrpc', 'method', 'params', 'id']);

function isValidId(id: unknown): id is Id {
  if (id === null || typeof id === 'string') return true;
  if (typeof id === 'number') return Number.isSafeInteger(id) && id >= 0;
  return typeof id === 'bigint' && id >= 0n && id < 1n << 64n;
}

function reply(id: Id, body: { result: unknown } | { error: ReturnType<RpcError['toJson']> }, v2: boolean): Record<string, unknown> {
  return v2 ? { jsonrpc: '2.0', ...body, id } : { ...body, id };
}

function errorReply(id: Id, error: RpcError): Record<string, unknown> {
  return reply(id, { error: error.toJson() }, true);
}

/** One call: a reply, or null for a notification. */
async function handleCall<C>(call: Record<string, unknown>, methods: MethodTable<C>, ctx: C, onError: (e: unknown) => void) {
  const hasId = 'id' in call;
  const id = (hasId ? call.id : null) as Id;
  const wellFormed =
    Object.keys(call).every((k) => CALL_FIELDS.has(k)) &&
    (call.jsonrpc === undefined || call.jsonrpc === '2.0') &&
    typeof call.method === 'string' &&
    (call.params === undefined || call.params === null || typeof call.params === 'object');
  if (!wellFormed) return errorReply(id, invalidRequest());
  const v2 = call.jsonrpc === '2.0';
  const handler = methods.get(call.method as string);
  let body: { result: unknown } | { error: ReturnType<RpcError['toJson']> };
  if (!handler) body = { error: methodNotFound().toJson() };
  else {
    try {
      body = { result: await handler(call.params, ctx) };
    } catch (error) {
      if (!(error instanceof RpcError)) onError(error);
      body = { error: (error instanceof RpcError ? error : internalError()).toJson() };
    }
  }
  return hasId ? reply(id, body, v2) : null;
}

/** Answer a request body; null when nothing is to be sent back (notifications only). */
export async function handleJsonRpc<C>(text: string, methods: MethodTable<C>, ctx: C, onError: (e: unknown) => void = () => {}): Promise<string | null> {
  let request: unknown;
  try {
    request = parseJson(text);
  } catch {
    return stringifyJson(errorReply(null, parseError()));
  }
  const isCall = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === 'object' && !Array.isArray(v) && (!('id' in v) || isValidId((v as { id: unknown }).id));
  if (Array.isArray(request)) {
    if (request.length === 0) return stringifyJson(errorReply(null, invalidRequest()));
    if (!request.every(isCall)) return stringifyJson(errorReply(null, parseError()));
    const replies: unknown[] = [];
    for (const call of request) {
      const out = await handleCall(call, methods, ctx, onError);
      if (out) replies.push(out);
    }
    return replies.length > 0 ? stringifyJson(replies) : null;
  }
  if (!isCall(request)) return stringifyJson(errorReply(null, parseError()));
  const out = await handleCall(request, methods, ctx, onError);
  return out ? stringifyJson(out) : null;
}
