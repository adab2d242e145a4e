// The tool server's registry entry (server.json at the project's root) as the MCP registry's server.json format
// (schema 2025-09-29) states it, and as the server itself answers: its name and version are the server's own, its one
// remote is Streamable HTTP at the path the service serves the tool server on.
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServer } from '../../mcp/server.js';
import { MCP_PATH } from '../../mcp/http.js';

/** The registry's rules for a server entry with remotes: a reverse-DNS name with one slash, a description of at most
 * 100 characters, a specific version (no range, not "latest"), and remotes whose URL template gives a URI once its
 * {variables} are filled in. */
const version = z
  .string()
  .min(1)
  .max(255)
  .refine((text) => text !== 'latest' && !/[\^~<>=*]|\.x\b/.test(text), 'a specific version, not a range');
const serverJson = z
  .object({
    $schema: z.literal('https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json'),
    name: z
      .string()
      .min(3)
      .max(200)
      .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
    description: z.string().min(1).max(100),
    version,
    remotes: z
      .array(
        z.object({
          type: z.literal('streamable-http'),
          url: z.string().refine((template) => URL.canParse(template.replace(/\{[A-Za-z0-9_]+\}/g, 'https://example.org')), 'a URL template'),
        }),
      )
      .min(1),
  })
  .strict();

const entry = JSON.parse(readFileSync(new URL('../../server.json', import.meta.url), 'utf8'));

describe('the registry entry of the tool server', () => {
  it("is a server.json the registry's format takes", () => {
    expect(serverJson.safeParse(entry).error).toBeUndefined();
    for (const wrong of [{ version: '^1.0.0' }, { version: 'latest' }, { name: 'launchtape' }, { description: 'x'.repeat(101) }, { remotes: [] }]) {
      expect(serverJson.safeParse({ ...entry, ...wrong }).success, JSON.stringify(wrong)).toBe(false);
    }
  });

  it('names the server as it answers initialize, at its version, on the path it is served on', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = createServer();
    const client = new Client({ name: 'registry-check', version: '1.0.0' });
    await server.connect(serverSide);
    await client.connect(clientSide);
    try {
      const info = client.getServerVersion()!;
      expect(entry.name.split('/')[1]).toBe(info.name);
      expect(entry.version).toBe(info.version);
      expect(entry.remotes).toEqual([{ type: 'streamable-http', url: `{SITE_URL}${MCP_PATH}` }]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
