// Byte order of ASCII text (addresses, signatures, event ids), as the analytics store compares Strings: what a
// resident model sorts by where the SQL it stands for says ORDER BY a String column.
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
