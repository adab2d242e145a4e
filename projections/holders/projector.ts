// The `holder-baselines` projector: fee claims and payout rounds into the points a coin's next round
// compares against (see table.ts).
import type { LoggedEvent, Projector } from '../projector.js';
import { HOLDER_BASELINES_TABLE, holderBaselinesTable, type HolderBaselineRow } from './table.js';

export const holderBaselinesProjector: Projector = {
  name: 'holder-baselines',
  version: 1,
  tables: [holderBaselinesTable],
  canHandle: ['fees.claimed', 'payout.round'],
  handle(events: readonly LoggedEvent[]) {
    const rows: HolderBaselineRow[] = [];
    for (const { event } of events) {
      if (event.type === 'fees.claimed') rows.push({ mint: event.data.mint, eventId: event.id, kind: 'claim', slot: event.slot, round: 0 });
      else if (event.type === 'payout.round') {
        rows.push({ mint: event.data.mint, eventId: event.id, kind: 'round', slot: event.data.snapshotSlot, round: event.data.round });
      }
    }
    return { [HOLDER_BASELINES_TABLE]: rows };
  },
};
