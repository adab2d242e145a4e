// Launchpad events (`Program data:` logs): CoinCreated, Trade, FeeSplitLocked, FeesClaimed,
// CurveCompleted, Graduated. Each carries what a decoder needs without reading accounts.
import { getStructCodec, type Address, type Codec } from '@solana/kit';
import { i64, u16, u32, u64, u8 } from '../integers.js';
import type { BasketEntry, CoinMode, HoldersPaid } from '../coin-rules.js';
import { defineEventSet, type EventUnion } from '../event-set.js';
import { splitRecipientCodec, splitShareCodec, type SplitRecipient, type SplitShare } from '../fee-split.js';
import {
  addressCodec,
  basketEntryCodec,
  coinModeCodec,
  holdersPaidCodec,
  optionalAddressCodec,
  stringCodec,
  tradeSideCodec,
  vecCodec,
  type TradeSide,
} from '../layout-parts.js';

export interface CoinCreatedEvent {
  mint: Address;
  curve: Address;
  creator: Address;
  /** Fee payer of the creation (the creator, or a sponsor). */
  payer: Address;
  quoteMint: Address;
  quoteDecimals: number;
  tokenProgram: Address;
  mode: CoinMode;
  holdersPaid: HoldersPaid;
  hooks: number;
  feeBps: number;
  antiSniperLimitBps: number;
  antiSniperWindowSeconds: number;
  totalSupply: bigint;
  virtualQuote: bigint;
  virtualToken: bigint;
  curveAllotment: bigint;
  basket: BasketEntry[];
  name: string;
  symbol: string;
  uri: string;
  slot: bigint;
  timestamp: bigint;
}

export interface CurveTradeEvent {
  mint: Address;
  curve: Address;
  trader: Address;
  side: TradeSide;
  tokenAmount: bigint;
  /** Quote into (buy) or out of (sell) the reserves, excluding the fee. */
  quoteAmount: bigint;
  /** Whole fee, referral included. */
  fee: bigint;
  referralFee: bigint;
  referrer: Address | null;
  quoteMint: Address;
  virtualQuote: bigint;
  virtualToken: bigint;
  realQuote: bigint;
  realToken: bigint;
  accruedFees: bigint;
  slot: bigint;
  timestamp: bigint;
}

export interface FeeSplitLockedEvent {
  mint: Address;
  /** The curve (or pool) whose fees the split divides. */
  market: Address;
  referrer: Address | null;
  recipients: SplitRecipient[];
  timestamp: bigint;
}

export interface FeesClaimedEvent {
  mint: Address;
  market: Address;
  quoteMint: Address;
  total: bigint;
  shares: SplitShare[];
  timestamp: bigint;
}

export interface CurveCompletedEvent {
  mint: Address;
  curve: Address;
  virtualQuote: bigint;
  virtualToken: bigint;
  realQuote: bigint;
  slot: bigint;
  timestamp: bigint;
}

export interface GraduatedEvent {
  mint: Address;
  curve: Address;
  pool: Address;
  tokenAmount: bigint;
  quoteAmount: bigint;
  timestamp: bigint;
}

export interface LaunchpadEvents {
  CoinCreated: CoinCreatedEvent;
  Trade: CurveTradeEvent;
  FeeSplitLocked: FeeSplitLockedEvent;
  FeesClaimed: FeesClaimedEvent;
  CurveCompleted: CurveCompletedEvent;
  Graduated: GraduatedEvent;
}
export type LaunchpadEvent = EventUnion<LaunchpadEvents>;

/** Shared with the pool venue, which emits the same two fee events. */
export const feeSplitLockedCodec = getStructCodec([
  ['mint', addressCodec],
  ['market', addressCodec],
  ['referrer', optionalAddressCodec],
  ['recipients', vecCodec(splitRecipientCodec)],
  ['timestamp', i64],
]) as Codec<FeeSplitLockedEvent>;
export const feesClaimedCodec = getStructCodec([
  ['mint', addressCodec],
  ['market', addressCodec],
  ['quoteMint', addressCodec],
  ['total', u64],
  ['shares', vecCodec(splitShareCodec)],
  ['timestamp', i64],
]) as Codec<FeesClaimedEvent>;

export const launchpadEvents = defineEventSet<LaunchpadEvents>({
  CoinCreated: getStructCodec([
    ['mint', addressCodec],
    ['curve', addressCodec],
    ['creator', addressCodec],
    ['payer', addressCodec],
    ['quoteMint', addressCodec],
    ['quoteDecimals', u8],
    ['tokenProgram', addressCodec],
    ['mode', coinModeCodec],
    ['holdersPaid', holdersPaidCodec],
    ['hooks', u8],
    ['feeBps', u16],
    ['antiSniperLimitBps', u16],
    ['antiSniperWindowSeconds', u32],
    ['totalSupply', u64],
    ['virtualQuote', u64],
    ['virtualToken', u64],
    ['curveAllotment', u64],
    ['basket', vecCodec(basketEntryCodec)],
    ['name', stringCodec],
    ['symbol', stringCodec],
    ['uri', stringCodec],
    ['slot', u64],
    ['timestamp', i64],
  ]) as Codec<CoinCreatedEvent>,
  Trade: getStructCodec([
    ['mint', addressCodec],
    ['curve', addressCodec],
    ['trader', addressCodec],
    ['side', tradeSideCodec],
    ['tokenAmount', u64],
    ['quoteAmount', u64],
    ['fee', u64],
    ['referralFee', u64],
    ['referrer', optionalAddressCodec],
    ['quoteMint', addressCodec],
    ['virtualQuote', u64],
    ['virtualToken', u64],
    ['realQuote', u64],
    ['realToken', u64],
    ['accruedFees', u64],
    ['slot', u64],
    ['timestamp', i64],
  ]) as Codec<CurveTradeEvent>,
  FeeSplitLocked: feeSplitLockedCodec,
  FeesClaimed: feesClaimedCodec,
  CurveCompleted: getStructCodec([
    ['mint', addressCodec],
    ['curve', addressCodec],
    ['virtualQuote', u64],
    ['virtualToken', u64],
    ['realQuote', u64],
    ['slot', u64],
    ['timestamp', i64],
  ]) as Codec<CurveCompletedEvent>,
  Graduated: getStructCodec([
    ['mint', addressCodec],
    ['curve', addressCodec],
    ['pool', addressCodec],
    ['tokenAmount', u64],
    ['quoteAmount', u64],
    ['timestamp', i64],
  ]) as Codec<GraduatedEvent>,
});

/** The launchpad event in `bytes` (a `Program data:` payload), or null. */
export function decodeLaunchpadEvent(bytes: Uint8Array): LaunchpadEvent | null {
  return launchpadEvents.decode(bytes);
}
