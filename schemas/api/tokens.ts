// Schemas of the token search `GET /tokens` (spec 2.14) and the token logo `GET /tokens/{mint}/logo`.
// `name` and `symbol` are creator-written text shown only when they look like a label (api/tokens/label-rule.ts),
// else null; `links` are third-party and unchecked.
import { z } from 'zod';
import { address, intParam, UNKNOWN_QUERY_KEYS, untrusted } from './fields.js';

export const tokensQuery = z
  .object({
    q: z.string().trim().min(1).max(64).describe('Search: a mint (exact), a symbol or part of a name'),
    limit: intParam(1, 10, 5).describe('Most tokens answered'),
  })
  .describe(UNKNOWN_QUERY_KEYS);

export const tokenMintParams = z.strictObject({ mint: address.describe("The token's mint address") });

const usd = z.number().nonnegative().nullable();
const httpsUrl = z.string().nullable();

export const tokenItem = z.object({
  mint: address,
  symbol: untrusted(z.string().nullable().describe("The token's symbol; null when the creator's text does not look like a label")),
  name: untrusted(z.string().nullable().describe("The token's name; null when the creator's text does not look like a label")),
  logoUrl: z.string().describe("URL of the service's own copy of the logo, on the site's public root (SITE_URL)"),
  description: z.null().describe('Always null'),
  verified: z.boolean().describe("On the aggregator's verified list (the service's own listed tokens when answered by the service)"),
  tags: z.array(z.string()),
  onService: z
    .object({
      quote: z.boolean().describe('Offered for pairing on the launchpad'),
      basket: z.boolean().describe('Offered in holder baskets'),
      addedAt: z.iso.date().nullable().describe('UTC day it came onto the service (a coin: its launch day); null when unknown or not on the service'),
    })
    .describe('Where the service offers the token'),
  decimals: z.int().min(0).max(255),
  tokenProgram: z.enum(['spl', 'token-2022']),
  mintAuthority: address.nullable().describe('An address while set; null when revoked or unknown'),
  freezeAuthority: address.nullable().describe('An address while set; null when revoked or unknown'),
  priceUsd: usd.describe('US dollars per whole token'),
  marketCap: usd.describe('US dollars'),
  liquidityUsd: usd.describe('US dollars'),
  volume24h: usd.describe('US dollars traded in the last 24 hours'),
  holders: z.int().min(0).nullable(),
  links: untrusted(z.object({ website: httpsUrl, x: httpsUrl }).describe('Plain https URLs, third-party and unchecked; null when none')),
});

export const tokensResponse = z.object({
  tokens: z.array(tokenItem).describe("In the aggregator's ranking (the service's own ranking when it answers itself)"),
});

export type TokensQuery = z.output<typeof tokensQuery>;
export type TokenItem = z.output<typeof tokenItem>;
export type TokensResponse = z.output<typeof tokensResponse>;
