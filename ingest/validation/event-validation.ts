// Validation of the events the decoders built, before they are appended: the event catalog's own zod schema,
// derived once with its base58 predicates swapped for the fast equivalents of base58-checks.ts. Everything else
// (structure, strictness, lengths, patterns, refinements, error texts, the output and its key order) is zod
// running the catalog's definitions, so the appended bytes and every verdict are those of safeParseEvent, at a
// fraction of the cost (the toolkit's BigInt base58 checks were most of it). Schema kinds this walk does not
// know are kept as they are: slower, never different.
import { z } from 'zod';
import { eventSchema, EventParseError, type SafeParseEventResult } from '../../schemas/events/index.js';
import { FAST_PREDICATES } from './base58-checks.js';

type Schema = z.core.$ZodType;
type Check = z.core.$ZodCheck;

/** Definition fields holding one nested schema, per schema kind. */
const NESTED: Readonly<Record<string, readonly string[]>> = {
  object: ['catchall'],
  pipe: ['in', 'out'],
  nullable: ['innerType'],
  optional: ['innerType'],
  nonoptional: ['innerType'],
  readonly: ['innerType'],
  array: ['element'],
};

function fastCheck(check: Check): Check {
  const def = check._zod.def as z.core.$ZodCheckDef & { fn?: unknown };
  const fast = def.check === 'custom' ? FAST_PREDICATES.get(def.fn) : undefined;
  if (fast === undefined) return check;
  const constr = (check._zod as unknown as { constr: new (def: object) => Check }).constr;
  return new constr({ ...def, fn: fast });
}

function derive(schema: Schema): Schema {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  for (const field of NESTED[def.type] ?? []) {
    const nested = def[field] as Schema | undefined;
    if (nested === undefined) continue;
    const derived = derive(nested);
    if (derived !== nested) changes[field] = derived;
  }
  if (def.type === 'object') {
    const shape = def.shape as Record<string, Schema>;
    const derived = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, derive(value)]));
    if (Object.keys(shape).some((key) => derived[key] !== shape[key])) changes.shape = derived;
  }
  if (def.type === 'union') {
    const options = def.options as Schema[];
    const derived = options.map(derive);
    if (derived.some((option, i) => option !== options[i])) changes.options = derived;
  }
  const checks = def.checks;
  if (checks !== undefined) {
    const derived = checks.map(fastCheck);
    if (derived.some((check, i) => check !== checks[i])) changes.checks = derived;
  }
  if (Object.keys(changes).length === 0) return schema;
  return z.core.clone(schema, { ...def, ...changes } as z.core.$ZodTypeDef);
}

/** The catalog's event schema with fast base58 predicates. */
export const decodedEventSchema = derive(eventSchema) as typeof eventSchema;

/** safeParseEvent's answer, for events built by the decoders (or anything else: the verdict is the same). */
export function validateDecodedEvent(input: unknown): SafeParseEventResult {
  const result = decodedEventSchema.safeParse(input);
  return result.success ? { success: true, data: result.data } : { success: false, error: new EventParseError(result.error.issues, input) };
}
