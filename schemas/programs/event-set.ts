// A program's event catalog: each event is `Program data: <base64>` whose bytes are the 8-byte
// discriminator sha256("event:<Name>")[0..8] followed by the event's codec bytes.
import type { Codec } from '@solana/kit';
import { concatBytes, eventDiscriminator, startsWith } from './layout-parts.js';

export type EventUnion<E> = { [K in keyof E & string]: { name: K; data: E[K] } }[keyof E & string];

export interface EventSet<E> {
  discriminators: { [K in keyof E & string]: Uint8Array };
  encode<K extends keyof E & string>(name: K, data: E[K]): Uint8Array;
  /** The event in `bytes`, or null when it is not one of this set (or does not decode). */
  decode(bytes: Uint8Array): EventUnion<E> | null;
}

export function defineEventSet<E>(codecs: { [K in keyof E & string]: Codec<E[K]> }): EventSet<E> {
  const names = Object.keys(codecs) as (keyof E & string)[];
  const discriminators = Object.fromEntries(names.map((name) => [name, eventDiscriminator(name)])) as {
    [K in keyof E & string]: Uint8Array;
  };
  return {
    discriminators,
    encode(name, data) {
      return concatBytes(discriminators[name], new Uint8Array(codecs[name].encode(data)));
    },
    decode(bytes) {
      const name = names.find((n) => startsWith(bytes, discriminators[n]));
      if (!name) return null;
      try {
        return { name, data: codecs[name].decode(bytes, 8) } as EventUnion<E>;
      } catch {
        return null;
      }
    },
  };
}

const PROGRAM_DATA = 'Program data: ';

/** The bytes of base64 text: a plain Uint8Array view of the decoded buffer, not a second copy. */
export function base64Bytes(text: string): Uint8Array {
  const buffer = Buffer.from(text, 'base64');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** The bytes of a `Program data:` log line (its first part), or null for any other line. */
export function programDataBytes(line: string): Uint8Array | null {
  if (!line.startsWith(PROGRAM_DATA)) return null;
  return base64Bytes(line.slice(PROGRAM_DATA.length).split(' ')[0] ?? '');
}

export interface ProgramDataLog {
  /** The program whose invocation printed the line (the top of the invoke stack). */
  programId: string;
  /** Invoke depth: 1 top-level, 2+ inside CPIs. */
  depth: number;
  bytes: Uint8Array;
}

/** Every `Program data:` payload of a transaction's logs, attributed to the program that emitted it
 * by following the `invoke [n]` / `success` / `failed` lines. */
export function programDataLogs(logMessages: readonly string[]): ProgramDataLog[] {
  const out: ProgramDataLog[] = [];
  const stack: string[] = [];
  for (const line of logMessages) {
    const invoke = /^Program (\w+) invoke \[\d+\]$/.exec(line);
    if (invoke) stack.push(invoke[1]!);
    else if (/^Program \w+ (success|failed: .*)$/.test(line)) stack.pop();
    const bytes = programDataBytes(line);
    if (bytes && stack.length > 0) out.push({ programId: stack[stack.length - 1]!, depth: stack.length, bytes });
  }
  return out;
}
