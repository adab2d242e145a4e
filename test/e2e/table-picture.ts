// A deployment's read model as plain data, for comparing two runs row for row: every read-model table FINAL (each
// row as JSON, sorted, without the columns that hold a log position) and every coin's candles at every interval, as
// the candle window loads them.
import { CandleWindow } from '../../api/views/candle-window.js';
import { coinSlices } from '../../api/views/live-views.js';
import type { Olap } from '../../infra/olap/olap.js';
import { READ_MODEL_PROJECTORS } from '../../projections/read-models.js';
import { INTERVALS } from '../../schemas/api/ohlcv.js';

/** Columns holding a log position (or a version built from one): a re-appended event carries a new offset,
 * so they differ between a run that repeated work after a crash and one that did not. */
export const LOG_POSITION_COLUMNS = ['logOffset', 'version'];

export interface TablePicture {
  tables: Record<string, string[]>;
  candles: Record<string, unknown[]>;
}

export async function tablePicture(olap: Olap): Promise<TablePicture> {
  const tables: Record<string, string[]> = {};
  for (const table of READ_MODEL_PROJECTORS.flatMap((projector) => projector.tables)) {
    const rows = await olap.query<Record<string, unknown>>(`SELECT * FROM ${table.name} FINAL`);
    for (const row of rows) for (const column of LOG_POSITION_COLUMNS) delete row[column];
    tables[table.name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  const candles: Record<string, unknown[]> = {};
  const coins = await olap.query<{ mint: string; decimals: number; quoteDecimals: number }>(
    'SELECT mint, decimals, quoteDecimals FROM coins FINAL ORDER BY mint',
  );
  const window = new CandleWindow();
  await window.load(olap, await coinSlices(olap), Math.floor(Date.now() / 1000));
  for (const { mint, decimals, quoteDecimals } of coins) {
    const units = { decimals: Number(decimals), quoteDecimals: Number(quoteDecimals) };
    for (const interval of INTERVALS) candles[`${mint}/${interval}`] = window.candles(mint, interval, units);
  }
  return { tables, candles };
}
