// The `creators` projector: the creator's share of each fee claim and each creator.sent payment (see table.ts).
import type { Event } from '../../schemas/events/index.js';
import { dateTime64 } from '../column-values.js';
import type { LoggedEvent, Projector } from '../projector.js';
import { CREATOR_EARNINGS_TABLE, CREATOR_SENDS_TABLE, creatorEarningsTable, creatorSendsTable, type CreatorEarningRow, type CreatorSendRow } from './table.js';

type Of<T extends Event['type']> = Extract<Event, { type: T }>;

/** The creator's share of a claim; null when the claim has none (a holder-mode coin). */
export function earningRow(event: Of<'fees.claimed'>): CreatorEarningRow | null {
  const amount = event.data.shares.filter((share) => share.role === 'creator').reduce((sum, share) => sum + BigInt(share.amount), 0n);
  if (amount === 0n) return null;
  return {
    mint: event.data.mint,
    eventId: event.id,
    slot: event.slot,
    time: dateTime64(event.blockTime),
    quoteMint: event.data.quoteMint,
    amount: amount.toString(),
  };
}

export function sendRow(event: Of<'creator.sent'>, offset: bigint): CreatorSendRow {
  return {
    mint: event.data.mint,
    eventId: event.id,
    signature: event.signature,
    slot: event.slot,
    time: dateTime64(event.blockTime),
    logOffset: offset,
    wallet: event.data.wallet,
    quoteMint: event.data.quoteMint,
    amount: event.data.amount,
  };
}

export const creatorsProjector: Projector = {
  name: 'creators',
  version: 1,
  tables: [creatorEarningsTable, creatorSendsTable],
  canHandle: ['fees.claimed', 'creator.sent'],
  handle(events: readonly LoggedEvent[]) {
    const earnings: CreatorEarningRow[] = [];
    const sends: CreatorSendRow[] = [];
    for (const { event, offset } of events) {
      if (event.type === 'fees.claimed') {
        const row = earningRow(event);
        if (row !== null) earnings.push(row);
      } else if (event.type === 'creator.sent') {
        sends.push(sendRow(event, offset));
      }
    }
    return { [CREATOR_EARNINGS_TABLE]: earnings, [CREATOR_SENDS_TABLE]: sends };
  },
};
