// Handlers of the coin reads, shared by the HTTP routes and the MCP tools: the coin list and one coin in full,
// from the coin board at the context's second, kept in the answer cache per query while the board reads the same
// (a list: the board's version; one coin: its window and the SOL price) and the board announces no change of it.
import { coinFull as coinFullSchema } from '../../schemas/api/coin-full.js';
import { coinListResponse, type CoinListQuery } from '../../schemas/api/coins.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import type { InLamports } from '../figures.js';
import { launchTextOf } from '../launch/launch-text.js';
import { type BoardAt, type BoardRow, rowWindow } from '../views/coin-board.js';
import { type Answer, answerKey } from './answer-cache.js';
import { coinFull, coinSummary } from './coin-view.js';

/** A launch text written by another process shows within this long. */
const LAUNCH_TEXT_MAX_AGE_MS = 10_000;

export const nowSecondsOf = (ctx: ApiContext) => Math.floor(ctx.now().getTime() / 1000);

function inLamportsAt(ctx: ApiContext, board: BoardAt): InLamports {
  return (row, amount) => ctx.views.board.lamports(row, amount, board);
}

/** `GET /coins`: one page of coin summaries and the offset of the next page. */
export function listCoins(ctx: ApiContext, query: CoinListQuery): Promise<Answer> {
  const nowSeconds = nowSecondsOf(ctx);
  const board = ctx.views.board.at(nowSeconds);
  return ctx.answers.get(answerKey('coins', { ...query, board: board.version }), { on: [{ source: ctx.views.board.name }] }, coinListResponse, () => {
    const { page, next } = ctx.views.board.page(board, query);
    return {
      coins: page.map((row) => coinSummary(row, nowSeconds, inLamportsAt(ctx, board))),
      next,
    };
  });
}

/** The coin's board row at the context's second; NotFoundError when it is not a coin on this network. */
export function boardRowOf(ctx: ApiContext, mint: string): { row: BoardRow; board: BoardAt; nowSeconds: number } {
  if (!ctx.views.board.has(mint)) throw new NotFoundError(`no coin ${mint} on this network`);
  const nowSeconds = nowSecondsOf(ctx);
  const board = ctx.views.board.at(nowSeconds);
  return { row: board.rows.get(mint)!, board, nowSeconds };
}

/** `GET /coins/{mint}`: the coin in full. */
export async function getCoin(ctx: ApiContext, mint: string): Promise<Answer> {
  const { row, board, nowSeconds } = boardRowOf(ctx, mint);
  const sources = { on: [{ source: ctx.views.board.name, coin: mint }], maxAgeMs: LAUNCH_TEXT_MAX_AGE_MS };
  return ctx.answers.get(answerKey('coin', { mint, window: rowWindow(row, nowSeconds), sol: String(board.solMicroUsd) }), sources, coinFullSchema, async () => {
    const text = await launchTextOf(ctx.opstore, mint, row.creator);
    return coinFull(row, nowSeconds, inLamportsAt(ctx, board), ctx.config, text);
  });
}
