// A coin's latest candles at an interval (table.ts), newest first, at most MAX_CANDLES: keys asked for together are
// read together (batched-read.ts), KEYS_PER_READ a statement (about 100 ms here; other reads run in between).
import { MAX_CANDLES } from '../../schemas/api/ohlcv.js';
import { batchedRead, readInChunks } from '../batched-read.js';
import type { ReadPath } from '../read-path.js';
import { CANDLES_TABLE, type CandleRow } from './table.js';

const CANDLES_SQL = `
  SELECT mint, interval, bucket, toString(openQuote) AS openQuote, toString(openCoin) AS openCoin,
    toString(highQuote) AS highQuote, toString(highCoin) AS highCoin, toString(lowQuote) AS lowQuote,
    toString(lowCoin) AS lowCoin, toString(closeQuote) AS closeQuote, toString(closeCoin) AS closeCoin,
    toString(volume) AS volume
  FROM ${CANDLES_TABLE} FINAL
  WHERE mint IN {mints:Array(String)}
    AND (mint, interval) IN (SELECT arrayJoin(arrayZip({mints:Array(String)}, {intervals:Array(UInt32)})))
  ORDER BY mint, interval, bucket DESC
  LIMIT ${MAX_CANDLES} BY mint, interval`;

/** Keys (coin and interval) per statement. */
const KEYS_PER_READ = 100;

async function readCandles(reads: ReadPath, keys: string[]): Promise<Map<string, CandleRow[]>> {
  return readInChunks(keys, KEYS_PER_READ, async (chunk) => {
    const out = new Map<string, CandleRow[]>(chunk.map((key) => [key, []]));
    const pairs = chunk.map((key) => key.split('|') as [string, string]);
    const rows = await reads.olap.query<CandleRow>(CANDLES_SQL, {
      mints: pairs.map(([mint]) => mint),
      intervals: pairs.map(([, interval]) => Number(interval)),
    });
    for (const row of rows) out.get(`${row.mint}|${row.interval}`)!.push(row);
    return out;
  });
}

/** The coin's latest candles at `interval` seconds, newest first. */
export async function latestCandles(reads: ReadPath, mint: string, interval: number): Promise<CandleRow[]> {
  const read = reads.index('candles', () => batchedRead((keys) => readCandles(reads, keys)));
  return (await read(`${mint}|${interval}`)) ?? [];
}
