// The BigInt-free base58 codec and the cached address conversions, against @solana/kit's codecs on
// random inputs: every length up to 80 bytes, runs of leading zeros, all-zero and all-0xff values.
import { getAddressDecoder, getBase58Decoder, getBase58Encoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { addressBytesView, addressFromBytes, addressToBytes, Base58Error, decodeBase58, encodeBase58, writeAddressBytes } from '../../schemas/base58.js';
import { seededRandom } from '../infra/seeded-random.js';

const kitText = getBase58Decoder(); // bytes → text
const kitBytes = getBase58Encoder(); // text → bytes
const kitAddress = getAddressDecoder();

function sample(seed: number, count: number): Uint8Array[] {
  const rng = seededRandom(seed);
  const out: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const length = rng.pick([0, 1, 2, 3, 4, 5, 31, 32, 32, 32, 33, 64, 64, rng.int(81)]);
    const bytes = rng.bytes(length);
    const shape = rng.int(6);
    if (shape === 0) bytes.fill(0, 0, rng.int(length + 1)); // leading zeros
    if (shape === 1) bytes.fill(0);
    if (shape === 2) bytes.fill(0xff);
    if (shape === 3 && length > 0) bytes.fill(0, 0, length - 1); // a single trailing digit
    out.push(bytes);
  }
  return out;
}

describe('base58', () => {
  it('encodes bytes to the same text as kit', () => {
    for (const bytes of sample(1, 20_000)) expect(encodeBase58(bytes)).toBe(kitText.decode(bytes));
  });

  it('decodes text to the same bytes as kit (round trip)', () => {
    for (const bytes of sample(2, 20_000)) {
      const text = kitText.decode(bytes);
      expect(decodeBase58(text)).toEqual(new Uint8Array(kitBytes.encode(text)));
      expect(decodeBase58(text)).toEqual(bytes);
    }
  });

  it('encodes a range of a larger array', () => {
    const rng = seededRandom(3);
    for (let i = 0; i < 500; i++) {
      const bytes = rng.bytes(100);
      const start = rng.int(50);
      const end = start + rng.int(50);
      expect(encodeBase58(bytes, start, end)).toBe(kitText.decode(bytes.slice(start, end)));
    }
  });

  it('refuses characters outside the alphabet, as kit does', () => {
    for (const text of ['0', 'O', 'I', 'l', '1111O', 'abc+', 'é', ' 1', '11111111111111111111111111111112 ']) {
      expect(() => decodeBase58(text)).toThrow(Base58Error);
      expect(() => kitBytes.encode(text)).toThrow();
    }
    expect(decodeBase58('')).toEqual(new Uint8Array(0));
    expect(encodeBase58(new Uint8Array(0))).toBe('');
  });
});

describe('address conversions', () => {
  it('agree with kit both ways, cached or not, at any offset', () => {
    const rng = seededRandom(4);
    for (let i = 0; i < 5_000; i++) {
      const bytes = rng.bytes(40);
      if (rng.chance(0.2)) bytes.fill(0, 0, 4 + rng.int(30));
      const offset = rng.int(9);
      const expected = kitAddress.decode(bytes, offset);
      expect(addressFromBytes(bytes, offset)).toBe(expected);
      expect(addressFromBytes(bytes, offset)).toBe(expected); // cached
      expect(addressBytesView(expected)).toEqual(bytes.slice(offset, offset + 32));
      const target = new Uint8Array(36);
      writeAddressBytes(expected, target, 4);
      expect(target.subarray(4)).toEqual(bytes.slice(offset, offset + 32));
    }
  });

  it('hands out copies from addressToBytes, so the cache cannot be changed through them', () => {
    const address = addressFromBytes(new Uint8Array(32).fill(9));
    const copy = addressToBytes(address);
    copy.fill(0);
    expect(addressToBytes(address)).toEqual(new Uint8Array(32).fill(9));
  });

  it('refuses short input and text that is not 32 bytes', () => {
    expect(() => addressFromBytes(new Uint8Array(31))).toThrow(RangeError);
    expect(() => addressFromBytes(new Uint8Array(40), 9)).toThrow(RangeError);
    expect(() => addressBytesView('1111')).toThrow(Base58Error);
    expect(() => addressBytesView(kitText.decode(new Uint8Array(33).fill(7)))).toThrow(Base58Error);
    expect(() => addressBytesView('not an address')).toThrow(Base58Error);
  });
});
