// Column values the projectors share: times as DateTime64(3, 'UTC') text, the (slot, log offset) version of
// "latest" rows, and prices as exact integers.
import { COIN_DECIMALS } from '../schemas/events/index.js';

const WHOLE_COIN = 10n ** BigInt(COIN_DECIMALS);

/** Unix seconds as 'YYYY-MM-DD HH:MM:SS.mmm' (UTC), the text both engines read into DateTime64(3, 'UTC'). */
export function dateTime64(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace('T', ' ').replace('Z', '');
}

/** A UInt128 that grows with chain order: slot in the high 64 bits, log offset in the low 64 bits. Versions of
 * ReplacingMergeTree tables holding the latest state of something. */
export function chainVersion(slot: number, offset: bigint): bigint {
  return (BigInt(slot) << 64n) | BigInt.asUintN(64, offset);
}

/** Quote raw units per whole coin (10^6 raw units) for `quote` paid for `coin`, rounded down; 0 without coins. */
export function pricePerWholeCoin(quote: bigint, coin: bigint): bigint {
  return coin === 0n ? 0n : (quote * WHOLE_COIN) / coin;
}
