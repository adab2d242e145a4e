// JSON text in and out of the RPC server. Solana sends u64 values as bare JSON numbers, and clients
// such as @solana/kit send bigints the same way, so integers beyond 2^53 are read as bigint and
// bigints are written as bare numbers.
import { randomBytes } from 'node:crypto';

const MAX_SAFE_DIGITS = 15;

/** Parse JSON, turning integer literals too large for a double into bigint. Throws SyntaxError. */
export function parseJson(text: string): unknown {
  const marker = `\u0000bigint-${randomBytes(6).toString('hex')}:`;
  let rewritten: string | null = null;
  let out = '';
  let last = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) {
      inString = true;
      continue;
    }
    const isDigit = c >= 0x30 && c <= 0x39;
    if (!isDigit && c !== 0x2d) continue;
    let end = i + 1;
    while (end < text.length && /[0-9eE.+-]/.test(text[end]!)) end++;
    const token = text.slice(i, end);
    if (/^-?(0|[1-9][0-9]*)$/.test(token) && token.replace('-', '').length > MAX_SAFE_DIGITS && !Number.isSafeInteger(Number(token))) {
      out += `${text.slice(last, i)}"${marker}${token}"`;
      last = end;
      rewritten = '';
    }
    i = end - 1;
  }
  if (rewritten === null) return JSON.parse(text);
  out += text.slice(last);
  return JSON.parse(out, (_key, value: unknown) => (typeof value === 'string' && value.startsWith(marker) ? BigInt(value.slice(marker.length)) : value));
}

/** Serialize to JSON; bigints become bare integer literals, undefined object fields are left out. */
export function stringifyJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((item) => stringifyJson(item)).join(',')}]`;
      const parts: string[] = [];
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        if (item !== undefined) parts.push(`${JSON.stringify(key)}:${stringifyJson(item)}`);
      }
      return `{${parts.join(',')}}`;
    }
    default:
      return 'null';
  }
}
