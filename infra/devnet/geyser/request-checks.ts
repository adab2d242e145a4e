// Limits on what one SubscribeRequest may ask for, and the checks shared by every filter kind.
// A failed check is a FilterError; the session ends the stream with INVALID_ARGUMENT and
// "failed to create filter: <message>", as Yellowstone does.
import { getBase58Encoder, isAddress } from '@solana/kit';

export class FilterError extends Error {}

export interface FilterLimits {
  /** Named filters per kind (accounts, slots, transactions, ...). */
  maxFilters: number;
  /** Public keys in one list (account, owner, accountInclude, accountExclude, accountRequired). */
  maxPubkeys: number;
  maxFilterNameLength: number;
  maxDataSlices: number;
}

export const DEFAULT_FILTER_LIMITS: FilterLimits = {
  maxFilters: 64,
  maxPubkeys: 10_000,
  maxFilterNameLength: 128,
  maxDataSlices: 16,
};

const base58 = getBase58Encoder();

export function checkFilterCount(kind: string, count: number, limits: FilterLimits): void {
  if (count > limits.maxFilters) {
    throw new FilterError(`Max amount of filters/data_slices reached, only ${limits.maxFilters} allowed (${kind}: ${count})`);
  }
}

export function checkFilterName(name: string, limits: FilterLimits): void {
  const size = Buffer.byteLength(name, 'utf8');
  if (size > limits.maxFilterNameLength) {
    throw new FilterError(`oversized filter name (max allowed size ${limits.maxFilterNameLength}), found ${size}`);
  }
}

/** Base58 public keys into a set; `where` names the list in the error. */
export function pubkeySet(values: readonly string[], limits: FilterLimits, where: string): Set<string> {
  if (values.length > limits.maxPubkeys) {
    throw new FilterError(`Max amount of Pubkeys reached, only ${limits.maxPubkeys} allowed (${where} has ${values.length})`);
  }
  values.forEach((value, index) => {
    if (!isAddress(value)) throw new FilterError(`Invalid Base58 string: ${where}[${index}] is ${JSON.stringify(value)}, not a 32-byte public key`);
  });
  return new Set(values);
}

export function checkSignature(value: string, where: string): string {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(base58.encode(value));
  } catch {
    throw new FilterError(`failed to decode string to signature: ${where} is ${JSON.stringify(value)}`);
  }
  if (bytes.length !== 64) throw new FilterError(`string decoded to wrong size for signature: ${where} is ${JSON.stringify(value)}`);
  return value;
}
