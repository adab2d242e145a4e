// The answer serializer compiler (api/serializer.ts) on a small Fastify app with the API's error handlers: every
// answer is checked by its route's zod schema and written as JSON, an equal answer asked again is checked again (no
// text is kept by the serializer: the answer cache keeps answers' bytes, api/handlers/answer-cache.ts), one object
// answered on two routes is written by each route's own schema, an answer that does not match its schema is refused
// with 500 every time, and a response schema that transforms is refused when the route is compiled.
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installErrorHandlers } from '../../api/errors.js';
import { answerSerializerCompiler } from '../../api/serializer.js';

let checks = 0;
/** A raw amount; counts its checks (one per answer holding it, per amount). */
const amount = z.string().refine((text) => {
  checks += 1;
  return /^\d+$/.test(text);
});
const answer = z.object({ items: z.array(z.object({ name: z.string(), amount })) });
type Answer = z.output<typeof answer>;

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  checks = 0;
});

function appAnswering(handler: () => unknown): FastifyInstance {
  const built = Fastify({ logger: false });
  built.setValidatorCompiler(validatorCompiler);
  built.setSerializerCompiler(answerSerializerCompiler());
  installErrorHandlers(built);
  built.get('/answer', { schema: { response: { 200: answer } } }, async () => handler());
  built.get('/other', { schema: { response: { 200: z.object({ items: z.array(z.object({ name: z.string() })) }) } } }, async () => handler());
  app = built;
  return built;
}

const get = async (on: FastifyInstance, url = '/answer') => {
  const res = await on.inject({ method: 'GET', url });
  // JSON content type and the UTF-8 bytes' length (not the string's).
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
  return { status: res.statusCode, text: res.body };
};

describe('answer serializer', () => {
  it('writes an answer as its schema checks it, and checks it again each time it is answered', async () => {
    const same: Answer = {
      items: [
        { name: 'añb ✓', amount: '12' },
        { name: 'b', amount: '3' },
      ],
    };
    const on = appAnswering(() => same);
    const first = await get(on);
    expect(first).toEqual({ status: 200, text: '{"items":[{"name":"añb ✓","amount":"12"},{"name":"b","amount":"3"}]}' });
    expect(checks).toBe(2);
    for (let i = 0; i < 3; i++) expect(await get(on)).toEqual(first);
    expect(checks).toBe(8);
    // Nothing is frozen: the serializer keeps no text an edit could leave stale.
    expect(Object.isFrozen(same)).toBe(false);
  });

  it('writes every new object afresh, equal or not, and each route by its own schema', async () => {
    let next = 0;
    const on = appAnswering(() => ({ items: [{ name: 'n', amount: String(next++ % 2) }] }));
    const texts = [await get(on), await get(on), await get(on)].map((res) => res.text);
    expect(texts).toEqual(['{"items":[{"name":"n","amount":"0"}]}', '{"items":[{"name":"n","amount":"1"}]}', '{"items":[{"name":"n","amount":"0"}]}']);
    expect(checks).toBe(3);

    // One object answered on two routes is written by each route's own schema.
    const shared: Answer = { items: [{ name: 'x', amount: '5' }] };
    const both = appAnswering(() => shared);
    expect((await get(both)).text).toBe('{"items":[{"name":"x","amount":"5"}]}');
    expect((await get(both, '/other')).text).toBe('{"items":[{"name":"x"}]}');
  });

  it('refuses an answer that does not match its schema, every time it is answered', async () => {
    const invalid = { items: [{ name: 7, amount: '1' }] };
    const on = appAnswering(() => invalid);
    for (let i = 0; i < 2; i++) expect(await get(on)).toEqual({ status: 500, text: '{"error":"internal error"}' });
    expect(Object.isFrozen(invalid)).toBe(false);
  });

  it('refuses a response schema that transforms what it parses, anywhere inside', async () => {
    const codec = z.codec(z.string(), z.bigint(), { decode: (text) => BigInt(text), encode: (value) => value.toString() });
    for (const inner of [codec, z.string().transform((text) => text.length), z.preprocess(String, z.string())]) {
      const built = Fastify({ logger: false });
      built.setSerializerCompiler(answerSerializerCompiler());
      built.get('/x', { schema: { response: { 200: z.object({ list: z.array(z.object({ a: inner.optional() })) }) } } }, async () => ({ list: [] }));
      await expect(built.ready()).rejects.toThrow(/transforms what it parses/);
      await built.close();
    }
  });
});
