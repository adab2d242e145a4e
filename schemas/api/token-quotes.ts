// Schema of `GET /token-quotes` (spec 4.1, outside the versioned prefix): the pair tokens a launch may choose, as the
// launchpad's quote configurations on chain list them, and the day each was listed.
import { z } from 'zod';
import { address } from './fields.js';

export const tokenQuote = z.object({
  mint: address,
  symbol: z.string().nullable().describe('Its symbol, when the service lists it'),
  name: z.string().nullable(),
  decimals: z.int().min(0).max(255).nullable().describe("Decimals, from the launchpad's quote configuration when it has one; null when unknown"),
  priceUsd: z
    .number()
    .nonnegative()
    .nullable()
    .describe('US dollars per whole token, a number as token search gives it: the latest posted SOL price, $1 for the stablecoin; null without one'),
  launchpad: z.boolean().describe('Whether the launchpad takes it as a pair now (its quote configuration is on chain and enabled)'),
  addedAt: z.iso
    .date()
    .nullable()
    .describe(
      'UTC day of the block of the first transaction that enabled its quote configuration; null when unknown (a configuration the chain started with) or never enabled',
    ),
});

export const tokenQuotesResponse = z.object({ quotes: z.array(tokenQuote) });

export type TokenQuotesResponse = z.infer<typeof tokenQuotesResponse>;
