// Positional parameter parsing with the refusals of a validator's JSON-RPC layer: jsonrpc-derive's
// arity checks (trailing optional arguments) and serde's type errors (see serde.ts), all answered
// as -32602.
import { invalidParams, type RpcError } from './errors.js';
import { SerdeError, type Decoder } from './serde.js';

export * from './serde.js';

/** Rust's `{:?}` of the request's params (jsonrpc-core `Params`), cut short past a sane depth. */
function paramsDebug(params: unknown): string {
  const entries = (o: object, depth: number) =>
    Object.entries(o)
      .map(([k, x]) => `${JSON.stringify(k)}: ${value(x, depth + 1)}`)
      .join(', ');
  const value = (v: unknown, depth: number): string => {
    if (depth > 32) return '..';
    if (v === null || v === undefined) return 'Null';
    if (typeof v === 'boolean') return `Bool(${v})`;
    if (typeof v === 'number' || typeof v === 'bigint') return `Number(${v})`;
    if (typeof v === 'string') return `String(${JSON.stringify(v)})`;
    if (Array.isArray(v)) return `Array [${v.map((x) => value(x, depth + 1)).join(', ')}]`;
    return `Object {${entries(v as object, depth)}}`;
  };
  if (Array.isArray(params)) return `Array([${params.map((x) => value(x, 1)).join(', ')}])`;
  return `Map({${entries(params as object, 0)}})`;
}

function serdeFailure(error: unknown): RpcError {
  if (error instanceof SerdeError) return invalidParams(`Invalid params: ${error.message}.`);
  throw error;
}

/**
 * Decode positional params. `required` leading arguments must be present; the rest are optional
 * trailing arguments (jsonrpc-derive's handling of trailing `Option`s). Throws RpcError.
 */
export function parseParams<T extends unknown[]>(params: unknown, decoders: { [K in keyof T]: Decoder<T[K]> }, required: number): T {
  const total = decoders.length;
  const isArray = Array.isArray(params);
  const isNone = params === undefined || params === null;
  if (total === 0 || (required === total && total > 0 && !isArray && !isNone)) {
    if (total === 0) {
      if (isNone || (isArray && params.length === 0)) return [] as unknown as T;
      throw invalidParams('Invalid parameters: No parameters were expected', paramsDebug(params));
    }
    throw invalidParams(`Invalid params: invalid type: map, expected a tuple of size ${total}.`);
  }
  if (!isArray && !isNone) throw invalidParams('`params` should be an array');
  const args = isArray ? (params as unknown[]) : [];
  if (required === total) {
    if (args.length < total) throw invalidParams(`Invalid params: invalid length ${args.length}, expected a tuple of size ${total}.`);
    if (args.length > total) throw invalidParams(`Invalid params: invalid length ${args.length}, expected fewer elements in array.`);
  } else {
    if (args.length < required) throw invalidParams(`\`params\` should have at least ${required} argument(s)`);
    if (args.length > total) {
      throw invalidParams(`Invalid parameters: Expected from ${required} to ${total} parameters.`, JSON.stringify(`Got: ${args.length}`));
    }
  }
  try {
    return decoders.map((decode, i) => (i < args.length ? decode(args[i]) : undefined)) as unknown as T;
  } catch (error) {
    throw serdeFailure(error);
  }
}
