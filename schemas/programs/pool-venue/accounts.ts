// Pool-venue account layouts (fixed-size, behind 8-byte discriminators): the venue Config ["config"]
// and Pool ["pool", mint, quoteMint], with encoders and decoders.
import { getStructCodec, type Address, type FixedSizeCodec } from '@solana/kit';
import { bool, enumCodec, i64, u16, u32, u64, u8 } from '../integers.js';
import { MAX_BASKET_ENTRIES, MAX_CREATOR_RECIPIENTS, type BasketEntry, type CoinMode, type CreatorRecipient, type HoldersPaid } from '../coin-rules.js';
import { FEE_SPLIT_SIZE, splitRecipientCodec, type SplitRecipient } from '../fee-split.js';
import {
  accountDiscriminator,
  addressCodec,
  basketEntryCodec,
  boundedArrayCodec,
  coinModeCodec,
  creatorRecipientCodec,
  decodeAccount,
  encodeAccount,
  holdersPaidCodec,
  ZERO_ADDRESS,
  fixedOptionalAddressCodec,
} from '../layout-parts.js';
import { POOL_KINDS, type PoolKind } from './constants.js';

export interface PoolVenueConfig {
  bump: number;
  admin: Address;
  rewardsVault: Address;
  creatorVault: Address;
  treasury: Address;
  aiFund: Address;
  burnFund: Address;
  platformLiquidity: Address;
  referralBps: number;
  antiSniperLimitBps: number;
  antiSniperWindowSeconds: number;
  launchVirtualQuote: bigint;
}

export interface Pool {
  bump: number;
  kind: PoolKind;
  mint: Address;
  quoteMint: Address;
  tokenProgram: Address;
  quoteTokenProgram: Address;
  quoteDecimals: number;
  creator: Address;
  mode: CoinMode;
  holdersPaid: HoldersPaid;
  hooks: number;
  feeBps: number;
  referralBps: number;
  antiSniperLimitBps: number;
  antiSniperWindowSeconds: number;
  totalSupply: bigint;
  /** Quote the price counts on top of the real quote (launch pools). */
  virtualQuote: bigint;
  tokenReserve: bigint;
  quoteReserve: bigint;
  /** Fees held by the pool and not yet claimed (always 0 on market pools: their fee stays in reserves). */
  accruedFees: bigint;
  claimedFees: bigint;
  launchSlot: bigint;
  launchTimestamp: bigint;
  basket: BasketEntry[];
  creatorRecipients: CreatorRecipient[];
  splitLocked: boolean;
  referrer: Address | null;
  split: SplitRecipient[];
  /** The launchpad curve a graduated pool came from. */
  curve: Address | null;
}

export const POOL_CONFIG_DISCRIMINATOR = accountDiscriminator('PoolVenueConfig');
export const POOL_DISCRIMINATOR = accountDiscriminator('Pool');

export const poolConfigCodec = getStructCodec([
  ['bump', u8],
  ['admin', addressCodec],
  ['rewardsVault', addressCodec],
  ['creatorVault', addressCodec],
  ['treasury', addressCodec],
  ['aiFund', addressCodec],
  ['burnFund', addressCodec],
  ['platformLiquidity', addressCodec],
  ['referralBps', u16],
  ['antiSniperLimitBps', u16],
  ['antiSniperWindowSeconds', u32],
  ['launchVirtualQuote', u64],
]) as FixedSizeCodec<PoolVenueConfig>;

export const poolCodec = getStructCodec([
  ['bump', u8],
  ['kind', enumCodec(POOL_KINDS)],
  ['mint', addressCodec],
  ['quoteMint', addressCodec],
  ['tokenProgram', addressCodec],
  ['quoteTokenProgram', addressCodec],
  ['quoteDecimals', u8],
  ['creator', addressCodec],
  ['mode', coinModeCodec],
  ['holdersPaid', holdersPaidCodec],
  ['hooks', u8],
  ['feeBps', u16],
  ['referralBps', u16],
  ['antiSniperLimitBps', u16],
  ['antiSniperWindowSeconds', u32],
  ['totalSupply', u64],
  ['virtualQuote', u64],
  ['tokenReserve', u64],
  ['quoteReserve', u64],
  ['accruedFees', u64],
  ['claimedFees', u64],
  ['launchSlot', u64],
  ['launchTimestamp', i64],
  ['basket', boundedArrayCodec(basketEntryCodec, MAX_BASKET_ENTRIES, { mint: ZERO_ADDRESS, weightBps: 0 })],
  ['creatorRecipients', boundedArrayCodec(creatorRecipientCodec, MAX_CREATOR_RECIPIENTS, { wallet: ZERO_ADDRESS, bps: 0 })],
  ['splitLocked', bool],
  ['referrer', fixedOptionalAddressCodec],
  ['split', boundedArrayCodec(splitRecipientCodec, FEE_SPLIT_SIZE, { role: 'holders', wallet: ZERO_ADDRESS, bps: 0 })],
  ['curve', fixedOptionalAddressCodec],
]) as FixedSizeCodec<Pool>;

export const POOL_CONFIG_SIZE = 8 + poolConfigCodec.fixedSize;
export const POOL_SIZE = 8 + poolCodec.fixedSize;

export const encodePoolConfig = (value: PoolVenueConfig): Uint8Array => encodeAccount(POOL_CONFIG_DISCRIMINATOR, poolConfigCodec, value);
export const decodePoolConfig = (data: Uint8Array): PoolVenueConfig | null => decodeAccount(POOL_CONFIG_DISCRIMINATOR, poolConfigCodec, data);
export const encodePool = (value: Pool): Uint8Array => encodeAccount(POOL_DISCRIMINATOR, poolCodec, value);
export const decodePool = (data: Uint8Array): Pool | null => decodeAccount(POOL_DISCRIMINATOR, poolCodec, data);

/** Reserves the pool prices from: virtual plus real quote, and the token reserve. */
export function poolReserves(pool: Pick<Pool, 'virtualQuote' | 'quoteReserve' | 'tokenReserve'>): { quote: bigint; token: bigint } {
  return { quote: pool.virtualQuote + pool.quoteReserve, token: pool.tokenReserve };
}
