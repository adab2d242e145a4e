// Field schemas shared by the read API's query, params and response schemas: addresses, raw amounts, decimal
// strings, times, integer query parameters and the `{ error }` body. Response schemas use no transforms, so the
// serializer can encode them; query parameters arrive as strings and are read strictly (no `" 5"`, `"1e1"`, `""`).
import { z } from 'zod';
import { addressBytesView } from '../base58.js';

const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** What every schema says of a required field left out, unless the field says more itself. */
const REQUIRED = 'is required';
z.config({ customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? REQUIRED : undefined) });

/** An issue as answers word it: `<where>: <message>`, or `<where> is required` for a field left out. */
export function issueText(where: string, message: string): string {
  if (where === '') return message;
  return message === REQUIRED ? `${where} ${REQUIRED}` : `${where}: ${message}`;
}

/** Whether base58 text decodes to exactly 32 bytes (decodings are cached: responses check the same addresses often). */
function decodesTo32Bytes(value: string): boolean {
  try {
    addressBytesView(value);
    return true;
  } catch {
    return false;
  }
}

/** A chain address: base58 text decoding to exactly 32 bytes. */
export const address = z
  .string()
  .regex(BASE58_ADDRESS, { error: 'expected a base58 address', abort: true })
  .refine(decodesTo32Bytes, { error: 'expected a base58 address of 32 bytes' })
  .describe('Chain address: base58, 32 bytes');

/** A transaction signature: base58, 64 bytes once decoded (checked by the chain, shape-checked here). */
export const signature = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, { error: 'expected a base58 transaction signature' })
  .describe('Transaction signature, base58');

/** Whether `value` is base64 exactly as an encoder writes it: the only spelling of its bytes. Base64 leaves the low
 * bits of the character before `=` padding free, so several texts decode to the same bytes; anything taken once by
 * its text (a signed call, a submitted transaction) would otherwise be taken again re-spelled. */
export function isCanonicalBase64(value: string): boolean {
  return Buffer.from(value, 'base64').toString('base64') === value;
}

/** An ed25519 signature of a message, base64 as an encoder writes it: 64 bytes, 88 characters, and since 64 bytes
 * leave four bits of the 86th character unused, that character is one of A, Q, g or w. */
export const ed25519SignatureBase64 = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'required: give the base64 ed25519 signature of the message' : 'must be the base64 ed25519 signature of the message',
  })
  .regex(/^[A-Za-z0-9+/]{85}[AQgw]==$/, {
    error:
      'must be the base64 ed25519 signature of the message (64 bytes, 88 characters), encoded as a standard base64 encoder writes it (the character before == is A, Q, g or w)',
  });

/** The launch route a coin took, as ideas, coins, webhooks and streams name it. */
export const launchVenue = z
  .enum(['launchpad', 'pool-venue'])
  .describe('The route the coin launched on: launchpad (a bonding curve first) or pool-venue (straight into a pool)');

/** A recipient's share of the creator part: percent with up to two decimals, as `recipients` take it at launch. */
export const recipientPct = z.number().gt(0).max(100).describe("Share of the creator's part, percent, up to two decimals");

/** A non-negative integer in raw units as a decimal string. */
export const rawAmount = z
  .string()
  .regex(/^(0|[1-9]\d*)$/)
  .describe('Integer in raw units, as a decimal string');

/** A non-negative decimal number as a string: digits, an optional fraction without trailing zeros. */
export const decimalString = z.string().regex(/^(0|[1-9]\d*)(\.\d*[1-9])?$/);

/** A signed percentage with two decimals, e.g. `12.50` or `-3.07`. */
export const percentString = z.string().regex(/^-?(0|[1-9]\d*)\.\d{2}$/);

/** An ISO 8601 UTC time as the API writes it (`2025-01-31T12:00:00.000Z`). */
export const isoTime = z.iso.datetime().describe('ISO 8601 time, UTC');

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));

/** The isoTime text of a unix second from 1970 to 9999, as `Date#toISOString` writes it, computed without a Date
 * (about a tenth of its cost: trade pages write one per trade). The date is the proleptic Gregorian calendar's day
 * `seconds / 86400` after 1970-01-01, by the civil-from-days arithmetic (400-year eras starting March 1st). */
export function isoFromSeconds(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const inDay = seconds - days * 86_400;
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hour = Math.floor(inDay / 3600);
  const minute = Math.floor((inDay - hour * 3600) / 60);
  return `${year}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}T${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[inDay % 60]}.000Z`;
}

/**
 * Text the service did not write and must never be read as instructions: what a coin's creator wrote, what the
 * idea model wrote, a token's own name and links. Every string inside a schema registered here, and inside any
 * object field named `user` (where the API keeps creator and idea text, spec 1), is handed to agents wrapped as
 * `{ untrusted_text }` (mcp/untrusted-text.ts).
 */
export const untrustedText = z.registry();

/** Mark a response schema as untrusted text (see `untrustedText`). */
export function untrusted<T extends z.ZodType>(schema: T): T {
  untrustedText.add(schema, {});
  return schema;
}

/** The query of a route that takes no query parameters: any key is refused with 400. */
/** What every query schema says of keys it does not name: dashboards add their own (cache-busting) keys. */
export const UNKNOWN_QUERY_KEYS = 'Unknown query keys are ignored; a known key with an invalid value is refused with 400';

export const noQuery = z.object({}).describe(`No query parameters. ${UNKNOWN_QUERY_KEYS}`);

/** The body of every read error (spec section 7). */
export const errorBody = z.object({ error: z.string().describe('What went wrong, in words') }).describe('Error');

/** Error responses every read route declares: a paid call unpaid, or any read past the free allowance with a payment
 * that fails, is a 402; past the allowance unpaid, a 429. */
export const errorResponses = {
  400: errorBody,
  402: errorBody.describe('Payment required: the price is in the PAYMENT-REQUIRED header (x402 version 2)'),
  404: errorBody,
  429: errorBody.describe('Past the free allowance: wait Retry-After seconds, or pay for the request (PAYMENT-REQUIRED)'),
  500: errorBody,
} as const;

/** Read a query-string integer exactly: canonical decimal digits become a number, anything else is left for
 * the schema to refuse (so `1.5`, `1e1`, ` 5`, `0x10` and `` are 400s, never coerced). */
function integerText(value: unknown): unknown {
  return typeof value === 'string' && /^(0|-?[1-9]\d{0,15})$/.test(value) ? Number(value) : value;
}

/** A query parameter's `true` or `false` as the boolean it stands for (a tool argument arrives as the boolean). */
function booleanText(value: unknown): unknown {
  return value === 'true' ? true : value === 'false' ? false : value;
}

/** A boolean query parameter: `true` or `false` in a URL, a JSON boolean as a tool argument. */
export function booleanParam() {
  return z.preprocess(booleanText, z.boolean({ error: 'expected true or false' }));
}

/** An integer query parameter within [min, max] with a default. */
export function intParam(min: number, max: number, fallback: number) {
  return z.preprocess(integerText, boundedInt(min, max).default(fallback));
}

/** An integer in [min, max] whose errors say which bound was crossed. */
function boundedInt(min: number, max: number) {
  return z
    .int({ error: 'expected an integer' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });
}

/** A non-negative integer query parameter with a default and no upper bound beyond a safe integer. */
export function offsetParam(fallback: number) {
  return z.preprocess(integerText, boundedInt(0, Number.MAX_SAFE_INTEGER).default(fallback));
}
