// The bench's plain-text tables: a header row, a rule, then the rows; the first column left-aligned, the figures
// right-aligned, each column as wide as its widest cell.
export function textTable(head: string[], rows: string[][]): string[] {
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

/** Milliseconds as the tables show them: one decimal under 10, whole above, '-' for none. */
export const ms = (value: number) => (Number.isNaN(value) ? '-' : Math.abs(value) < 10 ? value.toFixed(1) : value.toFixed(0));

/** Answers other than the expected one, by kind: `3x429 1xerror`. */
export const failureText = (failures: Map<string, number>) => [...failures].map(([kind, count]) => `${count}x${kind}`).join(' ');
