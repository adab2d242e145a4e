// `payout.round`: a holder payout round finished: what the pot bought and for how many holders.
import { z } from 'zod';
import { defineEvent } from './envelope.js';
import { address, amount, paidIn, round, slot } from './fields.js';

export const payoutRoundData = z
  .strictObject({
    /** The coin's mint. */
    mint: address,
    /** Round number, from 1. */
    round,
    /** Slot whose balances the round counted. */
    snapshotSlot: slot,
    /** Earlier slot each holder's balance was also read at (it counts at the smaller); null for a first round without one. */
    baselineSlot: slot.nullable(),
    /** Holders counted in the round. */
    holdersCounted: z.int().nonnegative(),
    /** Pot spent, raw quote units. */
    potSpent: amount,
    /** The coin's quote token, which the pot and the costs are counted in; absent in events written before the field
     * existed. */
    quoteMint: address.optional(),
    /** Whether holders were paid in the pair token or the basket. */
    paidIn,
    /** Each token bought for holders: its mint, raw units bought, and raw quote units it cost. */
    tokens: z.array(z.strictObject({ mint: address, bought: amount, cost: amount })).max(8),
  })
  .superRefine((data, ctx) => {
    if (data.baselineSlot !== null && data.baselineSlot > data.snapshotSlot) {
      ctx.addIssue({ code: 'custom', path: ['baselineSlot'], message: 'baselineSlot must not be after snapshotSlot' });
    }
    if (data.baselineSlot === null && data.round !== 1) {
      ctx.addIssue({ code: 'custom', path: ['baselineSlot'], message: 'only a first round may lack a baseline slot' });
    }
  });

export const payoutRoundEvent = defineEvent('payout.round', payoutRoundData);

export type PayoutRoundData = z.infer<typeof payoutRoundData>;
export type PayoutRoundEvent = z.infer<typeof payoutRoundEvent>;
