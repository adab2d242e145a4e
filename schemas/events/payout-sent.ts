// `payout.sent`: one holder's share of a payout round, sent.
import { z } from 'zod';
import { defineEvent } from './envelope.js';
import { address, amount, round } from './fields.js';

export const payoutSentData = z.strictObject({
  /** The coin's mint. */
  mint: address,
  /** Round the payout belongs to. */
  round,
  /** The holder paid. */
  wallet: address,
  /** Mint of the token paid (the pair or a basket token). */
  token: address,
  /** Amount sent, raw units of `token`. */
  amount,
});

export const payoutSentEvent = defineEvent('payout.sent', payoutSentData);

export type PayoutSentData = z.infer<typeof payoutSentData>;
export type PayoutSentEvent = z.infer<typeof payoutSentEvent>;
