// The devnet's seeded ideas on the embedded setup's board: imported (idempotently, by id) when the API starts on the
// embedded devnet, whose simulator launches some coins from them, so the board and its launched links show at once.
import type { Logger } from 'pino';
import { ideasFile, importIdeas, type IdeasFile } from '../../api/ideas/idea-import.js';
import { SEEDED_IDEAS } from '../devnet/simulator/seeded-ideas.js';
import type { OpStore } from '../opstore/op-store.js';

/** Fixed times, so a restart imports the same records; before any launch of the devnet's wall clock. */
const FIRST_CREATED_AT = Date.parse('2026-01-01T00:00:00Z');
const HOUR_MS = 3_600_000;

export function devnetIdeasFile(): IdeasFile {
  return ideasFile.parse({
    ideas: SEEDED_IDEAS.map((idea, i) => {
      const createdAt = FIRST_CREATED_AT + i * HOUR_MS;
      return {
        id: `devnet-${idea.ticker.toLowerCase()}`,
        name: idea.name,
        ticker: idea.ticker,
        pitch: idea.pitch,
        trend: idea.trend,
        story: idea.story,
        takes: idea.takes,
        crew: { scores: idea.scores, scoredAt: new Date(createdAt + HOUR_MS).toISOString() },
        createdAt: new Date(createdAt).toISOString(),
      };
    }),
  });
}

export async function seedDevnetIdeas(opstore: OpStore, logger: Logger): Promise<void> {
  const summary = await importIdeas(opstore, devnetIdeasFile());
  logger.info(summary, 'devnet ideas on the board');
}
