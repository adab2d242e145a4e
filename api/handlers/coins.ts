// Handlers of the coin reads, shared by the HTTP routes and the MCP tools: the coin list and one coin in full,
// from the coin board at the context's second, kept in the answer cache per query while the board reads the same
// (a list: the board's version; one coin: its window and the SOL price) and the board announces no change of it.
// Creator-written text goes only under `user`.
import { coinFull as coinFullSchema, type CoinFull } from '../../schemas/api/coin-full.js';
import { coinListResponse, type CoinListQuery } from '../../schemas/api/coins.js';
import { isoFromSeconds } from '../../schemas/api/fields.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { coinFigures, type Figures } from '../figures.js';
import { launchTextOf, type LaunchText } from '../launch/launch-text.js';
import { type BoardAt, type BoardRow, rowWindow } from '../views/coin-board.js';
import { type Answer, answerKey } from './answer-cache.js';

/** A launch text written by another process shows within this long. */
const LAUNCH_TEXT_MAX_AGE_MS = 10_000;

/** The coin board at the context's second. */
export const boardNow = (ctx: ApiContext): BoardAt => ctx.views.board.at(Math.floor(ctx.now().getTime() / 1000));

/** A board row's figures, raw quote amounts valued in lamports at that board's SOL price. */
export function figuresAt(ctx: ApiContext, board: BoardAt, row: BoardRow): Figures {
  return coinFigures(row, board.nowSeconds, (each, amount) => ctx.views.board.lamports(each, amount, board));
}

/** What a coin pairs with: SOL, the configured stablecoin, or another token. */
export function pairKind(mint: string, stablecoin: string): CoinFull['pair']['kind'] {
  return mint === NATIVE_MINT_ID ? 'sol' : mint === stablecoin ? 'stablecoin' : 'token';
}

/** NotFoundError unless `mint` is a coin on this network. */
export function requireCoin(ctx: ApiContext, mint: string): void {
  if (ctx.views.board.launchOf(mint) === undefined) throw new NotFoundError(`no coin ${mint} on this network`);
}

/** The row is spread (its mint, mode, holdersPaid, hooks, decimals): the schemas keep only their fields. */
function coinSummary(ctx: ApiContext, board: BoardAt, row: BoardRow) {
  return {
    ...row,
    user: { name: row.untrustedName, symbol: row.untrustedSymbol },
    graduated: row.graduatedAt !== null,
    createdAt: isoFromSeconds(row.createdAt),
    quote: { mint: row.quoteMint, decimals: row.quoteDecimals },
    ...figuresAt(ctx, board, row),
  };
}

function pools(row: BoardRow): CoinFull['pools'] {
  const graduated = row.graduatedPool !== null;
  const list: CoinFull['pools'] = [];
  if (row.curve !== null) list.push({ kind: 'curve', address: row.curve, active: !graduated });
  if (row.pool !== null) list.push({ kind: 'pool', address: row.pool, active: !graduated });
  if (row.graduatedPool !== null) list.push({ kind: 'locked-pool', address: row.graduatedPool, active: true });
  return list;
}

function coinFull(ctx: ApiContext, board: BoardAt, row: BoardRow, launchText: LaunchText | null): CoinFull {
  const summary = coinSummary(ctx, board, row);
  return {
    ...summary,
    user: {
      ...summary.user,
      description: launchText?.description ?? null,
      socials: launchText?.socials ?? { x: null, telegram: null, website: null },
      uri: row.untrustedUri,
    },
    venue: row.route,
    creator: { wallet: row.creator },
    pools: pools(row),
    basket: row.basketMints.map((mint, i) => ({ mint, weight: row.basketWeightsBps[i] ?? 0 })),
    creatorSplit: row.creatorRecipientWallets.map((wallet, i) => ({ wallet, pct: (row.creatorRecipientBps[i] ?? 0) / 100 })),
    fee: { bps: row.feeBps },
    pair: { mint: row.quoteMint, kind: pairKind(row.quoteMint, ctx.config.mints.stablecoin) },
    token: row.tokenProgram,
    supply: row.totalSupply,
    graduation: row.graduatedAt === null || row.graduatedPool === null ? null : { time: isoFromSeconds(row.graduatedAt), pool: row.graduatedPool },
  };
}

/** `GET /coins`: one page of coin summaries and the offset of the next page. */
export function listCoins(ctx: ApiContext, query: CoinListQuery): Promise<Answer> {
  const board = boardNow(ctx);
  return ctx.answers.get(answerKey('coins', { ...query, board: board.version }), { on: [{ source: ctx.views.board.name }] }, coinListResponse, () => {
    const { page, next } = ctx.views.board.page(board, query);
    return { coins: page.map((row) => coinSummary(ctx, board, row)), next };
  });
}

/** `GET /coins/{mint}`: the coin in full. */
export async function getCoin(ctx: ApiContext, mint: string): Promise<Answer> {
  requireCoin(ctx, mint);
  const board = boardNow(ctx);
  const row = board.rows.get(mint)!;
  const key = answerKey('coin', { mint, window: rowWindow(row, board.nowSeconds), sol: String(board.solMicroUsd) });
  const sources = { on: [{ source: ctx.views.board.name, coin: mint }], maxAgeMs: LAUNCH_TEXT_MAX_AGE_MS };
  return ctx.answers.get(key, sources, coinFullSchema, async () => coinFull(ctx, board, row, await launchTextOf(ctx.opstore, mint, row.creator)));
}
