// Pool-venue instruction data (u8 discriminator, then Borsh-style args) and account orders, with the
// encoder the builders use and the decoder the devnet and the ingest use.
import { getStructCodec, type Codec } from '@solana/kit';
import { u16, u64, u8 } from '../integers.js';
import type { BasketEntry, CoinMode, CreatorRecipient } from '../coin-rules.js';
import { basketEntryCodec, coinModeCodec, creatorRecipientCodec, stringCodec, tradeSideCodec, vecCodec, type TradeSide } from '../layout-parts.js';

export const POOL_VENUE_DISCRIMINATORS = {
  createPool: 0,
  createLockedPool: 1,
  createMarketPool: 2,
  swap: 3,
  claimFees: 4,
} as const;

export interface CreatePoolArgs {
  name: string;
  symbol: string;
  uri: string;
  mode: CoinMode;
  feeBps: number;
  /** Holders are paid in the basket when it is not empty, else in SOL. */
  basket: BasketEntry[];
  /** Creator mode: who the creator share is for (bps summing 10000); empty means the creator alone. */
  recipients: CreatorRecipient[];
  /** First buy by the creator inside the creation, in bps of supply (0 to 1000). */
  buyBps: number;
  /** Most lamports the first buy may cost, fee included. */
  maxQuoteIn: bigint;
  hooks: number;
}
export interface CreateLockedPoolArgs {
  tokenAmount: bigint;
  quoteAmount: bigint;
}
export interface CreateMarketPoolArgs {
  tokenAmount: bigint;
  quoteAmount: bigint;
  feeBps: number;
}
export interface SwapArgs {
  side: TradeSide;
  /** Buy: lamports (or quote units) spent, fee included. Sell: coins sold. */
  amountIn: bigint;
  /** Least coins (buy) or quote after the fee (sell) received. */
  minOut: bigint;
}
type Empty = Record<string, never>;

export interface PoolVenueArgs {
  createPool: CreatePoolArgs;
  createLockedPool: CreateLockedPoolArgs;
  createMarketPool: CreateMarketPoolArgs;
  swap: SwapArgs;
  claimFees: Empty;
}
export type PoolVenueInstructionKind = keyof PoolVenueArgs;
export type PoolVenueInstructionData = { [K in PoolVenueInstructionKind]: { kind: K; args: PoolVenueArgs[K] } }[PoolVenueInstructionKind];

const argCodecs: { [K in PoolVenueInstructionKind]: Codec<PoolVenueArgs[K]> } = {
  createPool: getStructCodec([
    ['name', stringCodec],
    ['symbol', stringCodec],
    ['uri', stringCodec],
    ['mode', coinModeCodec],
    ['feeBps', u16],
    ['basket', vecCodec(basketEntryCodec)],
    ['recipients', vecCodec(creatorRecipientCodec)],
    ['buyBps', u16],
    ['maxQuoteIn', u64],
    ['hooks', u8],
  ]) as Codec<CreatePoolArgs>,
  createLockedPool: getStructCodec([
    ['tokenAmount', u64],
    ['quoteAmount', u64],
  ]) as Codec<CreateLockedPoolArgs>,
  createMarketPool: getStructCodec([
    ['tokenAmount', u64],
    ['quoteAmount', u64],
    ['feeBps', u16],
  ]) as Codec<CreateMarketPoolArgs>,
  swap: getStructCodec([
    ['side', tradeSideCodec],
    ['amountIn', u64],
    ['minOut', u64],
  ]) as Codec<SwapArgs>,
  claimFees: getStructCodec([]) as unknown as Codec<Empty>,
};

/** Account order of each instruction (names as the ingest reports them). `referrer` is optional. */
export const POOL_VENUE_ACCOUNTS = {
  createPool: [
    'payer',
    'creator',
    'mint',
    'pool',
    'poolTokenVault',
    'creatorTokenAccount',
    'config',
    'tokenProgram',
    'systemProgram',
    'associatedTokenProgram',
  ],
  createLockedPool: [
    'payer',
    'curve',
    'pool',
    'poolTokenVault',
    'poolQuoteVault',
    'mint',
    'quoteMint',
    'tokenProgram',
    'quoteTokenProgram',
    'systemProgram',
    'associatedTokenProgram',
  ],
  createMarketPool: ['admin', 'config', 'pool', 'poolTokenVault', 'adminTokenAccount', 'mint', 'tokenProgram', 'systemProgram', 'associatedTokenProgram'],
  swap: [
    'trader',
    'pool',
    'poolTokenVault',
    'poolQuoteVault',
    'traderTokenAccount',
    'traderQuoteAccount',
    'mint',
    'quoteMint',
    'tokenProgram',
    'quoteTokenProgram',
    'systemProgram',
    'referrer',
  ],
  claimFees: ['pool', 'poolQuoteVault', 'quoteMint', 'quoteTokenProgram', 'holdersOrCreator', 'service', 'aiFund', 'burn', 'referrerOrLiquidity'],
} as const satisfies { [K in PoolVenueInstructionKind]: readonly string[] };

export function encodePoolVenueInstruction(ix: PoolVenueInstructionData): Uint8Array {
  const body = (argCodecs[ix.kind] as Codec<unknown>).encode(ix.args);
  const out = new Uint8Array(1 + body.length);
  out[0] = POOL_VENUE_DISCRIMINATORS[ix.kind];
  out.set(body, 1);
  return out;
}

/** The instruction in `data`, or null when the discriminator is unknown or the args do not decode. */
export function decodePoolVenueInstruction(data: Uint8Array): PoolVenueInstructionData | null {
  const kind = (Object.keys(POOL_VENUE_DISCRIMINATORS) as PoolVenueInstructionKind[]).find((k) => POOL_VENUE_DISCRIMINATORS[k] === data[0]);
  if (!kind) return null;
  try {
    return { kind, args: argCodecs[kind].decode(data, 1) } as PoolVenueInstructionData;
  } catch {
    return null;
  }
}
