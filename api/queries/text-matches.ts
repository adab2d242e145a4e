// Which coins a search text matches, from the coin board's rows (every coin, with its creator's name and symbol):
// no statement, so a new text costs a scan of the board in memory instead of a statement that every other read
// waits behind. Case-insensitive as JavaScript lowercases. Kept per text and the board's roster (its coins) on the read
// path: the same object while what it holds is unchanged.
import { type ReadPath, sameItems, serialOf } from '../../projections/read-path.js';
import type { BoardRow, CoinBoard } from './coin-board.js';

/** A row's name and symbol lowercased, made once per row object (board rows are kept while unchanged). */
const lowered = new WeakMap<BoardRow, { name: string; symbol: string }>();

function loweredOf(row: BoardRow): { name: string; symbol: string } {
  let text = lowered.get(row);
  if (text === undefined) lowered.set(row, (text = { name: row.name.toLowerCase(), symbol: row.symbol.toLowerCase() }));
  return text;
}

const sameMembers = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>) => a.size === b.size && [...a].every((item) => b.has(item));

/** The coin list's `q`: the mint itself, the symbol equal to `q` (a leading `$` dropped), or a name containing `q`. */
export function listMatches(reads: ReadPath, board: CoinBoard, q: string): ReadonlySet<string> | Promise<ReadonlySet<string>> {
  return reads.answer(`coin-list-matches\n${q}`, { tables: [], variant: String(serialOf(board.roster)) }, async (before: ReadonlySet<string> | null) => {
    const name = q.toLowerCase();
    const symbol = q.replace(/^\$/, '').toLowerCase();
    const found = new Set<string>();
    for (const row of board.rows.values()) {
      const text = loweredOf(row);
      if (row.mint === q || text.symbol === symbol || text.name.includes(name)) found.add(row.mint);
    }
    return before !== null && sameMembers(before, found) ? before : found;
  });
}

const newestFirst = (a: BoardRow, b: BoardRow) => b.launchMs - a.launchMs || (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0);

/** The token search's `q`: the mint itself, or a symbol (`q` without a leading `$`) or name containing it; newest
 * first, at most `max`. */
export function searchMatches(reads: ReadPath, board: CoinBoard, q: string, max: number): readonly string[] | Promise<readonly string[]> {
  return reads.answer(
    `token-search-matches\n${max}|${q}`,
    { tables: [], variant: String(serialOf(board.roster)) },
    async (before: readonly string[] | null) => {
      const name = q.toLowerCase();
      const symbol = (q.replace(/^\$/, '') || q).toLowerCase();
      const rows: BoardRow[] = [];
      for (const row of board.rows.values()) {
        const text = loweredOf(row);
        if (row.mint === q || text.symbol.includes(symbol) || text.name.includes(name)) rows.push(row);
      }
      const found = rows
        .sort(newestFirst)
        .slice(0, max)
        .map((row) => row.mint);
      return before !== null && sameItems(before, found) ? before : found;
    },
  );
}
