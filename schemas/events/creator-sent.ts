// `creator.sent`: a payment of a creator-mode coin's earnings to one of its creator's recipients.
import { z } from 'zod';
import { defineEvent } from './envelope.js';
import { address, amount } from './fields.js';

export const creatorSentData = z.strictObject({
  /** The coin's mint. */
  mint: address,
  /** The recipient paid. */
  wallet: address,
  /** Mint of the quote token paid. */
  quoteMint: address,
  /** Amount sent, raw quote units. */
  amount,
});

export const creatorSentEvent = defineEvent('creator.sent', creatorSentData);

export type CreatorSentData = z.infer<typeof creatorSentData>;
export type CreatorSentEvent = z.infer<typeof creatorSentEvent>;
