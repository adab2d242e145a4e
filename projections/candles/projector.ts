// The `candles` projector: once a batch's trades are written, each traded coin's candles at every interval from
// the interval its earliest trade of the batch falls in are computed again from the trades table (FINAL) and
// written (table.ts). Intervals are aligned to the unix epoch; trades without coins moved are left out; open and
// close are the interval's first and last trade in chain order (slot, log offset, event id), high and low its
// highest and lowest price quote / coin. Prices are ordered by quote * 10^39 / coin, rounded down: chain amounts are
// u64, so two different prices differ by more than 10^-39 and their order is exact.
import type { Olap } from '../../infra/olap/olap.js';
import { INTERVAL_SECONDS } from '../../schemas/api/ohlcv.js';
import type { LoggedEvent, Projector } from '../projector.js';
import { TRADES_TABLE } from '../trades/table.js';
import { CANDLES_TABLE, candlesTable, type CandleRow } from './table.js';

const INTERVALS = Object.values(INTERVAL_SECONDS);
const LONGEST = Math.max(...INTERVALS);
const AMOUNTS = '(quoteAmount, coinAmount)';
const PRICE = `intDiv(toUInt256(quoteAmount) * toUInt256('1${'0'.repeat(39)}'), coinAmount)`;
const CHAIN = '(slot, logOffset, id)';
const FROM = 'transform(mint, {mints:Array(String)}, {froms:Array(UInt32)}, toUInt32(0))';

const CANDLES_SQL = `
  SELECT mint, interval, bucket,
    toString(open.1) AS openQuote, toString(open.2) AS openCoin, toString(high.1) AS highQuote, toString(high.2) AS highCoin,
    toString(low.1) AS lowQuote, toString(low.2) AS lowCoin, toString(close.1) AS closeQuote, toString(close.2) AS closeCoin,
    toString(volume) AS volume
  FROM (
    SELECT mint, interval, intDiv(toUInt32(toUnixTimestamp(time)), interval) AS bucket,
      argMin(${AMOUNTS}, ${CHAIN}) AS open, argMax(${AMOUNTS}, ${PRICE}) AS high,
      argMin(${AMOUNTS}, ${PRICE}) AS low, argMax(${AMOUNTS}, ${CHAIN}) AS close, sum(toUInt256(quoteAmount)) AS volume
    FROM ${TRADES_TABLE} FINAL ARRAY JOIN {intervals:Array(UInt32)} AS interval
    WHERE mint IN {mints:Array(String)} AND coinAmount > 0 AND toUnixTimestamp(time) >= ${FROM}
    GROUP BY mint, interval, bucket
    HAVING bucket >= intDiv(${FROM}, interval)
  )`;

/** Each coin's candles at every interval from the one its trade at `earliest` (unix seconds, by coin) falls in. */
export async function candlesSince(olap: Olap, earliest: ReadonlyMap<string, number>): Promise<CandleRow[]> {
  // From the start of the longest interval, which every shorter one's start is at or after.
  const froms = [...earliest.values()].map((seconds) => seconds - (seconds % LONGEST));
  return olap.query<CandleRow>(CANDLES_SQL, { mints: [...earliest.keys()], froms, intervals: INTERVALS });
}

export const candlesProjector: Projector = {
  name: 'candles',
  version: 1,
  tables: [candlesTable],
  canHandle: ['trade'],
  handle: () => ({}),
  async derive(events: readonly LoggedEvent[], olap) {
    const earliest = new Map<string, number>();
    for (const { event } of events) {
      if (event.type === 'trade') earliest.set(event.data.mint, Math.min(earliest.get(event.data.mint) ?? event.blockTime, event.blockTime));
    }
    return { [CANDLES_TABLE]: await candlesSince(olap, earliest) };
  },
};
