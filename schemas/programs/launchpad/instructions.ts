// Launchpad instruction data (u8 discriminator, then Borsh-style args) and account orders, with the
// encoder the builders use and the decoder the devnet and the ingest use.
import { getStructCodec, type Address, type Codec } from '@solana/kit';
import { bool, u16, u64, u8 } from '../integers.js';
import type { BasketEntry, CoinMode, HoldersPaid } from '../coin-rules.js';
import { basketEntryCodec, coinModeCodec, holdersPaidCodec, optionalAddressCodec, stringCodec, vecCodec } from '../layout-parts.js';

export const LAUNCHPAD_DISCRIMINATORS = {
  createCoin: 0,
  buy: 1,
  sell: 2,
  lockFeeSplit: 3,
  claimFees: 4,
  graduate: 5,
  setQuoteConfig: 6,
} as const;

export interface CreateCoinArgs {
  name: string;
  symbol: string;
  uri: string;
  mode: CoinMode;
  holdersPaid: HoldersPaid;
  basket: BasketEntry[];
  feeBps: number;
  /** Hook bit flags (coin-rules HOOK_*); any hook makes the coin a Token-2022 mint. */
  hooks: number;
}
export interface BuyArgs {
  /** Coins wanted, raw units; capped at what remains on the curve. */
  tokenAmount: bigint;
  /** Most quote the buyer pays, fee included. */
  maxQuoteIn: bigint;
}
export interface SellArgs {
  tokenAmount: bigint;
  /** Least quote the seller receives, after the fee. */
  minQuoteOut: bigint;
}
export interface LockFeeSplitArgs {
  referrer: Address | null;
}
export interface SetQuoteConfigArgs {
  initialVirtualQuote: bigint;
  initialVirtualToken: bigint;
  curveAllotment: bigint;
  enabled: boolean;
}
type Empty = Record<string, never>;

export interface LaunchpadArgs {
  createCoin: CreateCoinArgs;
  buy: BuyArgs;
  sell: SellArgs;
  lockFeeSplit: LockFeeSplitArgs;
  claimFees: Empty;
  graduate: Empty;
  setQuoteConfig: SetQuoteConfigArgs;
}
export type LaunchpadInstructionKind = keyof LaunchpadArgs;
export type LaunchpadInstructionData = { [K in LaunchpadInstructionKind]: { kind: K; args: LaunchpadArgs[K] } }[LaunchpadInstructionKind];

const empty = getStructCodec([]) as unknown as Codec<Empty>;
const argCodecs: { [K in LaunchpadInstructionKind]: Codec<LaunchpadArgs[K]> } = {
  createCoin: getStructCodec([
    ['name', stringCodec],
    ['symbol', stringCodec],
    ['uri', stringCodec],
    ['mode', coinModeCodec],
    ['holdersPaid', holdersPaidCodec],
    ['basket', vecCodec(basketEntryCodec)],
    ['feeBps', u16],
    ['hooks', u8],
  ]) as Codec<CreateCoinArgs>,
  buy: getStructCodec([
    ['tokenAmount', u64],
    ['maxQuoteIn', u64],
  ]) as Codec<BuyArgs>,
  sell: getStructCodec([
    ['tokenAmount', u64],
    ['minQuoteOut', u64],
  ]) as Codec<SellArgs>,
  lockFeeSplit: getStructCodec([['referrer', optionalAddressCodec]]) as Codec<LockFeeSplitArgs>,
  claimFees: empty,
  graduate: empty,
  setQuoteConfig: getStructCodec([
    ['initialVirtualQuote', u64],
    ['initialVirtualToken', u64],
    ['curveAllotment', u64],
    ['enabled', bool],
  ]) as Codec<SetQuoteConfigArgs>,
};

/** Account order of each instruction (names as the ingest reports them). `referrer` is optional. */
export const LAUNCHPAD_ACCOUNTS = {
  createCoin: [
    'payer',
    'creator',
    'mint',
    'curve',
    'curveTokenVault',
    'curveQuoteVault',
    'quoteMint',
    'global',
    'quoteConfig',
    'tokenProgram',
    'quoteTokenProgram',
    'systemProgram',
    'associatedTokenProgram',
  ],
  buy: [
    'trader',
    'curve',
    'curveTokenVault',
    'curveQuoteVault',
    'traderTokenAccount',
    'traderQuoteAccount',
    'mint',
    'quoteMint',
    'tokenProgram',
    'quoteTokenProgram',
    'systemProgram',
    'referrer',
  ],
  sell: [
    'trader',
    'curve',
    'curveTokenVault',
    'curveQuoteVault',
    'traderTokenAccount',
    'traderQuoteAccount',
    'mint',
    'quoteMint',
    'tokenProgram',
    'quoteTokenProgram',
    'systemProgram',
    'referrer',
  ],
  lockFeeSplit: ['creator', 'curve', 'global'],
  claimFees: ['curve', 'curveQuoteVault', 'quoteMint', 'quoteTokenProgram', 'holdersOrCreator', 'service', 'aiFund', 'burn', 'referrerOrLiquidity'],
  graduate: [
    'payer',
    'curve',
    'curveTokenVault',
    'curveQuoteVault',
    'mint',
    'quoteMint',
    'pool',
    'poolTokenVault',
    'poolQuoteVault',
    'tokenProgram',
    'quoteTokenProgram',
    'systemProgram',
    'associatedTokenProgram',
    'poolVenueProgram',
    'global',
  ],
  setQuoteConfig: ['admin', 'global', 'quoteConfig', 'quoteMint', 'systemProgram'],
} as const satisfies { [K in LaunchpadInstructionKind]: readonly string[] };

export function encodeLaunchpadInstruction(ix: LaunchpadInstructionData): Uint8Array {
  const codec = argCodecs[ix.kind] as Codec<unknown>;
  const body = codec.encode(ix.args);
  const out = new Uint8Array(1 + body.length);
  out[0] = LAUNCHPAD_DISCRIMINATORS[ix.kind];
  out.set(body, 1);
  return out;
}

/** The instruction in `data`, or null when the discriminator is unknown or the args do not decode. */
export function decodeLaunchpadInstruction(data: Uint8Array): LaunchpadInstructionData | null {
  const kind = (Object.keys(LAUNCHPAD_DISCRIMINATORS) as LaunchpadInstructionKind[]).find((k) => LAUNCHPAD_DISCRIMINATORS[k] === data[0]);
  if (!kind) return null;
  try {
    return { kind, args: argCodecs[kind].decode(data, 1) } as LaunchpadInstructionData;
  } catch {
    return null;
  }
}

/** Name the accounts of a decoded instruction by position (extra accounts are left out). */
export function nameLaunchpadAccounts(kind: LaunchpadInstructionKind, accounts: readonly Address[]): Record<string, Address> {
  const names: readonly string[] = LAUNCHPAD_ACCOUNTS[kind];
  return Object.fromEntries(names.flatMap((name, i) => (accounts[i] ? [[name, accounts[i]]] : [])));
}
