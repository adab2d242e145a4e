// Schemas of `GET /coins/{mint}/trades`: newest first, paged with `before`. Trades of one block second are ranked
// 0, 1, 2, ... by slot and event, and a trade of rank r sits at its second plus r milliseconds (ranks from 999 on
// all at .999); `before` takes the trades that sit strictly before it. So a whole-second time keeps its plain
// meaning (every trade of earlier seconds), `...:05.003Z` adds the first 3 trades of second :05, and a time
// between two milliseconds counts as the later one (`...:05.0005Z` takes the trade at :05.000). `next.before` is
// where a page's oldest trade sits: always 3 fractional digits and `Z`, so JavaScript's `toISOString` and
// Python's `fromisoformat` (microseconds) keep it as it is. A second's ranks never change as trades arrive (they
// join at later slots, so at the second's end), so neither does what a cursor takes.
// A second of more than 1000 trades cannot be cut inside its tail (ranks 999 on, all at .999): a page that would
// end inside the tail ends at the second's end instead (fewer than `limit` trades), and the page that starts at
// the second's end holds the whole tail (more than `limit`). Pages never skip or repeat a trade either way.
import { z } from 'zod';
import { address, intParam, isoTime, rawAmount, signature } from './fields.js';

/** The last rank a cursor can name: every trade of a second from this rank on sits at its .999. */
export const TAIL_RANK = 999;

/** A point in time to page before: whole unix seconds, and the milliseconds within that second rounded up (0 to
 * 1000): the trades of that second ranked below it (ranks from TAIL_RANK on counting as TAIL_RANK). */
export interface TradeCursor {
  seconds: number;
  millis: number;
}

const ISO_PARTS = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/;

/** Split an ISO date-time (already checked as one) into whole seconds and its milliseconds, rounded up. */
export function parseCursor(text: string): TradeCursor {
  const [, head = '', fraction = '', zone = 'Z'] = ISO_PARTS.exec(text) ?? [];
  const millis = Number(fraction.slice(0, 3).padEnd(3, '0')) + (/[1-9]/.test(fraction.slice(3)) ? 1 : 0);
  return { seconds: Date.parse(`${head}${zone}`) / 1000, millis };
}

/** The ISO time of a cursor as `toISOString` writes it (1000 ms is the next second's start: the same trades). */
export function formatCursor(cursor: TradeCursor): string {
  return new Date(cursor.seconds * 1000 + cursor.millis).toISOString();
}

export const tradesQuery = z.object({
  limit: intParam(1, 100, 50).describe('Page size'),
  before: z.iso
    .datetime({ offset: true })
    .transform(parseCursor)
    .optional()
    .describe(
      'Only trades before this ISO time; pass `next.before` of a page to get the page after it (older trades). The trades of one block second sit at ' +
        'its successive milliseconds in chain order (from the 1000th on all at .999), so `...:05Z` takes none of second :05 and `...:05.003Z` its first 3',
    ),
});

export const trade = z.object({
  signature,
  time: isoTime.describe(
    "The trade's place: its block second, and in the milliseconds its rank in that second in chain order (from the 1000th on all at .999); `before` = this time pages on after it",
  ),
  side: z.enum(['buy', 'sell']).describe('buy: the trader received coins; sell: the trader gave coins'),
  trader: address.describe('The wallet whose coins moved (the fee payer when unknown)'),
  coinAmount: rawAmount.describe('Coins moved, raw units (6 decimals)'),
  quoteAmount: rawAmount.describe('Quote moved, fees excluded, raw quote units'),
});

export const tradesResponse = z.object({
  trades: z.array(trade).describe('Newest first'),
  next: z.object({
    before: z
      .string()
      .nullable()
      .describe(
        "ISO time (milliseconds, `Z`) to pass as `before` for the next (older) page: where this page's oldest trade sits; null when this is the last. " +
          "A page holds at most `limit` trades, except around a block second of more than 1000 of the coin's trades: its trades from the 1000th on come " +
          'as one page, which may hold more, and the page before them may hold fewer',
      ),
  }),
});

export type TradesQuery = z.output<typeof tradesQuery>;
export type Trade = z.output<typeof trade>;
export type TradesResponse = z.output<typeof tradesResponse>;
