// The kept-JSON serializer compiler (api/serializer.ts) on a small Fastify app with the API's error handlers: the
// same answer object is encoded once and its text reused; a new object, even an equal one, is encoded afresh; an
// answer that does not match its schema is refused with 500 every time; an answer whose text is kept is frozen; a
// response schema that transforms is refused when the route is compiled.
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installErrorHandlers } from '../../api/errors.js';
import { deepFreeze, keptSerializerCompiler } from '../../api/serializer.js';

let encodes = 0;
/** A raw amount; counts its checks (one per encoding of an answer holding it). */
const amount = z.string().refine((text) => {
  encodes += 1;
  return /^\d+$/.test(text);
});
const answer = z.object({ items: z.array(z.object({ name: z.string(), amount })) });
type Answer = z.output<typeof answer>;

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  encodes = 0;
});

function appAnswering(handler: () => unknown): FastifyInstance {
  const built = Fastify({ logger: false });
  built.setValidatorCompiler(validatorCompiler);
  built.setSerializerCompiler(keptSerializerCompiler());
  installErrorHandlers(built);
  built.get('/answer', { schema: { response: { 200: answer } } }, async () => handler());
  built.get('/other', { schema: { response: { 200: z.object({ items: z.array(z.object({ name: z.string() })) }) } } }, async () => handler());
  app = built;
  return built;
}

const get = async (on: FastifyInstance, url = '/answer') => {
  const res = await on.inject({ method: 'GET', url });
  // Kept JSON goes out as bytes: JSON content type and the bytes' length, as for a string.
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
  return { status: res.statusCode, text: res.body };
};

describe('kept serializer', () => {
  it('encodes an answer object asked again once more, keeps that text and sends it from then on', async () => {
    const kept: Answer = {
      items: [
        { name: 'añb ✓', amount: '12' },
        { name: 'b', amount: '3' },
      ],
    };
    const on = appAnswering(() => kept);
    const first = await get(on);
    expect(first).toEqual({ status: 200, text: '{"items":[{"name":"añb ✓","amount":"12"},{"name":"b","amount":"3"}]}' });
    expect(encodes).toBe(2);
    for (let i = 0; i < 3; i++) expect(await get(on)).toEqual(first);
    expect(encodes).toBe(4);
  });

  it('encodes every new object afresh, equal or not, and keeps texts per route schema', async () => {
    let next = 0;
    const on = appAnswering(() => ({ items: [{ name: 'n', amount: String(next++ % 2) }] }));
    const texts = [await get(on), await get(on), await get(on)].map((res) => res.text);
    expect(texts).toEqual(['{"items":[{"name":"n","amount":"0"}]}', '{"items":[{"name":"n","amount":"1"}]}', '{"items":[{"name":"n","amount":"0"}]}']);
    expect(encodes).toBe(3);

    // One object answered on two routes is encoded by each route's own schema.
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

  it('freezes an answer object once its text is kept, so a later edit throws instead of sending stale text', async () => {
    const kept: Answer = { items: [{ name: 'a', amount: '1' }] };
    const on = appAnswering(() => kept);
    await get(on);
    expect(Object.isFrozen(kept)).toBe(false);
    await get(on);
    expect(Object.isFrozen(kept) && Object.isFrozen(kept.items) && Object.isFrozen(kept.items[0])).toBe(true);
    expect(() => {
      (kept.items[0] as { amount: string }).amount = '2';
    }).toThrow(TypeError);
  });

  it('refuses a response schema that transforms what it parses, anywhere inside', async () => {
    const codec = z.codec(z.string(), z.bigint(), { decode: (text) => BigInt(text), encode: (value) => value.toString() });
    for (const inner of [codec, z.string().transform((text) => text.length), z.preprocess(String, z.string())]) {
      const built = Fastify({ logger: false });
      built.setSerializerCompiler(keptSerializerCompiler());
      built.get('/x', { schema: { response: { 200: z.object({ list: z.array(z.object({ a: inner.optional() })) }) } } }, async () => ({ list: [] }));
      await expect(built.ready()).rejects.toThrow(/transforms what it parses/);
      await built.close();
    }
  });

  it('freezes plain objects and arrays only', () => {
    const bytes = Buffer.from('abc');
    const when = new Date(0);
    const value = { bytes, when, list: [{ a: 1 }] };
    deepFreeze(value);
    expect(Object.isFrozen(value.list[0])).toBe(true);
    expect(Object.isFrozen(bytes) || Object.isFrozen(when)).toBe(false);
  });
});
