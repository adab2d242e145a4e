// Schemas of `GET /wallets/{wallet}/rewards` (spec 2.9): the payouts a wallet received and the shares it is owed
// (below the minimum payout, carried to the next round). Amounts are raw units of the named token.
import { z } from 'zod';
import { address, intParam, isoTime, rawAmount, signature } from './fields.js';

export const walletParams = z.strictObject({ wallet: address.describe('A wallet address') });

export const walletRewardsQuery = z.object({
  coin: address.optional().describe("Only this coin's rewards"),
  limit: intParam(1, 200, 50).describe('Most entries in each of `paid` and `owed`'),
});

export const walletPayout = z.object({
  coin: address.describe('The coin whose holders were paid'),
  round: z.int().min(1).describe('The payout round'),
  token: address.describe('Mint of the token paid'),
  amount: rawAmount.describe('Raw units of `token`'),
  signature: signature.describe('The payout transaction'),
  time: isoTime.describe('Block time of the payout'),
});

export const walletOwed = z.object({
  coin: address,
  token: address.describe("Mint the share is counted in: the coin's quote token (the share stays in the pot until paid)"),
  amount: rawAmount.describe("Raw units carried to the next round, where it is added to that round's share"),
  round: z.int().min(1).describe('The latest round, which carried it'),
});

export const walletRewardsResponse = z.object({
  wallet: address,
  paid: z.array(walletPayout).describe('Newest first'),
  owed: z.array(walletOwed).describe('Per coin; empty when nothing is carried'),
});

export type WalletRewardsQuery = z.output<typeof walletRewardsQuery>;
export type WalletRewardsResponse = z.output<typeof walletRewardsResponse>;
