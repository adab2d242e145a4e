// Pool-venue events (`Program data:` logs): PoolCreated, Swap, FeeSplitLocked, FeesClaimed (the last
// two with the launchpad's layouts, `market` being the pool).
import { getStructCodec, type Address, type Codec } from '@solana/kit';
import { enumCodec, i64, u16, u32, u64, u8 } from '../integers.js';
import type { BasketEntry, CoinMode, CreatorRecipient, HoldersPaid } from '../coin-rules.js';
import { defineEventSet, type EventUnion } from '../event-set.js';
import {
  addressCodec,
  basketEntryCodec,
  coinModeCodec,
  creatorRecipientCodec,
  holdersPaidCodec,
  stringCodec,
  tradeSideCodec,
  vecCodec,
  type TradeSide,
  optionalAddressCodec,
} from '../layout-parts.js';
import { feeSplitLockedCodec, feesClaimedCodec, type FeeSplitLockedEvent, type FeesClaimedEvent } from '../launchpad/events.js';
import { POOL_KINDS, type PoolKind } from './constants.js';

export interface PoolCreatedEvent {
  pool: Address;
  kind: PoolKind;
  mint: Address;
  quoteMint: Address;
  quoteDecimals: number;
  tokenProgram: Address;
  creator: Address;
  payer: Address;
  mode: CoinMode;
  holdersPaid: HoldersPaid;
  hooks: number;
  feeBps: number;
  antiSniperLimitBps: number;
  antiSniperWindowSeconds: number;
  totalSupply: bigint;
  virtualQuote: bigint;
  tokenReserve: bigint;
  quoteReserve: bigint;
  basket: BasketEntry[];
  creatorRecipients: CreatorRecipient[];
  /** The launchpad curve of a graduated pool. */
  curve: Address | null;
  /** Coin text (launch pools; empty otherwise). */
  name: string;
  symbol: string;
  uri: string;
  slot: bigint;
  timestamp: bigint;
}

export interface PoolSwapEvent {
  pool: Address;
  mint: Address;
  quoteMint: Address;
  trader: Address;
  side: TradeSide;
  tokenAmount: bigint;
  /** Quote into (buy) or out of (sell) the reserves' price, excluding the fee. */
  quoteAmount: bigint;
  fee: bigint;
  referralFee: bigint;
  referrer: Address | null;
  virtualQuote: bigint;
  tokenReserve: bigint;
  quoteReserve: bigint;
  accruedFees: bigint;
  slot: bigint;
  timestamp: bigint;
}

export interface PoolVenueEvents {
  PoolCreated: PoolCreatedEvent;
  Swap: PoolSwapEvent;
  FeeSplitLocked: FeeSplitLockedEvent;
  FeesClaimed: FeesClaimedEvent;
}
export type PoolVenueEvent = EventUnion<PoolVenueEvents>;

export const poolVenueEvents = defineEventSet<PoolVenueEvents>({
  PoolCreated: getStructCodec([
    ['pool', addressCodec],
    ['kind', enumCodec(POOL_KINDS)],
    ['mint', addressCodec],
    ['quoteMint', addressCodec],
    ['quoteDecimals', u8],
    ['tokenProgram', addressCodec],
    ['creator', addressCodec],
    ['payer', addressCodec],
    ['mode', coinModeCodec],
    ['holdersPaid', holdersPaidCodec],
    ['hooks', u8],
    ['feeBps', u16],
    ['antiSniperLimitBps', u16],
    ['antiSniperWindowSeconds', u32],
    ['totalSupply', u64],
    ['virtualQuote', u64],
    ['tokenReserve', u64],
    ['quoteReserve', u64],
    ['basket', vecCodec(basketEntryCodec)],
    ['creatorRecipients', vecCodec(creatorRecipientCodec)],
    ['curve', optionalAddressCodec],
    ['name', stringCodec],
    ['symbol', stringCodec],
    ['uri', stringCodec],
    ['slot', u64],
    ['timestamp', i64],
  ]) as Codec<PoolCreatedEvent>,
  Swap: getStructCodec([
    ['pool', addressCodec],
    ['mint', addressCodec],
    ['quoteMint', addressCodec],
    ['trader', addressCodec],
    ['side', tradeSideCodec],
    ['tokenAmount', u64],
    ['quoteAmount', u64],
    ['fee', u64],
    ['referralFee', u64],
    ['referrer', optionalAddressCodec],
    ['virtualQuote', u64],
    ['tokenReserve', u64],
    ['quoteReserve', u64],
    ['accruedFees', u64],
    ['slot', u64],
    ['timestamp', i64],
  ]) as Codec<PoolSwapEvent>,
  FeeSplitLocked: feeSplitLockedCodec,
  FeesClaimed: feesClaimedCodec,
});

/** The pool-venue event in `bytes` (a `Program data:` payload), or null. */
export function decodePoolVenueEvent(bytes: Uint8Array): PoolVenueEvent | null {
  return poolVenueEvents.decode(bytes);
}
