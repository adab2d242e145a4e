// Response serialization of every route: the route's zod response schema checks the answer by parsing it (response
// schemas hold no transforms, refused when the route is compiled, so parsing gives the answer as it is; zod's encode
// would check every checked value twice), then JSON.stringify writes it (api/handlers/answer-cache.ts encodeAnswer).
// Answers of the answer cache are sent as the bytes it keeps, checked when they were made.
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

/** A serializer compiler for `app.setSerializerCompiler`: an answer that does not match its schema is refused with the
 * type provider's ResponseSerializationError. */
export function answerSerializerCompiler(): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = zodSchemaOf(schema);
    if (transforms(zodSchema)) throw new Error(`the response schema of ${method} ${url} transforms what it parses`);
    return (data: unknown): string => {
      const checked = safeParse(zodSchema, data);
      if (checked.error) throw new ResponseSerializationError(method, url, { cause: checked.error });
      return JSON.stringify(checked.data);
    };
  };
}
