// Schemas of `GET /coins/{mint}/rewards` (spec 2.5): a holder-mode coin's pot, per-token totals and rounds, or a
// creator-mode coin's earnings. Amounts are raw-unit decimal strings: quote amounts in the coin's quote token
// (`quote.decimals`), bought and paid amounts in each token's own units; US cents as integer strings.
import { z } from 'zod';
import { quoteToken } from './coins.js';
import { address, intParam, isoTime, rawAmount, signature } from './fields.js';

export const coinRewardsQuery = z.object({
  limit: intParam(1, 50, 10).describe('Rounds to list, newest first'),
});

const usdCents = rawAmount.describe('US cents, rounded down');

export const pot = z
  .object({
    holds: rawAmount.describe('Quote raw units the pot holds now: taken in less spent (shares owed to holders stay in it)'),
    takenIn: rawAmount.describe("Quote raw units the holders' share of every fee claim brought in"),
    spent: rawAmount.describe('Quote raw units payout rounds took out (the shares they paid)'),
  })
  .describe("The coin's reward pot, raw quote units");

/** What a creator-mode coin earned its creator, as the coin's rewards and the creator's coins show it. */
export const creatorEarnings = z
  .object({
    earned: rawAmount.describe("The creator's share of every fee claim, raw quote units"),
    sent: rawAmount.describe("Sent on to the creator's recipients, raw quote units"),
    waiting: rawAmount.describe('Earned and not sent yet, raw quote units'),
  })
  .describe("The creator's earnings, raw quote units");

export const tokenPaid = z.object({
  token: address.describe('Mint of the token holders were paid in (a basket token, or the quote token)'),
  paid: rawAmount.describe('Raw units of the token sent to holders'),
  cost: rawAmount.describe('What the rounds paid for it, raw quote units'),
  usdCentsAtPayout: usdCents.describe("`cost` at the quote token's US dollar price when each round bought, summed; rounds without a price are left out"),
  unpricedRounds: z.int().min(0).describe('Rounds left out of `usdCentsAtPayout` for lack of a quote price at the time'),
  usdCentsNow: usdCents
    .nullable()
    .describe(
      "`paid` at the token's latest price (the quote cost per unit of the coin's latest round that bought it, at the quote token's latest US dollar price); null without one",
    ),
});

export const roundToken = z.object({
  mint: address,
  bought: rawAmount.describe('Raw units of the token the round bought (the pot spent itself when holders are paid in the quote token)'),
  cost: rawAmount.describe('Raw quote units it cost'),
  paid: rawAmount.describe('Raw units of it sent to holders'),
});

export const round = z.object({
  round: z.int().min(1).describe('Round number, from 1'),
  signature: signature.describe("The round's transaction (snapshot recorded, tokens bought)"),
  time: isoTime.describe("Block time of the round's transaction"),
  snapshotSlot: z.int().min(0).describe('Slot whose balances the round counted'),
  baselineSlot: z.int().min(0).nullable().describe('Earlier slot each balance was also read at; a holder counts at the smaller'),
  holdersCounted: z.int().min(0).describe('Holders with a counted balance'),
  potSpent: rawAmount.describe('Quote raw units the round took from the pot'),
  paidIn: z.enum(['pair', 'basket']).describe('pair: paid in the quote token; basket: in the basket tokens'),
  tokens: z.array(roundToken),
  payouts: z.object({
    holdersPaid: z.int().min(0).describe('Wallets sent a payout (shares below the minimum are carried instead)'),
    signatures: z.array(signature).describe('Payout transactions, in chain order'),
    lastAt: isoTime.nullable().describe('Block time of the last payout; null before any'),
  }),
});

const base = {
  mint: address,
  quote: quoteToken.describe('The token pot, cost and creator amounts are counted in'),
};

export const holderRewards = z.object({
  ...base,
  mode: z.literal('holder'),
  pot,
  paidByToken: z.array(tokenPaid).describe('Per token paid, in the order first bought'),
  rounds: z.array(round).describe('Newest first, at most `limit`'),
});

export const creatorRewards = z.object({
  ...base,
  mode: z.literal('creator'),
  creator: creatorEarnings,
});

export const coinRewardsResponse = z
  .discriminatedUnion('mode', [holderRewards, creatorRewards])
  .describe('Holder mode: pot, per-token totals and rounds. Creator mode: what the creator earned, was sent and is waiting');

export type CoinRewardsQuery = z.output<typeof coinRewardsQuery>;
export type CoinRewardsResponse = z.output<typeof coinRewardsResponse>;
export type HolderRewards = z.output<typeof holderRewards>;
export type RoundView = z.output<typeof round>;
export type TokenPaid = z.output<typeof tokenPaid>;
