// `coin.fee_split_locked`: the five-way split of a coin's trading fees, locked on chain at launch.
import { z } from 'zod';
import { defineEvent } from './envelope.js';
import { address, bps, feeRole } from './fields.js';

/** A locked fee split always has this many recipients. */
export const FEE_SPLIT_RECIPIENTS = 5;

export const coinFeeSplitLockedData = z
  .strictObject({
    /** The coin's mint. */
    mint: address,
    /** Wallet that referred the launch; null without one. */
    referrer: address.nullable(),
    /** Who gets each share of the fees: a role, its wallet and its bps; exactly 5, summing to 10000. */
    recipients: z.array(z.strictObject({ role: feeRole, wallet: address, bps })).length(FEE_SPLIT_RECIPIENTS),
  })
  .superRefine((data, ctx) => {
    const total = data.recipients.reduce((sum, recipient) => sum + recipient.bps, 0);
    if (total !== 10_000) {
      ctx.addIssue({ code: 'custom', path: ['recipients'], message: `fee split must sum to 10000 bps, got ${total}` });
    }
    if (new Set(data.recipients.map((recipient) => recipient.role)).size !== data.recipients.length) {
      ctx.addIssue({ code: 'custom', path: ['recipients'], message: 'fee split roles must be distinct' });
    }
  });

export const coinFeeSplitLockedEvent = defineEvent('coin.fee_split_locked', coinFeeSplitLockedData);

export type CoinFeeSplitLockedData = z.infer<typeof coinFeeSplitLockedData>;
export type CoinFeeSplitLockedEvent = z.infer<typeof coinFeeSplitLockedEvent>;
