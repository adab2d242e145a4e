// The health projector, given launches then mint-facts rows: the authorities a launch reports (null when none),
// and `known` 0 for a launch event written before the fields existed; other events are not its business.
import { describe, expect, it } from 'vitest';
import { healthProjector } from '../../projections/health/projector.js';
import { COIN_HEALTH_TABLE, COIN_MINT_FACTS_TABLE } from '../../projections/health/table.js';
import { addr, launched, logged, trade } from './event-fixtures.js';

describe('health projector', () => {
  it('given launches with and without authority facts, then one mint-facts row each and no health rows', () => {
    const rows = healthProjector.handle(
      logged([
        launched({ slot: 1, tx: 1 }, addr(1), {}, { mintAuthority: null, freezeAuthority: addr(9) }),
        launched({ slot: 2, tx: 2 }, addr(2)),
        trade({ slot: 3, tx: 3 }, { mint: addr(1) }),
      ]),
    );
    expect(rows[COIN_MINT_FACTS_TABLE]).toEqual([
      { mint: addr(1), known: 1, mintAuthority: null, freezeAuthority: addr(9) },
      { mint: addr(2), known: 0, mintAuthority: null, freezeAuthority: null },
    ]);
    expect(rows[COIN_HEALTH_TABLE]).toBeUndefined();
  });
});
