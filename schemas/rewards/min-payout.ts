// The rewards keeper's minimum payout, in the coin's quote raw units: a holder's share (plus what it was owed)
// below it is not sent but carried as owed to the next round. 0.001 SOL on SOL pairs, 10,000 raw units (one cent
// of the six-decimal stablecoin) on any other quote token. Shared by the keeper that applies it on chain and the
// projections that recompute what it carried.
import { NATIVE_MINT_ID } from '../programs/token-addresses.js';

export const MIN_PAYOUT_LAMPORTS = 1_000_000n;
export const MIN_PAYOUT_OTHER_QUOTE = 10_000n;

export function minPayout(quoteMint: string): bigint {
  return quoteMint === NATIVE_MINT_ID ? MIN_PAYOUT_LAMPORTS : MIN_PAYOUT_OTHER_QUOTE;
}
