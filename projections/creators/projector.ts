// The `creators` projector: the creator's share of each fee claim and each creator.sent payment (see table.ts).
import { eventPosition, type LoggedEvent, type Projector } from '../projector.js';
import { CREATOR_EARNINGS_TABLE, CREATOR_SENDS_TABLE, creatorEarningsTable, creatorSendsTable } from './table.js';

export const creatorsProjector: Projector = {
  name: 'creators',
  version: 2,
  tables: [creatorEarningsTable, creatorSendsTable],
  canHandle: ['fees.claimed', 'creator.sent'],
  handle(events: readonly LoggedEvent[]) {
    return {
      [CREATOR_EARNINGS_TABLE]: events.flatMap(({ event }) => {
        if (event.type !== 'fees.claimed') return [];
        const amount = event.data.shares.filter((share) => share.role === 'creator').reduce((sum, share) => sum + BigInt(share.amount), 0n);
        // A holder-mode coin's claim has no creator share.
        return amount === 0n ? [] : [{ mint: event.data.mint, eventId: event.id, amount: amount.toString() }];
      }),
      [CREATOR_SENDS_TABLE]: events.flatMap((logged) => (logged.event.type === 'creator.sent' ? [{ ...logged.event.data, ...eventPosition(logged) }] : [])),
    };
  },
};
