// Schemas of `GET /creators/{wallet}` (spec 2.10): the coins a wallet launched with what they earned, and the
// latest payments of creator earnings. Creator-written text sits under `user`. Amounts are raw quote units.
import { z } from 'zod';
import { quoteToken, userSummary } from './coins.js';
import { address, isoTime, rawAmount, signature } from './fields.js';
import { creatorEarnings, pot } from './rewards.js';

/** Most entries of `recentSends`. */
export const RECENT_SENDS = 50;

export const creatorCoin = z.object({
  mint: address,
  user: userSummary,
  mode: z.enum(['holder', 'creator']),
  createdAt: isoTime.describe('Launch time'),
  quote: quoteToken,
  creator: creatorEarnings.nullable().describe('Creator mode: what the coin earned its creator, as its rewards show it; null for a holder-mode coin'),
  pot: pot.nullable().describe("Holder mode: the coin's reward pot, as its rewards show it; null for a creator-mode coin"),
  roundCount: z.int().min(0).nullable().describe('Holder mode: payout rounds so far; null for a creator-mode coin'),
});

export const creatorSend = z.object({
  coin: address,
  wallet: address.describe('The recipient paid: the creator, or a recipient the creator named at launch'),
  token: address.describe('Mint of the quote token paid'),
  amount: rawAmount,
  signature,
  time: isoTime.describe('Block time of the payment'),
});

export const creatorResponse = z.object({
  wallet: address,
  coins: z.array(creatorCoin).describe('Coins the wallet launched, newest first; empty when it launched none'),
  recentSends: z.array(creatorSend).describe(`Payments of the coins' creator earnings, newest first, at most ${RECENT_SENDS}`),
});

export type CreatorResponse = z.output<typeof creatorResponse>;
