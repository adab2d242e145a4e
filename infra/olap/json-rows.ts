// Rows to and from the JSON text of both Olap implementations. Inserts go as JSONCompactEachRow (one array of values
// per row, in the order of an explicit column list): the engine reads it with less work than objects keyed by name.
// bigint values are written as decimal strings (ClickHouse reads them into UInt64/UInt128/Int128 columns exactly);
// results keep 64-bit and wider integers as strings because both engines run with
// output_format_json_quote_64bit_integers=1.

function replacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** A value as JSON, bigint values as decimal strings. */
export function stringifyRow(row: unknown): string {
  return JSON.stringify(row, replacer);
}

/** Every column any of the rows names, in the order they first appear. */
export function insertColumns(rows: readonly Record<string, unknown>[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const column in row) columns.add(column);
  return [...columns];
}

/** A row's values in `columns` order; a column the row lacks is null, which the engines read as the column's
 * default (input_format_null_as_default), as they do for a key missing from a JSON object. */
export function rowValues(row: Record<string, unknown>, columns: readonly string[]): unknown[] {
  return columns.map((column) => row[column] ?? null);
}

/** One JSON array per line, newline-terminated. */
export function toJsonCompactEachRow(rows: readonly Record<string, unknown>[], columns: readonly string[]): string {
  let text = '';
  for (const row of rows) text += `${stringifyRow(rowValues(row, columns))}\n`;
  return text;
}

/** Parse JSONEachRow output (blank lines ignored). */
export function parseJsonEachRow<T>(text: string): T[] {
  const rows: T[] = [];
  for (const line of text.split('\n')) {
    if (line.length > 0) rows.push(JSON.parse(line) as T);
  }
  return rows;
}

/** Settings both engines run with, so results look the same from either. */
export const OLAP_SETTINGS = {
  output_format_json_quote_64bit_integers: 1,
  output_format_json_quote_decimals: 1,
  input_format_null_as_default: 1,
} as const;
