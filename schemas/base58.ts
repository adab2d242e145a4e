// Base58 (Bitcoin/Solana alphabet) without BigInt, and cached 32-byte address conversions.
// Digits are converted in chunks (3 bytes ↔ 4 base58 characters at a time, limbs held exactly in
// doubles), so a 32-byte address takes about sixty multiply-adds. Results agree exactly with
// @solana/kit's base58 codecs: leading zero bytes are leading '1's, the rest is the minimal number.
import type { Address } from '@solana/kit';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT_OF = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT_OF[ALPHABET.charCodeAt(i)] = i;

const B58_4 = 58 ** 4; // limb base when producing base58: four characters per limb
const B58_POW = [1, 58, 58 ** 2, 58 ** 3, B58_4];
const B256_3 = 2 ** 24; // limb base when producing bytes: three bytes per limb
const B256_POW = [1, 2 ** 8, 2 ** 16, B256_3];

/** Thrown for text with a character outside the base58 alphabet, or (as an address) not of 32 bytes. */
export class Base58Error extends Error {}

/** `limbs` (little-endian, in base `base`) times `mul` plus `carry`, in place. */
function mulAdd(limbs: number[], mul: number, carry: number, base: number): void {
  for (let j = 0; j < limbs.length; j++) {
    const x = limbs[j]! * mul + carry;
    carry = Math.floor(x / base);
    limbs[j] = x - carry * base;
  }
  while (carry > 0) {
    const q = Math.floor(carry / base);
    limbs.push(carry - q * base);
    carry = q;
  }
}

/** Base58 text of `bytes[start, end)`. */
export function encodeBase58(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let zeros = 0;
  while (start + zeros < end && bytes[start + zeros] === 0) zeros++;
  let i = start + zeros;
  // Little-endian limbs of the value in base 58^4; a limb times 2^24 stays below 2^53.
  const limbs: number[] = [];
  let step = (end - i) % 3 || 3;
  while (i < end) {
    let carry = 0;
    for (let k = 0; k < step; k++) carry = carry * 256 + bytes[i + k]!;
    const mul = B256_POW[step]!;
    i += step;
    step = 3;
    mulAdd(limbs, mul, carry, B58_4);
  }
  let text = zeros > 0 ? '1'.repeat(zeros) : '';
  for (let j = limbs.length - 1; j >= 0; j--) {
    const limb = limbs[j]!;
    const d0 = Math.floor(limb / 195112); // 58^3
    const r0 = limb - d0 * 195112;
    const d1 = Math.floor(r0 / 3364); // 58^2
    const r1 = r0 - d1 * 3364;
    const d2 = Math.floor(r1 / 58);
    const d3 = r1 - d2 * 58;
    if (j < limbs.length - 1 || d0 > 0) text += ALPHABET[d0]! + ALPHABET[d1]! + ALPHABET[d2]! + ALPHABET[d3]!;
    else if (d1 > 0)
      text += ALPHABET[d1]! + ALPHABET[d2]! + ALPHABET[d3]!; // the top limb has no leading zeros
    else if (d2 > 0) text += ALPHABET[d2]! + ALPHABET[d3]!;
    else text += ALPHABET[d3]!;
  }
  return text;
}

/** Bytes of base58 text; throws Base58Error on a character outside the alphabet. */
export function decodeBase58(text: string): Uint8Array {
  const n = text.length;
  let zeros = 0;
  while (zeros < n && text.charCodeAt(zeros) === 49 /* '1' */) zeros++;
  // Little-endian limbs of the value in base 2^24; a limb times 58^4 stays below 2^53.
  const limbs: number[] = [];
  let i = zeros;
  let step = (n - i) % 4 || 4;
  while (i < n) {
    let carry = 0;
    for (let k = 0; k < step; k++) {
      const code = text.charCodeAt(i + k);
      const digit = code < 128 ? DIGIT_OF[code]! : -1;
      if (digit < 0) throw new Base58Error(`invalid base58 character ${JSON.stringify(text[i + k])}`);
      carry = carry * 58 + digit;
    }
    const mul = B58_POW[step]!;
    i += step;
    step = 4;
    mulAdd(limbs, mul, carry, B256_3);
  }
  const top = limbs.length > 0 ? limbs[limbs.length - 1]! : 0;
  const topBytes = limbs.length === 0 ? 0 : top >= 2 ** 16 ? 3 : top >= 2 ** 8 ? 2 : 1;
  const out = new Uint8Array(zeros + (limbs.length === 0 ? 0 : (limbs.length - 1) * 3 + topBytes));
  let o = out.length;
  for (let j = 0; j < limbs.length; j++) {
    const limb = limbs[j]!;
    out[--o] = limb & 0xff;
    if (j < limbs.length - 1 || topBytes > 1) out[--o] = (limb >>> 8) & 0xff;
    if (j < limbs.length - 1 || topBytes > 2) out[--o] = limb >>> 16;
  }
  return out;
}

/** Enough for the addresses that recur (programs, mints, venues, the service's and active wallets); emptied when
 * full, so the long tail of wallets seen once costs no memory past it. */
const CACHE_LIMIT = 16_384;
const bytesByAddress = new Map<string, Uint8Array>();
const addressByKey = new Map<string, Address>();

/** An injective 16-character key of 32 bytes (two bytes per UTF-16 code unit): cheap to build and hash. */
function key32(b: Uint8Array, o: number): string {
  return String.fromCharCode(
    (b[o]! << 8) | b[o + 1]!,
    (b[o + 2]! << 8) | b[o + 3]!,
    (b[o + 4]! << 8) | b[o + 5]!,
    (b[o + 6]! << 8) | b[o + 7]!,
    (b[o + 8]! << 8) | b[o + 9]!,
    (b[o + 10]! << 8) | b[o + 11]!,
    (b[o + 12]! << 8) | b[o + 13]!,
    (b[o + 14]! << 8) | b[o + 15]!,
    (b[o + 16]! << 8) | b[o + 17]!,
    (b[o + 18]! << 8) | b[o + 19]!,
    (b[o + 20]! << 8) | b[o + 21]!,
    (b[o + 22]! << 8) | b[o + 23]!,
    (b[o + 24]! << 8) | b[o + 25]!,
    (b[o + 26]! << 8) | b[o + 27]!,
    (b[o + 28]! << 8) | b[o + 29]!,
    (b[o + 30]! << 8) | b[o + 31]!,
  );
}

/** The address (base58) of the 32 bytes at `offset`; throws RangeError when fewer remain. */
export function addressFromBytes(bytes: Uint8Array, offset = 0): Address {
  if (offset < 0 || offset + 32 > bytes.length) throw new RangeError('an address is 32 bytes');
  const key = key32(bytes, offset);
  let address = addressByKey.get(key);
  if (address === undefined) {
    address = encodeBase58(bytes, offset, offset + 32) as Address;
    if (addressByKey.size >= CACHE_LIMIT) addressByKey.clear();
    addressByKey.set(key, address);
  }
  return address;
}

/**
 * The 32 bytes of an address, shared by every caller (cached): read it, never write to it.
 * Throws Base58Error for text that is not base58 or not 32 bytes.
 */
export function addressBytesView(address: string): Uint8Array {
  let bytes = bytesByAddress.get(address);
  if (bytes === undefined) {
    bytes = decodeBase58(address);
    if (bytes.length !== 32) throw new Base58Error(`${address} is ${bytes.length} bytes, not an address`);
    if (bytesByAddress.size >= CACHE_LIMIT) bytesByAddress.clear();
    bytesByAddress.set(address, bytes);
  }
  return bytes;
}

/** A fresh copy of the 32 bytes of an address (see addressBytesView for the errors). */
export function addressToBytes(address: string): Uint8Array {
  return addressBytesView(address).slice();
}

/** Write the 32 bytes of an address into `target` at `offset`. */
export function writeAddressBytes(address: string, target: Uint8Array, offset: number): void {
  target.set(addressBytesView(address), offset);
}
