// Protobuf wire framing for the geyser fast path: updates are assembled from pre-encoded parts
// (a transaction encoded once, framed for every subscriber), which protobuf allows because a
// message is the concatenation of its fields in any order. Messages themselves are encoded with
// the ts-proto codecs through one reused writer, so its buffer grows once instead of per message.
import type { SubscribeUpdatePong } from '@triton-one/yellowstone-grpc';

type Writer = ReturnType<typeof SubscribeUpdatePong.encode>;
let writer: Writer | undefined;

/** `codec.encode(message).finish()`, reusing the writer's buffer across calls. */
export function encodeMessage<T>(codec: { encode(message: T, writer?: Writer): Writer }, message: T): Uint8Array {
  writer = codec.encode(message, writer);
  return writer.finish();
}

const LEN = 2;
const VARINT = 0;

function varintLength(value: number): number {
  let length = 1;
  while (value >= 0x80) {
    value = Math.floor(value / 0x80);
    length++;
  }
  return length;
}

function writeVarint(out: Buffer, offset: number, value: number): number {
  while (value >= 0x80) {
    out[offset++] = (value % 0x80) | 0x80;
    value = Math.floor(value / 0x80);
  }
  out[offset++] = value;
  return offset;
}

/** A length-delimited field (`bytes`, `string` or an embedded message) holding the given parts. */
export function lengthDelimited(field: number, ...parts: Uint8Array[]): Buffer {
  let size = 0;
  for (const part of parts) size += part.length;
  const key = field * 8 + LEN;
  const out = Buffer.allocUnsafe(varintLength(key) + varintLength(size) + size);
  let offset = writeVarint(out, 0, key);
  offset = writeVarint(out, offset, size);
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A varint field (uint64 up to 2^53, which covers slots and counts). Zero is omitted, as proto3 does. */
export function varintField(field: number, value: number): Buffer {
  if (value === 0) return Buffer.alloc(0);
  const key = field * 8 + VARINT;
  const out = Buffer.allocUnsafe(varintLength(key) + varintLength(value));
  writeVarint(out, writeVarint(out, 0, key), value);
  return out;
}

/** One repeated `string` field per name (SubscribeUpdate.filters is field 1). */
export function stringFields(field: number, values: readonly string[]): Buffer {
  return Buffer.concat(values.map((value) => lengthDelimited(field, Buffer.from(value, 'utf8'))));
}
