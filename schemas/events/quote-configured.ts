// `quote.configured`: the launchpad's admin listed a pair token, or changed or disabled its curve shape
// (SetQuoteConfig). It is the chain fact behind the service's pair listing: which tokens the launchpad takes now,
// and since when. The quote configs a chain starts with (genesis) have no such transaction and so no event.
import { z } from 'zod';
import { defineEvent } from './envelope.js';
import { address, amount } from './fields.js';

export const quoteConfiguredData = z.strictObject({
  /** The pair token the config is for. */
  quoteMint: address,
  /** Its decimals when the transaction shows them (SOL: 9); null otherwise. The instruction carries none: the
   * program reads them from the mint account, which a transaction does not print. */
  quoteDecimals: z.int().min(0).max(255).nullable(),
  /** Whether the launchpad takes the token as a pair after this transaction. */
  enabled: z.boolean(),
  /** The curve shape of new coins on this pair, raw units. */
  initialVirtualQuote: amount,
  initialVirtualToken: amount,
  curveAllotment: amount,
});

export const quoteConfiguredEvent = defineEvent('quote.configured', quoteConfiguredData);

export type QuoteConfiguredData = z.infer<typeof quoteConfiguredData>;
export type QuoteConfiguredEvent = z.infer<typeof quoteConfiguredEvent>;
