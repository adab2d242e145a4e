// Rows to and from JSONEachRow text, the wire format of both Olap implementations. bigint values are written as
// decimal strings (ClickHouse reads them into UInt64/UInt128/Int128 columns exactly); results keep 64-bit and
// wider integers as strings because both engines run with output_format_json_quote_64bit_integers=1.

function replacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** One row as JSON, bigint values as decimal strings. */
export function stringifyRow(row: unknown): string {
  return JSON.stringify(row, replacer);
}

/** One JSON object per line, newline-terminated. */
export function toJsonEachRow(rows: readonly Record<string, unknown>[]): string {
  let text = '';
  for (const row of rows) text += `${stringifyRow(row)}\n`;
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
} as const;
