// The `burns` projector: each platform.burned event into a platform_burns row.
import { dateTime64 } from '../column-values.js';
import type { LoggedEvent, Projector } from '../projector.js';
import { PLATFORM_BURNS_TABLE, platformBurnsTable } from './table.js';

export const burnsProjector: Projector = {
  name: 'burns',
  version: 2,
  tables: [platformBurnsTable],
  canHandle: ['platform.burned'],
  handle(events: readonly LoggedEvent[]) {
    const rows = events.flatMap(({ event, offset }) => {
      if (event.type !== 'platform.burned') return [];
      const { platformMint, amount, solCost } = event.data;
      const at = { eventId: event.id, signature: event.signature, slot: event.slot, time: dateTime64(event.blockTime), logOffset: offset };
      return [{ ...at, platformMint, amount, solCost }];
    });
    return { [PLATFORM_BURNS_TABLE]: rows };
  },
};
