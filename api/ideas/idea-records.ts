// Ideas as the operational store keeps them (collection `ideas`), and the key that ties an idea to the coin
// launched from it: the same name and ticker, compared after normalising case, spacing, width and a leading `$`.
import { z } from 'zod';
import { defineCollection } from '../../infra/opstore/op-store.js';

export const ideaRecord = z.object({
  id: z.string().min(1),
  name: z.string(),
  ticker: z.string(),
  pitch: z.string(),
  trend: z.string(),
  story: z.string(),
  takes: z.array(z.string()),
  pairMint: z.string(),
  /** The five crew characters' scores (0 to 20 each), empty until scored; crewScore is their sum. */
  crewScores: z.array(z.int().min(0).max(20)),
  crewScore: z.int().min(0).max(100).nullable(),
  /** Epoch milliseconds. */
  scoredAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  /** When the import last wrote it, epoch milliseconds: the linker looks at ideas written since its last pass. */
  importedAt: z.number().int(),
  /** normaliseName(name) + '\n' + normaliseTicker(ticker). */
  matchKey: z.string(),
  /** The coin launched from it, once seen on chain. */
  launchedMint: z.string().nullable(),
});

export type IdeaRecord = z.infer<typeof ideaRecord>;

export const ideasCollection = defineCollection('ideas', ideaRecord);

export function normaliseName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function normaliseTicker(ticker: string): string {
  return ticker.normalize('NFKC').trim().replace(/^\$/, '').trim().toLowerCase();
}

export function matchKey(name: string, ticker: string): string {
  return `${normaliseName(name)}\n${normaliseTicker(ticker)}`;
}
