// Codec building blocks of the launchpad and pool-venue layouts: Anchor-style 8-byte discriminators
// (sha256 of "account:<Name>" / "event:<Name>"), length-prefixed strings, bounded arrays that keep
// account layouts fixed-size, and the basket, recipient and mode codecs both programs share.
import { createHash } from 'node:crypto';
import {
  addCodecSizePrefix,
  createCodec,
  getArrayCodec,
  getNullableCodec,
  getStructCodec,
  getUtf8Codec,
  transformCodec,
  type Address,
  type Codec,
  type FixedSizeCodec,
} from '@solana/kit';
import { enumCodec, u16, u32, u8 } from './integers.js';
import { addressFromBytes, writeAddressBytes } from '../base58.js';
import { COIN_MODES, HOLDERS_PAID, type BasketEntry, type CreatorRecipient } from './coin-rules.js';

/** A 32-byte address, through the cached base58 conversions (kit's address codec converts with BigInt
 * on every call, which dominates decoding a curve or pool account). */
export const addressCodec: FixedSizeCodec<Address, Address, 32> = createCodec({
  fixedSize: 32,
  write: (value: Address, bytes, offset) => {
    writeAddressBytes(value, bytes, offset);
    return offset + 32;
  },
  read: (bytes, offset) => [addressFromBytes(bytes as Uint8Array, offset), offset + 32],
});

/** Borsh `Option<Pubkey>`: a u8 0, or a u8 1 and the address (instruction data and events). */
export const optionalAddressCodec = getNullableCodec(addressCodec, { prefix: u8 });

/** `Option<Pubkey>` stored fixed-size (accounts): a u8 0 or 1, then 32 bytes, zeroes when none. */
export const fixedOptionalAddressCodec = getNullableCodec(addressCodec, { prefix: u8, noneValue: 'zeroes' });

function sha256Prefix(text: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(text).digest().subarray(0, 8));
}

export const accountDiscriminator = (name: string): Uint8Array => sha256Prefix(`account:${name}`);
export const eventDiscriminator = (name: string): Uint8Array => sha256Prefix(`event:${name}`);

export function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (bytes.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Borsh string: u32 byte length, then UTF-8. */
export const stringCodec: Codec<string> = addCodecSizePrefix(getUtf8Codec(), u32);

/** Borsh vec with a u8 length (instruction data and events). */
export function vecCodec<From, To extends From>(item: Codec<From, To>): Codec<From[], To[]> {
  return getArrayCodec(item, { size: u8 });
}

/** A list of at most `max` items stored fixed-size: u8 count, then `max` slots (unused slots zeroed). */
export function boundedArrayCodec<T extends object>(item: FixedSizeCodec<T>, max: number, empty: T): FixedSizeCodec<T[]> {
  const inner = getStructCodec([
    ['count', u8],
    ['items', getArrayCodec(item, { size: max })],
  ]);
  return transformCodec(
    inner,
    (list: T[]) => {
      if (list.length > max) throw new RangeError(`at most ${max} items`);
      return { count: list.length, items: [...list, ...Array.from({ length: max - list.length }, () => empty)] };
    },
    (stored) => stored.items.slice(0, Math.min(stored.count, max)),
  ) as FixedSizeCodec<T[]>;
}

export const coinModeCodec = enumCodec(COIN_MODES);
export const holdersPaidCodec = enumCodec(HOLDERS_PAID);
export const tradeSideCodec = enumCodec(['buy', 'sell'] as const);
export type TradeSide = 'buy' | 'sell';

export const basketEntryCodec: FixedSizeCodec<BasketEntry> = getStructCodec([
  ['mint', addressCodec],
  ['weightBps', u16],
]);
export const creatorRecipientCodec: FixedSizeCodec<CreatorRecipient> = getStructCodec([
  ['wallet', addressCodec],
  ['bps', u16],
]);

/** The all-zero address, used to fill unused fixed slots. */
export const ZERO_ADDRESS = addressFromBytes(new Uint8Array(32));

/** Encode a fixed-size account body behind its discriminator. */
export function encodeAccount<T>(discriminator: Uint8Array, codec: FixedSizeCodec<T>, value: T): Uint8Array {
  return concatBytes(discriminator, new Uint8Array(codec.encode(value)));
}

/** Decode an account body, or null when the discriminator or size is not this account's. */
export function decodeAccount<T>(discriminator: Uint8Array, codec: FixedSizeCodec<T>, data: Uint8Array): T | null {
  if (data.length < 8 + codec.fixedSize || !startsWith(data, discriminator)) return null;
  return codec.decode(data, 8);
}
