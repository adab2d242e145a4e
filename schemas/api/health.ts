// Schemas of `GET /coins/{mint}/health` (spec 2.4): the grade A to F from the latest check of the coin's health
// signals, each signal's level, the context and the time of the check. The grade is null before the first check
// and once the check is over an hour old. A grade flags warnings only: it never says a coin is safe, and the
// answer says so in `note`. How each signal and the grade are computed: the README, "Health signals".
import { z } from 'zod';
import { isoTime } from './fields.js';

export const HEALTH_NOTE =
  'A health grade flags warning signs only, from on-chain facts at the time of the check. It never means a coin is safe, ' +
  'and nothing here is financial advice.';

const bps = z.int().min(0).max(10_000);
const level = z.enum(['ok', 'caution', 'warning']);

export const healthSignals = z
  .object({
    top10Bps: bps.describe('Share of supply held by the 10 largest holders (venues and service wallets left out)'),
    creatorUnlockedBps: bps.describe("Share of supply in the creator's wallet; nothing locks it"),
    creatorSoldLaunchBuy: z.boolean().describe('The creator sold at least half of what it bought in the launch slot'),
    sniperBps: bps.describe('Share of supply held now by wallets (not the creator) that bought within 3 slots of the launch slot'),
    bundleBps: bps.describe('Share of supply held now by early buyers that bought together: 3 or more wallets in one slot, or several in one transaction'),
    insiderBps: bps.describe('Share of supply held now by wallets the creator sent coins to outside a trade'),
    washBps: bps.describe('Coins moved by wallet pairs trading back and forth against each other, as a share of supply (at most 10000)'),
    mintAuthority: z.boolean().optional().describe('True while the mint authority is still set; absent when unknown'),
    freezeAuthority: z.boolean().optional().describe('True while the freeze authority is still set; absent when unknown'),
  })
  .describe('Shares of total supply in bps (10000 = 100%), rounded down');

export const healthLevels = z
  .object({
    top10Bps: level,
    creatorUnlockedBps: level,
    creatorSoldLaunchBuy: level,
    sniperBps: level,
    bundleBps: level,
    insiderBps: level,
    washBps: level,
    mintAuthority: level.optional(),
    freezeAuthority: level.optional(),
  })
  .describe('Per signal: ok, caution or warning');

export const healthContext = z.object({
  holders: z.int().min(0).describe('Holders when checked (venues and service wallets left out)'),
  creatorOtherLaunches: z.int().min(0).describe("The creator's other coins launched through the service"),
  creatorOtherGraduations: z.int().min(0).describe('How many of those graduated'),
});

export const healthResponse = z.object({
  grade: z.enum(['A', 'B', 'C', 'D', 'F']).nullable().describe('A (no warning sign) to F; null before the first check and when the check is over an hour old'),
  checkedAt: isoTime.nullable().describe('Time of the latest check; null before the first'),
  signals: healthSignals.nullable(),
  levels: healthLevels.nullable(),
  context: healthContext.nullable(),
  note: z.string().describe('What a grade does and does not say'),
});

export type HealthResponse = z.output<typeof healthResponse>;
