// The MCP specs' client side: the SDK's own Client over its Streamable HTTP transport, and what the specs check of a
// tool result: its untrusted text unwrapped back into the route's answer, and every string under `user` wrapped.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';

export async function mcpClient(baseUrl: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'launchtape-spec', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }));
  return client;
}

export async function call(client: Client, name: string, args: Record<string, unknown> = {}, meta?: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args, ...(meta ? { _meta: meta } : {}) })) as CallToolResult;
}

/** The JSON of a result's text copy. */
export function textOf(result: CallToolResult): unknown {
  const [first] = result.content;
  if (first?.type !== 'text') throw new Error('expected a text result');
  return JSON.parse(first.text);
}

/** A value with every `{ untrusted_text }` replaced by the string it wraps. */
export function unwrapped(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unwrapped);
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === 'untrusted_text') return (value as { untrusted_text: unknown }).untrusted_text;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, unwrapped(child)]));
}

/** Every string under a `user` field (and in `extra` places named) sits inside `{ untrusted_text }`. */
export function expectUserTextWrapped(value: unknown, path = '$', underUser = false): void {
  if (typeof value === 'string') {
    expect(underUser, `${path} is a bare string under user`).toBe(false);
    return;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) expectUserTextWrapped(item, `${path}[${i}]`, underUser);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === 'untrusted_text') {
    expect(typeof (value as { untrusted_text: unknown }).untrusted_text).toBe('string');
    return;
  }
  for (const [key, child] of Object.entries(value)) expectUserTextWrapped(child, `${path}.${key}`, underUser || key === 'user');
}

/** A tool's answer checked as agents get it: no error, the text copy equal to the structured result, creator text
 * wrapped; returned unwrapped (what the route answers). */
export function answerOf(result: CallToolResult): unknown {
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  expect(textOf(result)).toEqual(result.structuredContent);
  expectUserTextWrapped(result.structuredContent);
  return unwrapped(result.structuredContent);
}
