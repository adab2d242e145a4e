// Launchpad account layouts (fixed-size, behind 8-byte discriminators): Global ["global"],
// QuoteConfig ["quote", quoteMint] and Curve ["curve", mint], with encoders and decoders.
import { getStructCodec, type Address, type FixedSizeCodec } from '@solana/kit';
import { bool, i64, u16, u32, u64, u8 } from '../integers.js';
import { MAX_BASKET_ENTRIES, type BasketEntry, type CoinMode, type HoldersPaid } from '../coin-rules.js';
import { FEE_SPLIT_SIZE, splitRecipientCodec, type SplitRecipient } from '../fee-split.js';
import {
  accountDiscriminator,
  addressCodec,
  basketEntryCodec,
  boundedArrayCodec,
  coinModeCodec,
  decodeAccount,
  encodeAccount,
  holdersPaidCodec,
  ZERO_ADDRESS,
  fixedOptionalAddressCodec,
} from '../layout-parts.js';

export interface LaunchpadGlobal {
  bump: number;
  admin: Address;
  rewardsVault: Address;
  creatorVault: Address;
  treasury: Address;
  aiFund: Address;
  burnFund: Address;
  platformLiquidity: Address;
  /** Share of a trade's fee paid to the trade's referrer (SOL pairs), bps of the fee. */
  referralBps: number;
  antiSniperLimitBps: number;
  antiSniperWindowSeconds: number;
}

export interface QuoteConfig {
  bump: number;
  quoteMint: Address;
  quoteTokenProgram: Address;
  quoteDecimals: number;
  initialVirtualQuote: bigint;
  initialVirtualToken: bigint;
  curveAllotment: bigint;
  enabled: boolean;
}

export interface Curve {
  bump: number;
  mint: Address;
  creator: Address;
  quoteMint: Address;
  tokenProgram: Address;
  quoteTokenProgram: Address;
  quoteDecimals: number;
  mode: CoinMode;
  holdersPaid: HoldersPaid;
  hooks: number;
  feeBps: number;
  referralBps: number;
  antiSniperLimitBps: number;
  antiSniperWindowSeconds: number;
  totalSupply: bigint;
  initialVirtualQuote: bigint;
  initialVirtualToken: bigint;
  curveAllotment: bigint;
  /** Effective reserves the price is taken from. */
  virtualQuote: bigint;
  virtualToken: bigint;
  /** Quote actually held for the reserves (fees excluded). */
  realQuote: bigint;
  /** Coins left for sale on the curve. */
  realToken: bigint;
  /** Fees held by the curve and not yet claimed. */
  accruedFees: bigint;
  claimedFees: bigint;
  launchSlot: bigint;
  launchTimestamp: bigint;
  basket: BasketEntry[];
  splitLocked: boolean;
  referrer: Address | null;
  split: SplitRecipient[];
  complete: boolean;
  /** The locked pool, once graduated. */
  pool: Address | null;
}

export const GLOBAL_DISCRIMINATOR = accountDiscriminator('Global');
export const QUOTE_CONFIG_DISCRIMINATOR = accountDiscriminator('QuoteConfig');
export const CURVE_DISCRIMINATOR = accountDiscriminator('Curve');

export const globalCodec = getStructCodec([
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
]) as FixedSizeCodec<LaunchpadGlobal>;

export const quoteConfigCodec = getStructCodec([
  ['bump', u8],
  ['quoteMint', addressCodec],
  ['quoteTokenProgram', addressCodec],
  ['quoteDecimals', u8],
  ['initialVirtualQuote', u64],
  ['initialVirtualToken', u64],
  ['curveAllotment', u64],
  ['enabled', bool],
]) as FixedSizeCodec<QuoteConfig>;

const emptySplit: SplitRecipient = { role: 'holders', wallet: ZERO_ADDRESS, bps: 0 };
const emptyBasket: BasketEntry = { mint: ZERO_ADDRESS, weightBps: 0 };

export const curveCodec = getStructCodec([
  ['bump', u8],
  ['mint', addressCodec],
  ['creator', addressCodec],
  ['quoteMint', addressCodec],
  ['tokenProgram', addressCodec],
  ['quoteTokenProgram', addressCodec],
  ['quoteDecimals', u8],
  ['mode', coinModeCodec],
  ['holdersPaid', holdersPaidCodec],
  ['hooks', u8],
  ['feeBps', u16],
  ['referralBps', u16],
  ['antiSniperLimitBps', u16],
  ['antiSniperWindowSeconds', u32],
  ['totalSupply', u64],
  ['initialVirtualQuote', u64],
  ['initialVirtualToken', u64],
  ['curveAllotment', u64],
  ['virtualQuote', u64],
  ['virtualToken', u64],
  ['realQuote', u64],
  ['realToken', u64],
  ['accruedFees', u64],
  ['claimedFees', u64],
  ['launchSlot', u64],
  ['launchTimestamp', i64],
  ['basket', boundedArrayCodec(basketEntryCodec, MAX_BASKET_ENTRIES, emptyBasket)],
  ['splitLocked', bool],
  ['referrer', fixedOptionalAddressCodec],
  ['split', boundedArrayCodec(splitRecipientCodec, FEE_SPLIT_SIZE, emptySplit)],
  ['complete', bool],
  ['pool', fixedOptionalAddressCodec],
]) as FixedSizeCodec<Curve>;

export const GLOBAL_SIZE = 8 + globalCodec.fixedSize;
export const QUOTE_CONFIG_SIZE = 8 + quoteConfigCodec.fixedSize;
export const CURVE_SIZE = 8 + curveCodec.fixedSize;

export const encodeGlobal = (value: LaunchpadGlobal): Uint8Array => encodeAccount(GLOBAL_DISCRIMINATOR, globalCodec, value);
export const decodeGlobal = (data: Uint8Array): LaunchpadGlobal | null => decodeAccount(GLOBAL_DISCRIMINATOR, globalCodec, data);
export const encodeQuoteConfig = (value: QuoteConfig): Uint8Array => encodeAccount(QUOTE_CONFIG_DISCRIMINATOR, quoteConfigCodec, value);
export const decodeQuoteConfig = (data: Uint8Array): QuoteConfig | null => decodeAccount(QUOTE_CONFIG_DISCRIMINATOR, quoteConfigCodec, data);
export const encodeCurve = (value: Curve): Uint8Array => encodeAccount(CURVE_DISCRIMINATOR, curveCodec, value);
export const decodeCurve = (data: Uint8Array): Curve | null => decodeAccount(CURVE_DISCRIMINATOR, curveCodec, data);
