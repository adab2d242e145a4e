// `price.updated`: a new price from the price feed.
import { z } from 'zod';
import { defineEvent } from './envelope.js';
import { amount } from './fields.js';

export const priceUpdatedData = z.strictObject({
  /** The asset priced. */
  asset: z.enum(['SOL']),
  /** Price of one whole unit, in micro-USD. */
  microUsd: amount,
});

export const priceUpdatedEvent = defineEvent('price.updated', priceUpdatedData);

export type PriceUpdatedData = z.infer<typeof priceUpdatedData>;
export type PriceUpdatedEvent = z.infer<typeof priceUpdatedEvent>;
