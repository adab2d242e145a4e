// Rules every coin launched by the launchpad or the pool venue follows: decimals and supply, fee bounds,
// text limits, modes, hook flags, baskets and creator recipients, with the checks both programs
// (and the launch routes, before building a transaction) apply.
import type { Address } from '@solana/kit';

export const COIN_DECIMALS = 6;
/** 1,000,000,000 whole coins. */
export const COIN_TOTAL_SUPPLY = 1_000_000_000n * 10n ** BigInt(COIN_DECIMALS);
/** Highest trading fee a coin may set, in bps of each trade's quote amount. */
export const MAX_FEE_BPS = 500;
export const MAX_NAME_BYTES = 32;
export const MAX_SYMBOL_BYTES = 10;
export const MAX_URI_BYTES = 200;
export const MAX_BASKET_ENTRIES = 4;
export const MAX_CREATOR_RECIPIENTS = 4;

export const COIN_MODES = ['holder', 'creator'] as const;
export type CoinMode = (typeof COIN_MODES)[number];
export const HOLDERS_PAID = ['pair', 'basket'] as const;
export type HoldersPaid = (typeof HOLDERS_PAID)[number];

/** Hook bit flags, fixed at launch. */
export const HOOK_ANTI_SNIPER = 1;
export const KNOWN_HOOKS = HOOK_ANTI_SNIPER;
export const HOOK_IDS: Record<number, string> = { [HOOK_ANTI_SNIPER]: 'anti-sniper' };

export function hookIdsFromFlags(flags: number): string[] {
  return Object.entries(HOOK_IDS)
    .filter(([bit]) => (flags & Number(bit)) !== 0)
    .map(([, id]) => id);
}

/** Flags for hook ids; null when an id is unknown. */
export function hookFlagsFromIds(ids: readonly string[]): number | null {
  let flags = 0;
  for (const id of ids) {
    const entry = Object.entries(HOOK_IDS).find(([, known]) => known === id);
    if (!entry) return null;
    flags |= Number(entry[0]);
  }
  return flags;
}

export interface BasketEntry {
  mint: Address;
  weightBps: number;
}

export interface CreatorRecipient {
  wallet: Address;
  bps: number;
}

const utf8Length = (text: string): number => new TextEncoder().encode(text).length;

/** Why the coin's text is refused, or null. */
export function metadataError(name: string, symbol: string, uri: string): string | null {
  if (utf8Length(name) === 0 || utf8Length(name) > MAX_NAME_BYTES) return `name must be 1 to ${MAX_NAME_BYTES} bytes`;
  if (utf8Length(symbol) === 0 || utf8Length(symbol) > MAX_SYMBOL_BYTES) return `symbol must be 1 to ${MAX_SYMBOL_BYTES} bytes`;
  if (utf8Length(uri) > MAX_URI_BYTES) return `uri must be at most ${MAX_URI_BYTES} bytes`;
  return null;
}

/** Why a basket is refused, or null: at most 4 distinct mints with positive weights summing to 10000
 * (an empty basket is allowed and means holders are paid in the pair). */
export function basketError(basket: readonly BasketEntry[]): string | null {
  if (basket.length > MAX_BASKET_ENTRIES) return `basket holds at most ${MAX_BASKET_ENTRIES} tokens`;
  if (basket.length === 0) return null;
  if (basket.some((entry) => entry.weightBps <= 0)) return 'basket weights must be positive';
  if (new Set(basket.map((entry) => entry.mint)).size !== basket.length) return 'basket mints must be distinct';
  const total = basket.reduce((sum, entry) => sum + entry.weightBps, 0);
  return total === 10_000 ? null : `basket weights must sum to 10000 bps, got ${total}`;
}

/** Why creator recipients are refused, or null: at most 4 distinct wallets summing to 10000 (or none). */
export function recipientsError(recipients: readonly CreatorRecipient[]): string | null {
  if (recipients.length > MAX_CREATOR_RECIPIENTS) return `at most ${MAX_CREATOR_RECIPIENTS} recipients`;
  if (recipients.length === 0) return null;
  if (recipients.some((r) => r.bps <= 0)) return 'recipient shares must be positive';
  if (new Set(recipients.map((r) => r.wallet)).size !== recipients.length) return 'recipients must be distinct';
  const total = recipients.reduce((sum, r) => sum + r.bps, 0);
  return total === 10_000 ? null : `recipient shares must sum to 10000 bps, got ${total}`;
}

/** Most raw coins one wallet may hold during the anti-sniper window. */
export function antiSniperLimit(totalSupply: bigint, limitBps: number): bigint {
  return (totalSupply * BigInt(limitBps)) / 10_000n;
}

/** Why a coin's payout settings are refused, or null: holders paid in a basket need one, holders paid in
 * the pair and creator-mode coins carry none. */
export function payoutError(mode: CoinMode, holdersPaid: HoldersPaid, basket: readonly BasketEntry[]): string | null {
  if (mode === 'creator' && holdersPaid !== 'pair') return 'creator-mode coins pay no holders: holdersPaid must be pair';
  if (holdersPaid === 'basket' && basket.length === 0) return 'holders paid in a basket need a basket';
  if (holdersPaid === 'pair' && basket.length > 0) return 'a basket is only used when holders are paid in it';
  return basketError(basket);
}
