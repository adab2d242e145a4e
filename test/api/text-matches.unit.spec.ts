// Search texts matched against the coin board's rows (api/queries/text-matches.ts): the coin list's mint, symbol
// equal or name part, the token search's mint, symbol part or name part newest first and bounded, both without
// regard to case (beyond ASCII too), and the same answer object while the board's matches are unchanged.
import { describe, expect, it } from 'vitest';
import type { Olap } from '../../infra/olap/olap.js';
import { ChangePublisher } from '../../projections/changes.js';
import { ReadPath } from '../../projections/read-path.js';
import type { BoardRow, CoinBoard } from '../../api/queries/coin-board.js';
import { listMatches, searchMatches } from '../../api/queries/text-matches.js';

const row = (mint: string, name: string, symbol: string, launchMs: number) => ({ mint, name, symbol, launchMs }) as BoardRow;
const ROWS = [
  row('MintA', 'Über Dog', 'UDOG', 3_000),
  row('MintB', 'Hot Dog Stand', 'HOTD', 2_000),
  row('MintC', 'Cat', 'dog', 1_000),
  row('MintD', 'Zebra', 'ZEB', 3_000),
];
const boardOf = (rows: BoardRow[], roster: object = {}) => ({ rows: new Map(rows.map((r) => [r.mint, r])), roster }) as unknown as CoinBoard;
const reads = () => new ReadPath({} as Olap, new ChangePublisher().feed);

describe('text matches', () => {
  it('list the coin list’s matches: the mint, the symbol equal ($ dropped) or a part of the name, in any case', async () => {
    const path = reads();
    const board = boardOf(ROWS);
    expect([...(await listMatches(path, board, 'dog'))].sort()).toEqual(['MintA', 'MintB', 'MintC']);
    expect([...(await listMatches(path, board, '$DOG'))]).toEqual(['MintC']);
    expect([...(await listMatches(path, board, 'über'))]).toEqual(['MintA']);
    expect([...(await listMatches(path, board, 'ÜBER'))]).toEqual(['MintA']);
    expect([...(await listMatches(path, board, 'MintD'))]).toEqual(['MintD']);
    expect([...(await listMatches(path, board, 'mintd'))]).toEqual([]);
  });

  it('list the token search’s matches newest first (then by mint), at most `max`', async () => {
    const path = reads();
    const board = boardOf(ROWS);
    expect(await searchMatches(path, board, 'd', 10)).toEqual(['MintA', 'MintB', 'MintC']);
    expect(await searchMatches(path, board, '$ZE', 10)).toEqual(['MintD']);
    expect(await searchMatches(path, board, 'o', 2)).toEqual(['MintA', 'MintB']);
  });

  it('answer the same object while a new board matches the same coins, and a new one when it does not', async () => {
    const path = reads();
    const first = await listMatches(path, boardOf(ROWS), 'dog');
    expect(await listMatches(path, boardOf([...ROWS]), 'dog')).toBe(first);
    const more = await listMatches(path, boardOf([...ROWS, row('MintE', 'Dogs', 'DG', 4_000)]), 'dog');
    expect(more).not.toBe(first);
    expect(more.has('MintE')).toBe(true);
    const tokens = await searchMatches(path, boardOf(ROWS), 'dog', 10);
    expect(await searchMatches(path, boardOf([...ROWS]), 'dog', 10)).toBe(tokens);
  });

  it('are not looked for again while the boards hold the same coins (their roster), whatever else moved', async () => {
    const path = reads();
    const roster = {};
    const first = await listMatches(path, boardOf(ROWS, roster), 'dog');
    // Rows of a later board (new figures); a coin's name never changes, so a name changed here shows no new scan.
    const renamed = ROWS.map((r) => ({ ...r, name: 'Cat' }));
    expect(await listMatches(path, boardOf(renamed, roster), 'dog')).toBe(first);
    expect(await searchMatches(path, boardOf(ROWS, roster), 'dog', 10)).toEqual(await searchMatches(path, boardOf(renamed, roster), 'dog', 10));
    expect([...(await listMatches(path, boardOf(renamed), 'dog'))].sort()).toEqual(['MintC']);
  });
});
