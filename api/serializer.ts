// Response serialization of every route: the route's zod response schema checks the answer by parsing it (response
// schemas hold no transforms, refused when the route is compiled, so parsing gives the answer as it is; zod's encode
// would check every checked value twice), then JSON.stringify writes it. The JSON of an answer object asked for
// again is kept (by the object's identity, per route and status), so a handler answering with the same kept object
// again costs no encoding. It is kept from an object's second answer on, as UTF-8 bytes (a Buffer, which Fastify
// sends as it is: a string would be measured and encoded again on every send). An object answered once is only
// remembered as seen: most one-off answers (a trade page at a random cursor) would otherwise hold their text through
// the young generation's collections into the old one, whose collections then pause every request.
//
// Contract for handlers: an object once answered is never changed afterwards. A handler that keeps answers returns
// the same object while its data is unchanged and builds a new one when it changes. An object whose text is kept is
// frozen with every object and array in it, so a later edit throws where it is made instead of sending stale text.
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/** What a route's response schema may be given as: a zod type, or an object carrying one under `properties`. */
function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  if (typeof schema === 'object' && schema !== null && 'properties' in schema && schema.properties instanceof $ZodType) return schema.properties;
  throw new Error(`a response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

/** Whether `schema` may change what it parses anywhere inside: a transform, or a pipe (codecs and preprocessing). */
function transforms(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown>;
  if (def.type === 'transform' || def.type === 'pipe') return true;
  const parts = Object.values(def).flatMap((part) => (Array.isArray(part) ? part : part instanceof $ZodType ? [part] : Object.values(part ?? {})));
  return parts.some((part) => part instanceof $ZodType && transforms(part, seen));
}

/** Freezes plain objects and arrays reachable from `value` (other objects, such as buffers, stay as they are). */
export function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

/** A serializer compiler for `app.setSerializerCompiler`: one serializer, and one store of kept texts, per route
 * schema. Objects and texts are held weakly: an answer object no handler keeps any more is collected with its
 * text. An answer that does not match its schema is refused with the type provider's ResponseSerializationError,
 * every time. */
export function keptSerializerCompiler(): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = zodSchemaOf(schema);
    if (transforms(zodSchema)) throw new Error(`the response schema of ${method} ${url} transforms what it parses`);
    const seen = new WeakSet<object>();
    const texts = new WeakMap<object, Buffer>();
    // Fastify's declared serializer type is string; it sends a Buffer payload as it is.
    return (data: unknown): string => {
      const keyed = typeof data === 'object' && data !== null;
      if (keyed) {
        const kept = texts.get(data);
        if (kept !== undefined) return kept as unknown as string;
      }
      const checked = safeParse(zodSchema, data);
      if (checked.error) throw new ResponseSerializationError(method, url, { cause: checked.error });
      const text = JSON.stringify(checked.data);
      if (!keyed) return text;
      // Encoded twice when asked again (its first text not held), then never again.
      if (!seen.has(data)) {
        seen.add(data);
        return text;
      }
      deepFreeze(data);
      const json = Buffer.from(text);
      texts.set(data, json);
      return json as unknown as string;
    };
  };
}
