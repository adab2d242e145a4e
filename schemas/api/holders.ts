// Schemas of `GET /coins/{mint}/holders` (spec 2.6): the holder count, the slot the next payout round compares
// against, and the largest holders with what the next round would count of each. Pools, locked liquidity and
// the service's own wallets are left out of the list and the count. Amounts are raw-unit decimal strings.
import { z } from 'zod';
import { address, intParam, rawAmount } from './fields.js';

/** The most holders a read lists. */
export const MAX_HOLDERS_LISTED = 100;

export const holdersQuery = z.object({
  limit: intParam(1, MAX_HOLDERS_LISTED, 20).describe('How many of the largest holders to list'),
});

export const holderItem = z.object({
  wallet: address,
  amount: rawAmount.describe('Balance now, raw units (6 decimals), over all its token accounts'),
  shareBps: z.int().min(0).max(10_000).describe('Share of total supply in bps (10000 = 100%), rounded down'),
  countsNextRound: rawAmount
    .nullable()
    .describe(
      'What the next payout round would count for this wallet: the smaller of its balance now and at `baselineSlot`, so coins bought ' +
        'after the baseline count from the round after; null while there is no baseline, and always null for creator-mode coins (no rounds pay their holders)',
    ),
});

export const holdersResponse = z.object({
  holders: z.int().min(0).describe('Wallets holding the coin; pools, locked liquidity and the service wallets left out'),
  baselineSlot: z
    .int()
    .min(0)
    .nullable()
    .describe(
      "The slot the next payout round compares balances against: the last round's snapshot slot, else the slot of the coin's first fee " +
        'claim; null before there is one, and always null for creator-mode coins (they have no rounds)',
    ),
  top: z.array(holderItem).describe('Largest holders first; ties by wallet address'),
});

export type HoldersQuery = z.output<typeof holdersQuery>;
export type HolderItem = z.output<typeof holderItem>;
export type HoldersResponse = z.output<typeof holdersResponse>;
