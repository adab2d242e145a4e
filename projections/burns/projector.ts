// The `burns` projector: each platform.burned event into a platform_burns row.
import { eventPosition, type LoggedEvent, type Projector } from '../projector.js';
import { PLATFORM_BURNS_TABLE, platformBurnsTable } from './table.js';

export const burnsProjector: Projector = {
  name: 'burns',
  version: 2,
  tables: [platformBurnsTable],
  canHandle: ['platform.burned'],
  handle(events: readonly LoggedEvent[]) {
    const rows = events.flatMap((logged) => {
      if (logged.event.type !== 'platform.burned') return [];
      const { platformMint, amount, solCost } = logged.event.data;
      return [{ ...eventPosition(logged), platformMint, amount, solCost }];
    });
    return { [PLATFORM_BURNS_TABLE]: rows };
  },
};
