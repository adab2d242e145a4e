// One name, one unit and one type per quantity across the whole interface: every response schema of the HTTP API (the
// OpenAPI document, and the token-quotes listing outside it), every MCP tool's output schema, every webhook body and
// every live-stream message is walked, and a quantity named two ways, or a dollar or price field typed two ways, fails.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../api/app.js';
import { createViews } from '../../api/views/views.js';
import type { EventLog } from '../../infra/event-log/event-log.js';
import type { Olap } from '../../infra/olap/olap.js';
import { listedTools } from '../../mcp/server.js';
import { streamMessages } from '../../schemas/api/stream.js';
import { tokenQuotesResponse } from '../../schemas/api/token-quotes.js';
import { loadConfig } from '../../schemas/config.js';

type JsonSchema = { [key: string]: unknown };

/** One property met in the walk: its key, the key of the object holding it (or of the array of such objects), its
 * JSON type (null left out) and its own property names when it is an object. */
interface Field {
  key: string;
  parent: string;
  type: string;
  props: string[];
  where: string;
}

/** The concepts the interface names one way: the key, its JSON type, the names it must not go by, and for the
 * objects among them the properties that tell one wherever it is put. */
const CONCEPTS = [
  { concept: 'the route a coin launched on', key: 'venue', type: 'string', aliases: ['route', 'launchRoute'] },
  { concept: "a creator-mode coin's earnings", key: 'creator', type: 'object', aliases: ['earnings'], shape: ['earned', 'sent', 'waiting'] },
  { concept: "a holder-mode coin's reward pot", key: 'pot', type: 'object', aliases: ['holderRewards'], shape: ['holds', 'takenIn', 'spent'] },
  { concept: "a basket token's weight, bps", key: 'weight', type: 'integer', aliases: ['weightBps'] },
  { concept: "a recipient's share of the creator part, percent", key: 'pct', type: 'number', aliases: ['sharePct', 'splitBps'] },
] as const;

/** Where a recipient's share is given: items of these arrays carry `pct`, never a weight. */
const RECIPIENT_LISTS = ['creatorSplit', 'recipients'];

/** A dollar or price field: each has one type wherever it is (spec 2.14: the token search's are numbers). */
const DOLLAR_OR_PRICE = /usd|price/i;

/** The properties met walking JSON schemas, `$ref`s resolved against the document each schema belongs to. */
class SchemaWalk {
  readonly fields: Field[] = [];
  private root: JsonSchema = {};

  add(schema: JsonSchema, document: JsonSchema, where: string): void {
    this.root = document;
    this.walk(schema, '', where, 0);
  }

  private resolve(schema: JsonSchema): JsonSchema {
    if (typeof schema.$ref !== 'string') return schema;
    let at: unknown = this.root;
    for (const part of schema.$ref.replace(/^#\//, '').split('/')) at = (at as JsonSchema)[part];
    return this.resolve(at as JsonSchema);
  }

  private options(schema: JsonSchema): JsonSchema[] {
    return [...((schema.anyOf as JsonSchema[] | undefined) ?? []), ...((schema.oneOf as JsonSchema[] | undefined) ?? [])];
  }

  private typeOf(raw: JsonSchema): string {
    const schema = this.resolve(raw);
    const options = this.options(schema);
    if (options.length > 0) return [...new Set(options.map((option) => this.typeOf(option)).filter((type) => type !== 'null'))].sort().join('|');
    if (Array.isArray(schema.type)) return schema.type.filter((type) => type !== 'null').join('|');
    if (schema.const !== undefined) return schema.const === null ? 'null' : typeof schema.const;
    return typeof schema.type === 'string' ? schema.type : 'any';
  }

  private propsOf(raw: JsonSchema): string[] {
    const schema = this.resolve(raw);
    return [...Object.keys((schema.properties as JsonSchema | undefined) ?? {}), ...this.options(schema).flatMap((option) => this.propsOf(option))];
  }

  private walk(raw: JsonSchema, parent: string, where: string, depth: number): void {
    if (depth > 40) return;
    const schema = this.resolve(raw);
    for (const option of [...this.options(schema), ...((schema.allOf as JsonSchema[] | undefined) ?? [])]) this.walk(option, parent, where, depth + 1);
    if (schema.items !== undefined) this.walk(schema.items as JsonSchema, parent, where, depth + 1);
    for (const [key, sub] of Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      this.fields.push({ key, parent, type: this.typeOf(sub), props: this.propsOf(sub), where: `${where}.${key}` });
      this.walk(sub, key, `${where}.${key}`, depth + 1);
    }
  }
}

let walked: Promise<Field[]> | null = null;

/** Every property of every answer the interface gives. */
function interfaceFields(): Promise<Field[]> {
  walked ??= (async () => {
    // Only the documents are read: no store, and views never started (no log behind them).
    const config = loadConfig({ RATE_LIMIT_PER_MINUTE: '0' });
    const views = createViews({ log: {} as EventLog, olap: {} as Olap, config });
    const app = buildApp({ olap: {} as Olap, views, config });
    await app.ready();
    const doc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as JsonSchema;
    await app.close();
    const walk = new SchemaWalk();
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, JsonSchema>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries((operation.responses as Record<string, JsonSchema> | undefined) ?? {})) {
          const schema = (response.content as Record<string, { schema: JsonSchema }> | undefined)?.['application/json']?.schema;
          if (schema !== undefined) walk.add(schema, doc, `${method} ${path} ${status}`);
        }
      }
    }
    for (const [type, hook] of Object.entries(doc.webhooks as Record<string, JsonSchema>)) {
      const post = hook.post as { requestBody: { content: Record<string, { schema: JsonSchema }> } };
      walk.add(post.requestBody.content['application/json']!.schema, doc, `webhook ${type}`);
    }
    const own = (schema: z.ZodType, where: string) => {
      const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
      walk.add(json, json, where);
    };
    own(tokenQuotesResponse, 'get /token-quotes 200');
    for (const [kind, schema] of Object.entries(streamMessages)) own(schema, `stream ${kind}`);
    for (const tool of listedTools()) walk.add(tool.outputSchema as JsonSchema, tool.outputSchema as JsonSchema, `mcp ${tool.name}`);
    return walk.fields;
  })();
  return walked;
}

describe('the interface names each quantity once', () => {
  it('reaches every part of the interface', async () => {
    const places = new Set((await interfaceFields()).map((field) => field.where.split(' ')[0]));
    expect([...places].sort()).toEqual(['get', 'mcp', 'post', 'stream', 'webhook']);
  });

  it('uses one key per concept, never another name for it, and that key with one type', async () => {
    const fields = await interfaceFields();
    for (const { concept, key, type, aliases, ...rest } of CONCEPTS) {
      const misnamed = fields.filter((field) => (aliases as readonly string[]).includes(field.key)).map((field) => field.where);
      expect({ concept, misnamed }).toEqual({ concept, misnamed: [] });
      const shape = 'shape' in rest ? (rest.shape as readonly string[]) : null;
      const mistyped = fields
        .filter((field) => field.key === key && (shape === null || shape.every((prop) => field.props.includes(prop))) && field.type !== type)
        .map((field) => `${field.where}: ${field.type}`);
      expect({ concept, mistyped }).toEqual({ concept, mistyped: [] });
      if (shape !== null) {
        const elsewhere = fields.filter((field) => field.key !== key && shape.every((prop) => field.props.includes(prop))).map((field) => field.where);
        expect({ concept, elsewhere }).toEqual({ concept, elsewhere: [] });
      }
    }
  });

  it('gives a recipient share as pct, never as a weight', async () => {
    const fields = await interfaceFields();
    const shares = fields.filter((field) => RECIPIENT_LISTS.includes(field.parent));
    expect(shares.map((field) => field.key)).toContain('pct');
    expect(shares.filter((field) => /weight|bps/i.test(field.key)).map((field) => field.where)).toEqual([]);
  });

  it('types each dollar and price field one way everywhere', async () => {
    const types = new Map<string, Map<string, string>>();
    for (const field of await interfaceFields()) {
      if (!DOLLAR_OR_PRICE.test(field.key)) continue;
      let seen = types.get(field.key);
      if (seen === undefined) types.set(field.key, (seen = new Map()));
      if (!seen.has(field.type)) seen.set(field.type, field.where);
    }
    expect(types.size).toBeGreaterThan(5);
    const twoWays = [...types]
      .filter(([, seen]) => seen.size > 1)
      .map(([key, seen]) => `${key}: ${[...seen].map(([type, where]) => `${type} at ${where}`).join(', ')}`);
    expect(twoWays).toEqual([]);
  });

  it('carries SOL values as raw-unit strings under a Lamports name', async () => {
    const mistyped = (await interfaceFields()).filter((field) => /Lamports$/.test(field.key) && field.type !== 'string').map((field) => field.where);
    expect(mistyped).toEqual([]);
  });
});
