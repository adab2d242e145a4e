// serde's view of JSON values, for request parameters: typed decoders (strings, unsigned integers,
// enums, structs that ignore unknown fields) that fail with the messages serde gives.
export class SerdeError extends Error {}

export type Decoder<T> = (value: unknown) => T;

const U64_MAX = (1n << 64n) - 1n;

/** serde's `Unexpected` for a JSON value. */
export function unexpected(value: unknown): string {
  if (value === null || value === undefined) return 'unit value';
  if (typeof value === 'boolean') return `boolean \`${value}\``;
  if (typeof value === 'bigint') return `integer \`${value}\``;
  if (typeof value === 'number') return Number.isInteger(value) ? `integer \`${value}\`` : `floating point \`${value}\``;
  if (typeof value === 'string') return `string ${JSON.stringify(value)}`;
  return Array.isArray(value) ? 'sequence' : 'map';
}

export const invalidType = (value: unknown, expected: string) => new SerdeError(`invalid type: ${unexpected(value)}, expected ${expected}`);

/** serde's list of expected variants. */
export function oneOf(names: readonly string[]): string {
  const quoted = names.map((n) => `\`${n}\``);
  if (quoted.length === 1) return quoted[0]!;
  if (quoted.length === 2) return `${quoted[0]} or ${quoted[1]}`;
  return `one of ${quoted.join(', ')}`;
}

export const str: Decoder<string> = (v) => {
  if (typeof v !== 'string') throw invalidType(v, 'a string');
  return v;
};

export const bool: Decoder<boolean> = (v) => {
  if (typeof v !== 'boolean') throw invalidType(v, 'a boolean');
  return v;
};

function unsigned(name: string, max: bigint): Decoder<bigint> {
  return (v) => {
    if (typeof v === 'bigint' || (typeof v === 'number' && Number.isSafeInteger(v))) {
      const n = BigInt(v);
      if (n < 0n || n > max) throw new SerdeError(`invalid value: integer \`${n}\`, expected ${name}`);
      return n;
    }
    throw invalidType(v, name);
  };
}

export const u64 = unsigned('u64', U64_MAX);
export const u8 = unsigned('u8', 255n);
/** usize values fit a JS number in practice; larger ones are refused as out of range. */
export const usize: Decoder<number> = (v) => {
  const n = unsigned('usize', U64_MAX)(v);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new SerdeError(`invalid value: integer \`${n}\`, expected usize`);
  return Number(n);
};
/** Slots and other u64 counters that stay far below 2^53. */
export const slot: Decoder<number> = (v) => {
  const n = u64(v);
  return n > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(n);
};

export function optional<T>(decode: Decoder<T>): Decoder<T | undefined> {
  return (v) => (v === null || v === undefined ? undefined : decode(v));
}

export function array<T>(decode: Decoder<T>): Decoder<T[]> {
  return (v) => {
    if (!Array.isArray(v)) throw invalidType(v, 'a sequence');
    return v.map(decode);
  };
}

/** A unit-variant enum written as a string (serde's externally tagged enum). */
export function variant<T extends string>(names: readonly T[]): Decoder<T> {
  return (v) => {
    if (typeof v !== 'string') throw invalidType(v, 'string or map');
    if (!(names as readonly string[]).includes(v)) throw new SerdeError(`unknown variant \`${v}\`, expected ${oneOf(names)}`);
    return v as T;
  };
}

type Fields = Record<string, Decoder<unknown>>;
type Decoded<F extends Fields> = { [K in keyof F]: ReturnType<F[K]> };

/** A struct with camelCase fields; unknown fields are ignored, as serde does without deny_unknown_fields. */
export function struct<F extends Fields>(name: string, fields: F, required: readonly (keyof F)[] = []): Decoder<Decoded<F>> {
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw invalidType(v, `struct ${name}`);
    const input = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, decode] of Object.entries(fields)) {
      if (!(key in input) && required.includes(key)) throw new SerdeError(`missing field \`${key}\``);
      out[key] = decode(input[key]);
    }
    return out as Decoded<F>;
  };
}
