// Schema of `GET /coins/{mint}`: the coin summary's fields plus everything fixed at launch (spec 2.3). The
// creator's text (name, symbol, description, socials, metadata URI) sits only under `user`.
import { z } from 'zod';
import { coinSummary, userSummary } from './coins.js';
import { address, isoTime, launchVenue, rawAmount, recipientPct } from './fields.js';

const socials = z.object({
  x: z.string().nullable(),
  telegram: z.string().nullable(),
  website: z.string().nullable(),
});

/** A basket token and its weight, as `basket` takes them at launch. */
export const basketWeight = z.object({ mint: address, weight: z.int().min(1).max(10_000).describe('Weight in bps of the basket; weights sum to 10000') });

/** `GET /coins/{mint}`: the summary fields plus everything fixed at launch. */
export const coinFull = coinSummary.extend({
  user: userSummary.extend({
    description: z.string().nullable().describe('Description the creator gave at launch; null when none is known'),
    socials: socials.describe('Links as the creator gave them, unchecked; null when none is known'),
    uri: z.string().describe('Metadata URI as written on chain'),
  }),
  venue: launchVenue,
  creator: z.object({ wallet: address.describe('The wallet that launched the coin') }),
  pools: z
    .array(
      z.object({
        kind: z.enum(['curve', 'pool', 'locked-pool']),
        address,
        active: z.boolean().describe('Whether trading happens there now'),
      }),
    )
    .describe('Bonding curve and pools of the coin, oldest first'),
  holdersPaid: z.enum(['pair', 'basket']).describe('What holder rewards are paid in'),
  basket: z.array(basketWeight).describe('Tokens holder rewards buy; empty when paid in the pair'),
  creatorSplit: z
    .array(z.object({ wallet: address, pct: recipientPct }))
    .describe("Wallets the creator's part of the fees goes to, as `recipients` named them at launch"),
  fee: z.object({ bps: z.int().min(0).max(10_000).describe("Trading fee in bps of each trade's quote amount") }),
  pair: z.object({ mint: address, kind: z.enum(['sol', 'stablecoin', 'token']) }).describe('The token the coin trades against'),
  hooks: z.array(z.string()).describe('Hooks fixed at launch, e.g. anti-sniper; empty for a standard coin'),
  token: z.enum(['token-2022', 'spl']).describe("Token program of the coin's mint"),
  decimals: z.int().min(0).max(255).describe('Decimals of the coin (6)'),
  supply: rawAmount.describe('Total supply, raw coin units'),
  graduation: z
    .object({ time: isoTime, pool: address.describe('The locked pool') })
    .nullable()
    .describe('When and where the coin graduated; null before'),
});

export type CoinFull = z.output<typeof coinFull>;
