// Schemas of `GET /creators/{wallet}` (spec 2.10): the coins a wallet launched with what they earned, and the
// latest payments of creator earnings. Creator-written text sits under `user`. Amounts are raw quote units.
import { z } from 'zod';
import { quoteToken, userSummary } from './coins.js';
import { address, isoTime, rawAmount, signature } from './fields.js';

/** Most entries of `recentSends`. */
export const RECENT_SENDS = 50;

export const creatorCoin = z.object({
  mint: address,
  user: userSummary,
  mode: z.enum(['holder', 'creator']),
  createdAt: isoTime.describe('Launch time'),
  quote: quoteToken,
  earnings: z
    .object({
      earned: rawAmount.describe("The creator's share of every fee claim"),
      sent: rawAmount.describe("Sent on to the creator's recipients"),
      waiting: rawAmount.describe('Earned and not sent yet'),
    })
    .nullable()
    .describe('Creator mode: what the coin earned its creator; null for a holder-mode coin'),
  holderRewards: z
    .object({
      takenIn: rawAmount.describe("The holders' share of every fee claim"),
      paid: rawAmount.describe('What payout rounds paid holders'),
      rounds: z.int().min(0).describe('Payout rounds so far'),
    })
    .nullable()
    .describe('Holder mode: what the coin earned its holders; null for a creator-mode coin'),
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
