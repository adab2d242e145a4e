// The `candles` projector: once a batch's trades are written, each traded coin's candles at every interval from the
// interval its earliest trade of the batch falls in are computed again and written, replacing the rows (the last
// written is kept; a replayed batch recomputes the same rows): the minutes from the trades table (FINAL), each longer
// interval from the next shorter one's candles (the ones this batch made, and the stored ones before them), so a batch
// reads the trades of its own minutes and a few stored candles rather than a day of trades. Every interval is a whole
// number of the one before it (a minute, 5, 15 minutes, an hour, 4 hours, a day) and all are aligned to the unix epoch,
// so each candle is the union of the shorter ones inside it. Trades without coins moved are left out; open and close
// are the interval's first and last trade in chain order (slot, log offset, event id), whatever the block times say,
// high and low its highest and lowest price quote / coin, compared exactly as fractions. A slot has one block time, so
// its trades fall in one candle of each interval: the shorter candles inside a longer one hold different slots, and the
// longer one opens with the one whose open slot is first (and closes likewise).
import type { Olap } from '../../infra/olap/olap.js';
import { INTERVAL_SECONDS } from '../../schemas/api/ohlcv.js';
import type { LoggedEvent, Projector } from '../projector.js';
import { TRADES_TABLE } from '../trades/table.js';
import { CANDLES_TABLE, candlesTable, type CandleRow } from './table.js';

/** Shortest first, each a multiple of the one before. */
const INTERVALS: readonly number[] = Object.values(INTERVAL_SECONDS).sort((a, b) => a - b);
const MINUTE = INTERVALS[0]!;
/** Each longer interval with the next shorter one, whose candles it is made of. */
const STEPS = INTERVALS.slice(1).map((longer, k) => ({ shorter: INTERVALS[k]!, longer }));
const CHAIN = '(slot, logOffset, id)';
const AT = '(quoteAmount, coinAmount, slot)';
const PRICE = `intDiv(toUInt256(quoteAmount) * toUInt256('1${'0'.repeat(39)}'), coinAmount)`;

const MINUTES_SQL = `
  SELECT mint, ${MINUTE} AS interval, bucket, open.1 AS openQuote, open.2 AS openCoin, open.3 AS openSlot,
    high.1 AS highQuote, high.2 AS highCoin, low.1 AS lowQuote, low.2 AS lowCoin, close.1 AS closeQuote, close.2 AS closeCoin, close.3 AS closeSlot, volume
  FROM (
    SELECT mint, intDiv(toUInt32(toUnixTimestamp(time)), ${MINUTE}) AS bucket,
      argMin(${AT}, ${CHAIN}) AS open, argMax((quoteAmount, coinAmount), ${PRICE}) AS high,
      argMin((quoteAmount, coinAmount), ${PRICE}) AS low, argMax(${AT}, ${CHAIN}) AS close, sum(toUInt256(quoteAmount)) AS volume
    FROM ${TRADES_TABLE} FINAL
    WHERE mint IN {mints:Array(String)} AND coinAmount > 0 AND time >= toDateTime({since:UInt32})
      AND toUnixTimestamp(time) >= transform(mint, {mints:Array(String)}, {froms:Array(UInt32)}, toUInt32(0))
    GROUP BY mint, bucket
  )`;

/** The stored candles of each (coin, interval) key `mint/interval` with bucket in [from, to). */
const STORED_SQL = `
  SELECT * FROM ${CANDLES_TABLE} FINAL
  WHERE mint IN {mints:Array(String)} AND interval IN {intervals:Array(UInt32)}
    AND bucket >= transform(concat(mint, '/', toString(interval)), {keys:Array(String)}, {froms:Array(UInt32)}, toUInt32(0))
    AND bucket < transform(concat(mint, '/', toString(interval)), {keys:Array(String)}, {tos:Array(UInt32)}, toUInt32(0))`;

/** Whether the price quote / coin of a is above b's, exactly. */
function above(aQuote: string, aCoin: string, bQuote: string, bCoin: string): boolean {
  return BigInt(aQuote) * BigInt(bCoin) > BigInt(bQuote) * BigInt(aCoin);
}

/** The candle spanning `a` and `b`, two parts of one longer candle (they hold different slots); its interval and
 * bucket are the caller's to set. */
function union(a: CandleRow, b: CandleRow): CandleRow {
  const open = Number(b.openSlot) < Number(a.openSlot) ? b : a;
  const { closeQuote, closeCoin, closeSlot } = Number(b.closeSlot) > Number(a.closeSlot) ? b : a;
  const { highQuote, highCoin } = above(b.highQuote, b.highCoin, a.highQuote, a.highCoin) ? b : a;
  const { lowQuote, lowCoin } = above(a.lowQuote, a.lowCoin, b.lowQuote, b.lowCoin) ? b : a;
  const volume = (BigInt(a.volume) + BigInt(b.volume)).toString();
  return { ...open, highQuote, highCoin, lowQuote, lowCoin, closeQuote, closeCoin, closeSlot, volume };
}

/** Each coin's candles at every interval from the one its trade at `earliest` (unix seconds, by coin) falls in. */
async function candlesSince(olap: Olap, earliest: ReadonlyMap<string, number>): Promise<CandleRow[]> {
  // Never empty: derive() is given a batch's trades only when there are some.
  const mints = [...earliest.keys()];
  const startOf = (mint: string, interval: number) => Math.floor(earliest.get(mint)! / interval) * interval;
  const froms = mints.map((mint) => startOf(mint, MINUTE));
  // `since` (the earliest of them) is what the trades table's key can skip by.
  const made = await olap.query<CandleRow>(MINUTES_SQL, { mints, froms, since: Math.min(...froms) });
  // The stored shorter candles a longer one also needs: those before the first one made again, in its bucket.
  const keys = mints.flatMap((mint) => STEPS.map(({ shorter }) => `${mint}/${shorter}`));
  const starts = mints.flatMap((mint) => STEPS.map(({ shorter, longer }) => startOf(mint, longer) / shorter));
  const ends = mints.flatMap((mint) => STEPS.map(({ shorter }) => startOf(mint, shorter) / shorter));
  const stored = await olap.query<CandleRow>(STORED_SQL, { mints, intervals: INTERVALS.slice(0, -1), keys, froms: starts, tos: ends });
  let level: CandleRow[] = made.map((row) => ({ ...row, interval: MINUTE, bucket: Number(row.bucket) }));
  const rows = [...level];
  for (const { shorter, longer } of STEPS) {
    const inside = new Map<string, CandleRow>();
    for (const part of [...stored.filter((row) => Number(row.interval) === shorter), ...level]) {
      const bucket = Math.floor((Number(part.bucket) * shorter) / longer);
      const key = `${part.mint}/${bucket}`;
      const kept = inside.get(key);
      inside.set(key, { ...(kept === undefined ? part : union(kept, part)), interval: longer, bucket });
    }
    level = [...inside.values()];
    rows.push(...level);
  }
  return rows;
}

export const candlesProjector: Projector = {
  name: 'candles',
  version: 2,
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
