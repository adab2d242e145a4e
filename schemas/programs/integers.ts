// The programs' little-endian integers, and the booleans and enums stored as them, read in place. kit's
// number decoders copy each number's bytes into an ArrayBuffer of their own before reading it: an allocation for every
// field of every event, instruction and account decoded, and among the largest costs of decoding a transaction. These
// read through a DataView over the bytes' own buffer, and encode with kit's encoders, so the bytes written and every
// value read are kit's.
import {
  assertByteArrayHasEnoughBytesForCodec,
  assertByteArrayIsNotEmptyForCodec,
  combineCodec,
  createDecoder,
  getBooleanCodec,
  getI64Encoder,
  getLiteralUnionCodec,
  getU16Encoder,
  getU32Encoder,
  getU64Encoder,
  getU8Encoder,
  type FixedSizeCodec,
  type FixedSizeEncoder,
  type ReadonlyUint8Array,
} from '@solana/kit';

/** The view of the last byte array read: a struct reads all its fields from one. */
let viewed: { bytes: ReadonlyUint8Array; view: DataView } | null = null;

function viewOf(bytes: ReadonlyUint8Array): DataView {
  if (viewed?.bytes !== bytes) viewed = { bytes, view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  return viewed.view;
}

function integer<To extends number | bigint, Size extends number>(
  name: string,
  encoder: FixedSizeEncoder<number | bigint, Size>,
  get: (view: DataView, offset: number) => To,
): FixedSizeCodec<number | bigint, To, Size> {
  const size = encoder.fixedSize;
  const decoder = createDecoder<To, Size>({
    fixedSize: size,
    read: (bytes, offset = 0): [To, number] => {
      assertByteArrayIsNotEmptyForCodec(name, bytes, offset);
      assertByteArrayHasEnoughBytesForCodec(name, size, bytes, offset);
      return [get(viewOf(bytes), offset), offset + size];
    },
  });
  return combineCodec<number | bigint, To, Size>(encoder, decoder);
}

export const u8 = integer('u8', getU8Encoder(), (view, offset) => view.getUint8(offset));
export const u16 = integer('u16', getU16Encoder(), (view, offset) => view.getUint16(offset, true));
export const u32 = integer('u32', getU32Encoder(), (view, offset) => view.getUint32(offset, true));
export const u64 = integer('u64', getU64Encoder(), (view, offset) => view.getBigUint64(offset, true));
export const i64 = integer('i64', getI64Encoder(), (view, offset) => view.getBigInt64(offset, true));

export const bool = getBooleanCodec({ size: u8 });

/** An enum stored as its u8 index. */
export function enumCodec<const V extends readonly (string | number | boolean | bigint | null | undefined)[]>(variants: V) {
  return getLiteralUnionCodec(variants, { size: u8 });
}
