// Schemas of `GET /coins/{mint}/trades`: newest first, paged with `before`. Trades within one block second are
// ordered by slot and event; a page cursor carries a trade's position inside its second as the nanoseconds of
// the ISO time (`...:05.000000003Z` = before the 3rd trade of that second), so pages never overlap or skip,
// and any ordinary ISO time keeps its plain meaning (a trade at :05 counts as :05 plus its position).
import { z } from 'zod';
import { address, intParam, isoTime, rawAmount, signature } from './fields.js';

/** A point in time to page before: whole unix seconds and nanoseconds within that second. */
export interface TradeCursor {
  seconds: number;
  nanos: number;
}

const ISO_PARTS = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/;

/** Split an ISO date-time (already checked as one) into whole seconds and the first 9 fractional digits. */
export function parseCursor(text: string): TradeCursor {
  const [, head = '', fraction = '', zone = 'Z'] = ISO_PARTS.exec(text) ?? [];
  return { seconds: Date.parse(`${head}${zone}`) / 1000, nanos: Number(fraction.slice(0, 9).padEnd(9, '0')) };
}

/** The ISO time of a cursor, nanoseconds written out in full. */
export function formatCursor(cursor: TradeCursor): string {
  const whole = new Date(cursor.seconds * 1000).toISOString().slice(0, 19);
  return `${whole}.${String(cursor.nanos).padStart(9, '0')}Z`;
}

export const tradesQuery = z.object({
  limit: intParam(1, 100, 50).describe('Page size'),
  before: z.iso
    .datetime({ offset: true })
    .transform(parseCursor)
    .optional()
    .describe('Only trades before this ISO time; pass `next.before` of a page to get the page after it (older trades)'),
});

export const trade = z.object({
  signature,
  time: isoTime.describe('Block time of the trade'),
  side: z.enum(['buy', 'sell']).describe('buy: the trader received coins; sell: the trader gave coins'),
  trader: address.describe('The wallet whose coins moved (the fee payer when unknown)'),
  coinAmount: rawAmount.describe('Coins moved, raw units (6 decimals)'),
  quoteAmount: rawAmount.describe('Quote moved, fees excluded, raw quote units'),
});

export const tradesResponse = z.object({
  trades: z.array(trade).describe('Newest first'),
  next: z.object({
    before: z.string().nullable().describe('ISO time to pass as `before` for the next (older) page; null when this is the last'),
  }),
});

export type TradesQuery = z.output<typeof tradesQuery>;
export type Trade = z.output<typeof trade>;
export type TradesResponse = z.output<typeof tradesResponse>;
