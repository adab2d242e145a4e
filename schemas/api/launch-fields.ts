// Field schemas of the launch steps' bodies (spec 4.2 to 4.4) with their bounds, written so that every
// message says what to fix. The bounds show in the OpenAPI document (lengths, ranges, patterns, descriptions);
// byte and content checks that JSON Schema cannot express are refinements described in words.
import { z } from 'zod';
import { isAddress } from '@solana/kit';
import { MAX_BASKET_ENTRIES, MAX_CREATOR_RECIPIENTS, MAX_FEE_BPS, MAX_NAME_BYTES, MAX_SYMBOL_BYTES } from '../programs/coin-rules.js';
import { MAX_FIRST_BUY_BPS } from '../programs/pool-venue/constants.js';
import { isCanonicalBase64 } from './fields.js';

/** Largest coin image, decoded bytes. */
export const MAX_IMAGE_BYTES = 512 * 1024;
/** Image formats taken, by their leading bytes. */
export const IMAGE_TYPES = ['png', 'jpeg', 'gif', 'webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const MAX_DESCRIPTION_CHARS = 1_000;
export const MAX_URL_CHARS = 200;
export const MAX_LABEL_CHARS = 32;
export const MAX_HOOKS = 8;
export const MAX_HOOK_ID_CHARS = 32;
/** Largest u64: lamport amounts are u64 on chain. */
const U64_MAX = 2n ** 64n - 1n;

const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL_CHARS_BUT_NEWLINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** "required" when the field is missing, else `must be <what>`. */
export function expect(what: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? `required: give ${what}` : `must be ${what}`);
}

/** A wallet or mint address: base58 text of a 32-byte key. */
export function addressField(what = 'a base58 address') {
  return z
    .string({ error: expect(what) })
    .regex(BASE58_ADDRESS, { error: `must be ${what} (32 to 44 base58 characters)`, abort: true })
    .refine((value) => isAddress(value), { error: `must be ${what} that decodes to 32 bytes` });
}

/** Display text of a coin: trimmed, no control or direction-override characters, within a byte budget. */
function coinText(label: string, maxBytes: number) {
  return z
    .string({ error: expect(`the coin's ${label} as text`) })
    .min(1, { error: `must not be empty: give the coin's ${label}` })
    .max(maxBytes, { error: `must be at most ${maxBytes} characters`, abort: true })
    .refine((value) => value.trim() === value, { error: 'must not start or end with spaces' })
    .refine((value) => !CONTROL_CHARS.test(value), { error: 'must not contain control or text-direction characters' })
    .refine((value) => utf8Bytes(value) <= maxBytes, { error: `must fit in ${maxBytes} bytes of UTF-8 (the chain's limit)` });
}

export const nameField = coinText('name', MAX_NAME_BYTES).describe(
  `Coin name: 1 to ${MAX_NAME_BYTES} bytes of UTF-8, no leading or trailing spaces, no control characters`,
);

export const tickerField = z
  .string({ error: expect('the ticker as text') })
  .regex(new RegExp(`^[A-Za-z0-9]{1,${MAX_SYMBOL_BYTES}}$`), {
    error: `must be 1 to ${MAX_SYMBOL_BYTES} letters or digits (A-Z, a-z, 0-9), without a leading $`,
  })
  .describe(`Ticker: 1 to ${MAX_SYMBOL_BYTES} ASCII letters or digits; written on chain as the symbol`);

export const descriptionField = z
  .string({ error: expect('the description as text') })
  .max(MAX_DESCRIPTION_CHARS, { error: `must be at most ${MAX_DESCRIPTION_CHARS} characters` })
  .refine((value) => !CONTROL_CHARS_BUT_NEWLINES.test(value), { error: 'must not contain control characters other than newlines and tabs' })
  .describe(`Description: up to ${MAX_DESCRIPTION_CHARS} characters; kept by the service (not on chain), shown under \`user\``);

function httpsUrl(label: string, hosts: readonly string[] | null) {
  const where = hosts ? ` on ${hosts.join(' or ')}` : '';
  return z
    .string({ error: expect(`an https URL${where}`) })
    .max(MAX_URL_CHARS, { error: `must be at most ${MAX_URL_CHARS} characters`, abort: true })
    .refine((value) => urlProblem(value, hosts) === null, {
      error: `must be an https URL${where} without credentials or spaces, like https://${hosts?.[0] ?? 'example.com'}/...`,
    })
    .describe(`${label}: an https URL${where}, at most ${MAX_URL_CHARS} characters; unchecked third-party link`);
}

function urlProblem(value: string, hosts: readonly string[] | null): string | null {
  if (/\s/.test(value)) return 'space';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return 'not a plain https URL';
  const host = url.hostname.toLowerCase();
  if (!host.includes('.')) return 'no public host';
  if (hosts && !hosts.some((allowed) => host === allowed || host === `www.${allowed}`)) return 'wrong host';
  return null;
}

export const socialsField = z
  .strictObject(
    {
      x: httpsUrl('X (Twitter) profile or post', ['x.com', 'twitter.com']).optional(),
      telegram: httpsUrl('Telegram group or channel', ['t.me', 'telegram.me']).optional(),
      website: httpsUrl('Website', null).optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `only x, telegram and website are taken; remove ${issue.keys.join(', ')}`
          : 'must be an object with optional x, telegram, website',
    },
  )
  .describe('Links kept by the service (not on chain) and shown under `user.socials`');

/** The image type of `bytes` by its signature, or null. */
export function imageType(bytes: Uint8Array): ImageType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'webp';
  return null;
}

const MAX_IMAGE_BASE64 = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;
const NOT_CANONICAL = 'must be base64 as a standard encoder writes it: the character before = padding carries unused bits, which must be zero';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const imageField = z
  .string({ error: expect('the image as base64 text') })
  .min(1, { error: 'must not be empty: give the image as base64' })
  .max(MAX_IMAGE_BASE64, { error: `must be at most ${MAX_IMAGE_BYTES / 1024} KiB once decoded (${MAX_IMAGE_BASE64} base64 characters)`, abort: true })
  .regex(BASE64, { error: 'must be standard base64 (A-Z, a-z, 0-9, +, / and = padding), without a data: prefix or line breaks', abort: true })
  .refine(isCanonicalBase64, { error: NOT_CANONICAL, abort: true })
  .refine((value) => imageType(Buffer.from(value, 'base64')) !== null, { error: `must be a ${IMAGE_TYPES.join(', ')} image` })
  .describe(`Coin image, base64: ${IMAGE_TYPES.join(', ')}, at most ${MAX_IMAGE_BYTES / 1024} KiB decoded`);

function bpsInt(label: string, min: number, max: number) {
  return z
    .number({ error: expect(`${label} as a whole number of bps from ${min} to ${max}`) })
    .int({ error: `must be a whole number of bps from ${min} to ${max}` })
    .min(min, { error: `must be at least ${min} bps` })
    .max(max, { error: `must be at most ${max} bps` });
}

export const feeBpsField = bpsInt('the trading fee', 0, MAX_FEE_BPS).describe(`Trading fee in bps of each trade's quote amount, 0 to ${MAX_FEE_BPS} (5%)`);

export const buyBpsField = bpsInt('the first buy', 0, MAX_FIRST_BUY_BPS).describe(
  `Creator's first buy inside the launch, in bps of supply, 0 to ${MAX_FIRST_BUY_BPS} (10%); 0 or absent: no buy`,
);

export const basketField = z
  .array(
    z.strictObject(
      {
        mint: addressField('a basket token mint address'),
        weight: bpsInt('the weight', 1, 10_000).describe('Weight in bps; the weights sum to 10000'),
      },
      { error: expect('an object { mint, weight }') },
    ),
    { error: expect('an array of { mint, weight }') },
  )
  .max(MAX_BASKET_ENTRIES, { error: `must hold at most ${MAX_BASKET_ENTRIES} tokens` })
  .superRefine((basket, ctx) => {
    if (basket.length === 0) return;
    if (new Set(basket.map((entry) => entry.mint)).size !== basket.length) ctx.addIssue({ code: 'custom', message: 'must name each token once' });
    const total = basket.reduce((sum, entry) => sum + entry.weight, 0);
    if (total !== 10_000) ctx.addIssue({ code: 'custom', message: `weights must sum to 10000 bps, they sum to ${total}` });
  })
  .describe(`Tokens holder rewards buy: 1 to ${MAX_BASKET_ENTRIES} distinct basket tokens the service offers, weights in bps summing to 10000`);

/** A percentage with at most two decimals, above 0 and at most 100. */
const pctField = z
  .number({ error: expect('a percentage above 0 and at most 100') })
  .gt(0, { error: 'must be above 0' })
  .max(100, { error: 'must be at most 100' })
  .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, {
    error: 'must have at most two decimals',
  })
  .describe('Share of the creator part, percent, up to two decimals');

export const recipientsField = z
  .array(
    z.strictObject(
      {
        wallet: addressField('a recipient wallet address'),
        pct: pctField,
        label: z
          .string({ error: expect('a label as text') })
          .min(1, { error: 'must not be empty; leave it out instead' })
          .max(MAX_LABEL_CHARS, { error: `must be at most ${MAX_LABEL_CHARS} characters` })
          .refine((value) => !CONTROL_CHARS.test(value), { error: 'must not contain control characters' })
          .optional()
          .describe(`Name for the recipient, up to ${MAX_LABEL_CHARS} characters; kept by the service only`),
      },
      { error: expect('an object { wallet, pct, label? }') },
    ),
    { error: expect('an array of { wallet, pct, label? }') },
  )
  .max(MAX_CREATOR_RECIPIENTS, { error: `must hold at most ${MAX_CREATOR_RECIPIENTS} recipients` })
  .superRefine((recipients, ctx) => {
    if (recipients.length === 0) return;
    if (new Set(recipients.map((r) => r.wallet)).size !== recipients.length) ctx.addIssue({ code: 'custom', message: 'must name each wallet once' });
    const totalBps = recipients.reduce((sum, r) => sum + Math.round(r.pct * 100), 0);
    if (totalBps !== 10_000) ctx.addIssue({ code: 'custom', message: `percentages must sum to 100, they sum to ${totalBps / 100}` });
  })
  .describe(`Creator mode: 1 to ${MAX_CREATOR_RECIPIENTS} distinct wallets sharing the creator part, percentages summing to 100; absent: the creator alone`);

export const hooksField = z
  .array(
    z
      .string({ error: expect('a hook id as text') })
      .regex(new RegExp(`^[a-z0-9-]{1,${MAX_HOOK_ID_CHARS}}$`), { error: 'must be a hook id from GET /hooks, like anti-sniper' }),
    { error: expect('an array of hook ids') },
  )
  .max(MAX_HOOKS, { error: `must hold at most ${MAX_HOOKS} hooks` })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'must name each hook once' })
  .describe('Hook ids marked live in GET /hooks while it is open; with hooks the coin is a token-2022 coin paired with SOL');

/** A positive raw amount as a decimal string that fits in a u64. */
export function lamportsField(what: string) {
  return z
    .string({ error: expect(`${what} as a decimal string of lamports`) })
    .regex(/^[1-9]\d{0,19}$/, { error: `must be a positive whole number of lamports as a decimal string, like "500000000"`, abort: true })
    .refine((value) => BigInt(value) <= U64_MAX, { error: 'must fit in 64 bits' });
}

/** A base64 wire transaction, at most the packet size once decoded. */
export const wireTransactionField = z
  .string({ error: expect('the signed transaction as base64') })
  .min(1, { error: 'must not be empty: give the signed transaction as base64' })
  .max(2_000, { error: 'must be at most 1232 bytes once decoded (a transaction packet)', abort: true })
  .regex(BASE64, { error: 'must be standard base64 of the signed wire transaction', abort: true })
  .refine(isCanonicalBase64, { error: NOT_CANONICAL })
  .describe('Signed wire transaction, base64');

/** A transaction signature: base58 of 64 bytes. */
export function signatureField(what: string) {
  return z
    .string({ error: expect(what) })
    .regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, { error: `must be ${what}, base58` })
    .describe('Transaction signature, base58');
}

/** The message of a strict object's unknown keys (and of a body that is not an object). */
export function unknownKeys(fields: readonly string[]) {
  return (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `${issue.keys?.join(', ')}: not a field of this step; remove it (fields: ${fields.join(', ')})`
      : `the body must be a JSON object with the fields ${fields.join(', ')}`;
}

/** The fields of a body as given, for rules between fields that run even when some field failed. */
export function looseRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export const nonEmptyArray = (value: unknown): boolean => Array.isArray(value) && value.length > 0;

/** The body of every launch-step error (spec section 7): every problem at once, each saying what to fix. */
export const launchErrorBody = z
  .object({ errors: z.array(z.string()).min(1).describe('Every problem found, each saying what to fix') })
  .describe('Launch error');
