// Strict base58 / base64 decoding for request parameters, reporting failures the way the Rust crates
// behind a validator do (bs58 and base64 DecodeError debug text), and the parsing of public keys,
// signatures and hashes with their `Invalid` / `WrongSize` outcomes.
import { getBase58Encoder } from '@solana/kit';

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const base58Bytes = getBase58Encoder();
const base64Index = new Map([...BASE64_ALPHABET].map((c, i) => [c.charCodeAt(0), i]));

export type Decoded = { ok: true; bytes: Uint8Array } | { ok: false; error: string };

/** Rust's `{:?}` of a char. */
function rustChar(c: string): string {
  const escapes: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\0': '\\0', "'": "\\'", '\\': '\\\\' };
  if (escapes[c]) return `'${escapes[c]}'`;
  const code = c.codePointAt(0)!;
  return code < 0x20 || code === 0x7f ? `'\\u{${code.toString(16)}}'` : `'${c}'`;
}

export function decodeBase58(text: string): Decoded {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b > 127) return { ok: false, error: `NonAsciiCharacter { index: ${i} }` };
    const c = String.fromCharCode(b);
    if (!BASE58_ALPHABET.includes(c)) return { ok: false, error: `InvalidCharacter { character: ${rustChar(c)}, index: ${i} }` };
  }
  return { ok: true, bytes: new Uint8Array(base58Bytes.encode(text)) };
}

export function decodeBase64(text: string): Decoded {
  const bytes = Buffer.from(text, 'utf8');
  let symbols = bytes.length;
  while (symbols > 0 && bytes[symbols - 1] === 0x3d) symbols--;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (i < symbols && !base64Index.has(b)) return { ok: false, error: `InvalidByte(${i}, ${b})` };
  }
  if (symbols % 4 === 1) return { ok: false, error: `InvalidLength(${symbols})` };
  const padding = bytes.length - symbols;
  const expectedPadding = (4 - (symbols % 4)) % 4;
  if (padding !== expectedPadding) return { ok: false, error: 'InvalidPadding' };
  const unusedBits = [0, 0, 4, 2][symbols % 4]!;
  if (unusedBits > 0) {
    const last = bytes[symbols - 1]!;
    if ((base64Index.get(last)! & ((1 << unusedBits) - 1)) !== 0) return { ok: false, error: `InvalidLastSymbol(${symbols - 1}, ${last})` };
  }
  return { ok: true, bytes: new Uint8Array(Buffer.from(text, 'base64')) };
}

export type ParsedKey = { ok: true; bytes: Uint8Array } | { ok: false; error: 'Invalid' | 'WrongSize' };

/** `FromStr` of Pubkey / Hash (32 bytes, at most 44 characters) and Signature (64 bytes, 88). */
export function parseBase58Key(text: string, size: 32 | 64): ParsedKey {
  const maxLength = size === 32 ? 44 : 88;
  if (Buffer.byteLength(text, 'utf8') > maxLength) return { ok: false, error: 'WrongSize' };
  const decoded = decodeBase58(text);
  if (!decoded.ok || decoded.bytes.length > size) return { ok: false, error: 'Invalid' };
  if (decoded.bytes.length !== size) return { ok: false, error: 'WrongSize' };
  return { ok: true, bytes: decoded.bytes };
}
