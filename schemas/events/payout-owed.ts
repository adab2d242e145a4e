// `payout.owed`: a holder's share below the minimum payout, carried to the next round.
import { z } from 'zod';
import { defineEvent } from './envelope.js';
import { address, amount, round } from './fields.js';

export const payoutOwedData = z.strictObject({
  /** The coin's mint. */
  mint: address,
  /** Round the share was earned in. */
  round,
  /** The holder owed. */
  wallet: address,
  /** Mint of the token owed (the pair or a basket token). */
  token: address,
  /** Amount carried over, raw units of `token`. */
  amount,
});

export const payoutOwedEvent = defineEvent('payout.owed', payoutOwedData);

export type PayoutOwedData = z.infer<typeof payoutOwedData>;
export type PayoutOwedEvent = z.infer<typeof payoutOwedEvent>;
