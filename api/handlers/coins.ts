// Handlers of the coin reads, shared by the HTTP routes and the MCP tools: the coin list and one coin in full.
// Both answer from the coin board (api/queries/coin-board.ts) and are kept on the read path: a page per normalised
// query and a coin per mint, the same object while the board rows, holder counts, SOL price, search matches and
// launch text it was made from are the same objects (each of those is kept as one object while unchanged), so the
// serializer reuses its JSON (api/serializer.ts). Figures are as of the board's second (a board serves every second
// over which nothing it shows changes). Keys name the configuration: apps with different ones may share a read path.
import type { CoinFull } from '../../schemas/api/coin-full.js';
import type { CoinListQuery, CoinListResponse } from '../../schemas/api/coins.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { keptLaunchText } from '../launch/launch-text.js';
import { sameItems, serialOf } from '../../projections/read-path.js';
import { boardHolderCounts } from '../queries/holders.js';
import { boardAt } from '../queries/coin-board.js';
import { listSolPrice, pageRows } from '../queries/coins.js';
import { listMatches } from '../queries/text-matches.js';
import { figuresPending } from '../figures.js';
import { coinFull, keptCoinSummary } from './coin-view.js';
import { serviceWalletList } from '../../schemas/config.js';

const nowSecondsOf = (ctx: ApiContext) => Math.floor(ctx.now().getTime() / 1000);

function pageKey(query: CoinListQuery): string {
  return `${query.sort}|${query.mode}|${query.graduated}|${query.limit}|${query.offset}|${query.q === undefined ? '' : `q=${query.q}`}`;
}

/** `GET /coins`: one page of coin summaries and the offset of the next page. */
export async function listCoins(ctx: ApiContext, query: CoinListQuery): Promise<CoinListResponse> {
  const board = await boardAt(ctx.reads, nowSecondsOf(ctx));
  const holders = await boardHolderCounts(ctx.reads, board, serviceWalletList(ctx.config.wallets));
  const solMicroUsd = await listSolPrice(ctx.reads, query.sort);
  const matches = query.q === undefined ? null : await listMatches(ctx.reads, board, query.q);
  const source = { tables: [], variant: `${serialOf(board)}|${serialOf(holders)}|${solMicroUsd}` };
  return ctx.reads.answer(`coin-page\n${serialOf(ctx.config)}\n${pageKey(query)}`, source, async (before: CoinListResponse | null) => {
    const rows = pageRows({ board, solMicroUsd, matches, stablecoinMint: ctx.config.mints.stablecoin }, { ...query, limit: query.limit + 1 });
    const coins = rows.slice(0, query.limit).map((row) => keptCoinSummary(row, holders.get(row.mint) ?? 0, board.nowSeconds));
    const next = rows.length > query.limit ? query.offset + query.limit : null;
    // Made of the same summaries as before: the same answer object, so its JSON is reused.
    return before !== null && before.next === next && sameItems(before.coins, coins) ? before : { coins, next };
  });
}

/** `GET /coins/{mint}`: the coin in full; NotFoundError when it is not a coin on this network. */
export async function getCoin(ctx: ApiContext, mint: string): Promise<CoinFull> {
  const board = await boardAt(ctx.reads, nowSecondsOf(ctx));
  const row = board.rows.get(mint);
  if (row === undefined) throw new NotFoundError(`no coin ${mint} on this network`);
  const [counts, text] = await Promise.all([
    boardHolderCounts(ctx.reads, board, serviceWalletList(ctx.config.wallets)),
    keptLaunchText(ctx.reads, ctx.opstore, mint, row.creator),
  ]);
  const holders = counts.get(mint) ?? 0;
  // Board rows and launch texts are kept objects: the same while unchanged.
  const variant = `${serialOf(row)}|${holders}|${figuresPending(row, board.nowSeconds)}|${text === null ? 0 : serialOf(text)}`;
  return ctx.reads.answer(`coin\n${serialOf(ctx.config)}\n${mint}`, { tables: [], variant }, async () =>
    coinFull(row, holders, board.nowSeconds, ctx.config, text),
  );
}
