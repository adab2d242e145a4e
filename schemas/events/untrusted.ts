// Text written by a coin's creator: carried verbatim under `untrusted`, bounded in length, never interpreted.
import { z } from 'zod';

/** Length bounds, in UTF-16 code units as JavaScript counts them. */
export const UNTRUSTED_LIMITS = { name: 64, symbol: 16, uri: 512 } as const;

/** Name, symbol and metadata URI as the creator wrote them on chain. */
export const untrustedCoinText = z.strictObject({
  name: z.string().max(UNTRUSTED_LIMITS.name),
  symbol: z.string().max(UNTRUSTED_LIMITS.symbol),
  uri: z.string().max(UNTRUSTED_LIMITS.uri),
});

export type UntrustedCoinText = z.infer<typeof untrustedCoinText>;
