// The simulator's memory between slots, kept as plain JSON so a persisted devnet resumes the same
// market: RNG state, how many wallets exist, every coin it launched and the keepers' books.
import type { Address } from '@solana/kit';
import type { RngState } from './rng.js';

export type Route = 'launchpad' | 'pool-venue';
export type CoinMode = 'holder' | 'creator';
export type HoldersPaid = 'pair' | 'basket';

export interface SimCoin {
  mint: Address;
  route: Route;
  quoteMint: Address;
  mode: CoinMode;
  holdersPaid: HoldersPaid;
  basket: { mint: Address; weightBps: number }[];
  recipients: { wallet: Address; bps: number }[];
  hooks: string[];
  tokenProgram: Address;
  creator: number;
  launchSlot: number;
  graduated: boolean;
  /** Quote raw units the holders' share has brought to the rewards vault and not yet spent. */
  pot: string;
  /** Shares below the minimum payout, by wallet, carried to the next round. */
  owed: Record<string, string>;
  round: number;
  /** Slot the next round compares against (first claim, then each round's snapshot). */
  baselineSlot: number | null;
  /** Creator-mode earnings (creator share of claims) and what was sent on. */
  creatorEarned: string;
  creatorSent: string;
  /** A wallet pair that wash-trades this coin, if any. */
  washers: number[];
}

export interface SimState {
  v: 1;
  seed: number;
  rng: RngState;
  slotsRun: number;
  wallets: number;
  mints: number;
  coins: SimCoin[];
  solMicroUsd: string;
  lastBurnDay: string | null;
  graduationTarget: Address | null;
}

export function initialState(seed: number, rng: RngState): SimState {
  return {
    v: 1,
    seed,
    rng,
    slotsRun: 0,
    wallets: 0,
    mints: 0,
    coins: [],
    solMicroUsd: '150000000',
    lastBurnDay: null,
    graduationTarget: null,
  };
}
