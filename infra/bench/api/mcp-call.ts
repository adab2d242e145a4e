// One MCP tool call as the bench sends it and judges its answer: a JSON-RPC `tools/call` POSTed to the stateless
// Streamable HTTP endpoint (no initialize first: each POST is served on its own), answered as JSON.
import type { Answer } from './load-client.js';

export const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

let nextId = 1;

export function toolCallBody(name: string, args: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name, arguments: args } });
}

/** What a tool call's answer counts as during the timed run: '200', or the HTTP status, 'isError' (a tool result
 * marked as an error) or 'rpc <code>' (a JSON-RPC error). Parsing every answer would cost the client, which shares
 * the server's cores, a JSON.parse of up to tens of KB (each answer carries its data twice, as text and as
 * structuredContent) that the route side does not pay; so it reads the raw text instead. An unescaped `"isError":true`
 * can only be the result's own flag (text inside answers is in JSON strings, its quotes escaped), and an answer that
 * opens with its `result` (after `jsonrpc` and `id`, as the server writes a result it has as JSON, or first) cannot be
 * a JSON-RPC error; anything else is parsed in full. Both looks read the answer's bytes, not its text: decoding tens
 * of KB as UTF-8 is another cost the route side does not pay. */
export function judgeToolAnswer(answer: Answer): string {
  if (answer.status !== 200) return String(answer.status);
  const body = answer.body ?? Buffer.alloc(0);
  if (body.includes('"isError":true')) return 'isError';
  if (RESULT_FIRST.test(body.toString('latin1', 0, OPENING_BYTES))) return '200';
  return readToolAnswer(body.toString()).outcome;
}

/** Bytes that hold the opening the quick reading looks for (an id of up to 40 characters). */
const OPENING_BYTES = 80;

const RESULT_FIRST = /^\{(?:"jsonrpc":"2\.0","id":(?:\d+|"[^"\\]*"),)?"result":/;

export interface ReadAnswer {
  outcome: string;
  /** result.structuredContent when the answer has one. */
  structured: Record<string, unknown> | null;
}

/** The answer parsed in full: for the sample calls checked before the run, and any answer the quick reading above
 * cannot settle. */
export function readToolAnswer(body: string): ReadAnswer {
  let message: { jsonrpc?: unknown; error?: { code?: unknown }; result?: { isError?: unknown; structuredContent?: unknown } };
  try {
    message = JSON.parse(body) as typeof message;
  } catch {
    return { outcome: 'not JSON', structured: null };
  }
  if (message.error !== undefined) return { outcome: `rpc ${String(message.error.code)}`, structured: null };
  const result = message.result;
  if (message.jsonrpc !== '2.0' || typeof result !== 'object' || result === null) return { outcome: 'no result', structured: null };
  const structured =
    typeof result.structuredContent === 'object' && result.structuredContent !== null ? (result.structuredContent as Record<string, unknown>) : null;
  return { outcome: result.isError === true ? 'isError' : '200', structured };
}
