// The `health` projector: each coin.launched into the coin's mint facts (its mint and freeze authorities). The
// grades themselves come from the periodic scorer (scorer.ts), which reads this and the other read models.
import type { LoggedEvent, Projector } from '../projector.js';
import { COIN_MINT_FACTS_TABLE, coinHealthTable, coinMintFactsTable, type MintFactsRow } from './table.js';

export const healthProjector: Projector = {
  name: 'health',
  version: 2,
  tables: [coinMintFactsTable, coinHealthTable],
  canHandle: ['coin.launched'],
  handle(events: readonly LoggedEvent[]) {
    const rows = events.flatMap(({ event }): MintFactsRow[] => {
      if (event.type !== 'coin.launched') return [];
      const { mint, mintAuthority, freezeAuthority } = event.data;
      const known = mintAuthority !== undefined && freezeAuthority !== undefined;
      return [{ mint, known: known ? 1 : 0, mintAuthority: mintAuthority ?? null, freezeAuthority: freezeAuthority ?? null }];
    });
    return { [COIN_MINT_FACTS_TABLE]: rows };
  },
};
