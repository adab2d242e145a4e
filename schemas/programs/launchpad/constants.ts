// Launchpad parameters: PDA seeds, the curve shapes per quote token (SOL and the dollar stablecoin),
// the anti-sniper and referral defaults the devnet's genesis installs.
import { COIN_DECIMALS } from '../coin-rules.js';

export const LAUNCHPAD_SEEDS = { global: 'global', quote: 'quote', curve: 'curve' } as const;

const coins = (whole: bigint): bigint => whole * 10n ** BigInt(COIN_DECIMALS);

/** Shape of a curve for one quote token (raw units). */
export interface CurveShape {
  initialVirtualQuote: bigint;
  initialVirtualToken: bigint;
  /** Coins sold on the curve; the rest of the supply goes into the locked pool at graduation. */
  curveAllotment: bigint;
}

/** SOL pairs: 30 SOL virtual, 1,073,000,000 virtual coins, 793,100,000 coins sold on the curve
 * (about 85 SOL raised at graduation). */
export const SOL_CURVE: CurveShape = {
  initialVirtualQuote: 30_000_000_000n,
  initialVirtualToken: coins(1_073_000_000n),
  curveAllotment: coins(793_100_000n),
};

/** Dollar stablecoin pairs (6 decimals): the SOL curve at 150 USD per SOL, 4,500 dollars virtual
 * (about 12,750 dollars raised at graduation). */
export const STABLECOIN_DECIMALS = 6;
export const STABLECOIN_CURVE: CurveShape = {
  initialVirtualQuote: 4_500_000_000n,
  initialVirtualToken: coins(1_073_000_000n),
  curveAllotment: coins(793_100_000n),
};

/** Anti-sniper defaults: at most 1% of supply per wallet during the first 60 seconds. */
export const DEFAULT_ANTI_SNIPER = { limitBps: 100, windowSeconds: 60 } as const;
/** Default referral share of a trade's fee paid to a trade's referrer (SOL pairs): 10% of the fee. */
export const DEFAULT_REFERRAL_BPS = 1_000;
