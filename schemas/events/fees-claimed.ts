// `fees.claimed`: a keeper claimed a market's accrued fees and split them by the coin's locked fee split.
import { z } from 'zod';
import { defineEvent } from './envelope.js';
import { address, amount, feeRole, sumAmounts } from './fields.js';

export const feesClaimedData = z
  .strictObject({
    /** The coin's mint. */
    mint: address,
    /** The curve or pool the fees accrued in. */
    market: address,
    /** Mint of the quote token the fees are in. */
    quoteMint: address,
    /** Fees claimed, raw quote units. */
    total: amount,
    /** Where the claim went: role, wallet and raw quote amount; amounts sum to `total`. */
    shares: z.array(z.strictObject({ role: feeRole, wallet: address, amount })).max(16),
  })
  .superRefine((data, ctx) => {
    const sum = sumAmounts(data.shares.map((share) => share.amount));
    if (sum !== BigInt(data.total)) {
      ctx.addIssue({ code: 'custom', path: ['shares'], message: `shares must sum to total ${data.total}, got ${sum}` });
    }
  });

export const feesClaimedEvent = defineEvent('fees.claimed', feesClaimedData);

export type FeesClaimedData = z.infer<typeof feesClaimedData>;
export type FeesClaimedEvent = z.infer<typeof feesClaimedEvent>;
