// `revenue`: income to the service: its share of fees, swap referrals, or a paid API call.
import { z } from 'zod';
import { defineEvent } from './envelope.js';
import { address, amount } from './fields.js';

export const revenueData = z
  .strictObject({
    /** Where it came from: the service's fee share, a swap referral, or a paid (x402) call. */
    kind: z.enum(['fee-share', 'swap-referral', 'api']),
    /** Amount received, raw units of `unit`. */
    amount,
    /** Unit of `amount`: lamports, micro-USD, or raw units of the quote token `quoteMint`. */
    unit: z.enum(['lamports', 'micro-usd', 'quote']),
    /** The coin it came from; null when not tied to a coin. */
    mint: address.nullable(),
    /** Mint of the quote token; null unless relevant. */
    quoteMint: address.nullable(),
  })
  .superRefine((data, ctx) => {
    if (data.unit === 'quote' && data.quoteMint === null) {
      ctx.addIssue({ code: 'custom', path: ['quoteMint'], message: 'an amount in quote units needs its quoteMint' });
    }
  });

export const revenueEvent = defineEvent('revenue', revenueData);

export type RevenueData = z.infer<typeof revenueData>;
export type RevenueEvent = z.infer<typeof revenueEvent>;
