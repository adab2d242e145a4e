// Handlers of the coin reads, shared by the HTTP routes and the MCP tools: the coin list and one coin in full.
// Both answer from the coin board (api/queries/coin-board.ts) and keep their answers: a page per normalised query
// and a coin per mint, the same object while the board rows, holder counts, SOL price, search matches and launch
// text it was made from are the same objects (each of those is kept as one object while unchanged). The serializer
// then reuses the page's JSON (api/serializer.ts). Answers are never changed once returned. Figures are as of the
// board's second (a board serves every second over which nothing it shows changes).
import type { CoinFull } from '../../schemas/api/coin-full.js';
import type { CoinListQuery, CoinListResponse, CoinSummary } from '../../schemas/api/coins.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { keptLaunchText, type LaunchText } from '../launch/launch-text.js';
import { boardHolderCounts, countsSerial } from '../queries/board-holders.js';
import { boardAt, type BoardRow } from '../queries/coin-board.js';
import { listMatches, listSolPrice, pageRows } from '../queries/coins.js';
import { figuresPending } from '../figures.js';
import { coinFull, keptCoinSummary } from './coin-view.js';
import { serviceWalletList } from '../../schemas/config.js';

/** Summaries held by the pages kept per context, counted once per page they are on: with its JSON (about 400
 * bytes a summary, kept by the serializer while the page is) that is about 60 MB at most. Past it the pages made
 * longest ago go first. */
const MAX_PAGE_ITEMS = 150_000;
/** Coins in full kept per context: about 2 KB each. */
const MAX_COINS = 5_000;

/** Kept pages name the board and holder counts they were made from by number, so an old board is not held. */
interface KeptPage {
  board: number;
  holders: number;
  solMicroUsd: bigint;
  matches: ReadonlySet<string> | null;
  answer: CoinListResponse;
}

interface KeptCoin {
  row: BoardRow;
  holders: number;
  pending: boolean;
  text: LaunchText | null;
  answer: CoinFull;
}

interface CoinAnswers {
  serviceWallets: readonly string[];
  pages: Map<string, KeptPage>;
  pageItems: number;
  coins: Map<string, KeptCoin>;
}

const answers = new WeakMap<ApiContext, CoinAnswers>();

function answersOf(ctx: ApiContext): CoinAnswers {
  let kept = answers.get(ctx);
  if (kept === undefined) {
    kept = { serviceWallets: serviceWalletList(ctx.config.wallets), pages: new Map(), pageItems: 0, coins: new Map() };
    answers.set(ctx, kept);
  }
  return kept;
}

/** Puts `value` last in `map` (most recently used), dropping the least recently used past `max`. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}

function keepPage(kept: CoinAnswers, key: string, page: KeptPage): void {
  const before = kept.pages.get(key);
  if (before !== undefined) kept.pageItems -= before.answer.coins.length;
  kept.pages.delete(key);
  kept.pages.set(key, page);
  kept.pageItems += page.answer.coins.length;
  while (kept.pageItems > MAX_PAGE_ITEMS) {
    const [oldest, dropped] = kept.pages.entries().next().value!;
    kept.pages.delete(oldest);
    kept.pageItems -= dropped.answer.coins.length;
  }
}

const nowSecondsOf = (ctx: ApiContext) => Math.floor(ctx.now().getTime() / 1000);

function pageKey(query: CoinListQuery): string {
  return `${query.sort}|${query.mode}|${query.graduated}|${query.limit}|${query.offset}|${query.q === undefined ? '' : `q=${query.q}`}`;
}

const sameItems = (a: readonly CoinSummary[], b: readonly CoinSummary[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** `GET /coins`: one page of coin summaries and the offset of the next page. */
export async function listCoins(ctx: ApiContext, query: CoinListQuery): Promise<CoinListResponse> {
  const kept = answersOf(ctx);
  const board = await boardAt(ctx.reads, nowSecondsOf(ctx));
  const holders = await boardHolderCounts(ctx.reads, board, kept.serviceWallets);
  const solMicroUsd = await listSolPrice(ctx.reads, query.sort);
  const matches = query.q === undefined ? null : await listMatches(ctx.reads, query.q);
  const key = pageKey(query);
  const page = kept.pages.get(key);
  if (
    page !== undefined &&
    page.board === board.serial &&
    page.holders === countsSerial(holders) &&
    page.solMicroUsd === solMicroUsd &&
    page.matches === matches
  ) {
    return page.answer;
  }
  const rows = pageRows({ board, solMicroUsd, matches, stablecoinMint: ctx.config.mints.stablecoin }, { ...query, limit: query.limit + 1 });
  const coins = rows.slice(0, query.limit).map((row) => keptCoinSummary(row, holders.get(row.mint) ?? 0, board.nowSeconds));
  const next = rows.length > query.limit ? query.offset + query.limit : null;
  // Made of the same summaries as before: the same answer object, so its JSON is reused.
  const answer = page !== undefined && page.answer.next === next && sameItems(page.answer.coins, coins) ? page.answer : { coins, next };
  keepPage(kept, key, { board: board.serial, holders: countsSerial(holders), solMicroUsd, matches, answer });
  return answer;
}

/** `GET /coins/{mint}`: the coin in full; NotFoundError when it is not a coin on this network. */
export async function getCoin(ctx: ApiContext, mint: string): Promise<CoinFull> {
  const kept = answersOf(ctx);
  const board = await boardAt(ctx.reads, nowSecondsOf(ctx));
  const row = board.rows.get(mint);
  if (row === undefined) throw new NotFoundError(`no coin ${mint} on this network`);
  const [counts, text] = await Promise.all([
    boardHolderCounts(ctx.reads, board, kept.serviceWallets),
    keptLaunchText(ctx.reads, ctx.opstore, mint, row.creator),
  ]);
  const holders = counts.get(mint) ?? 0;
  const pending = figuresPending(row, board.nowSeconds);
  const coin = kept.coins.get(mint);
  if (coin !== undefined && coin.row === row && coin.holders === holders && coin.pending === pending && coin.text === text) return coin.answer;
  const answer = coinFull(row, holders, board.nowSeconds, ctx.config, text);
  remember(kept.coins, mint, { row, holders, pending, text, answer }, MAX_COINS);
  return answer;
}
