// The `burns` projector: each platform.burned event into a platform_burns row.
import type { PlatformBurnedEvent } from '../../schemas/events/index.js';
import { dateTime64 } from '../column-values.js';
import type { LoggedEvent, Projector } from '../projector.js';
import { PLATFORM_BURNS_TABLE, platformBurnsTable, type BurnRow } from './table.js';

export function burnRow(event: PlatformBurnedEvent, offset: bigint): BurnRow {
  const d = event.data;
  return {
    eventId: event.id,
    signature: event.signature,
    slot: event.slot,
    time: dateTime64(event.blockTime),
    logOffset: offset,
    platformMint: d.platformMint,
    amount: d.amount,
    solCost: d.solCost,
    burnFundLamportsAfter: d.burnFundLamportsAfter,
  };
}

export const burnsProjector: Projector = {
  name: 'burns',
  version: 1,
  tables: [platformBurnsTable],
  canHandle: ['platform.burned'],
  handle(events: readonly LoggedEvent[]) {
    const rows: BurnRow[] = [];
    for (const { event, offset } of events) if (event.type === 'platform.burned') rows.push(burnRow(event, offset));
    return { [PLATFORM_BURNS_TABLE]: rows };
  },
};
