// Handlers of the coin reads, shared by the HTTP routes and the MCP tools: the coin list and one coin in full.
import type { CoinFull } from '../../schemas/api/coin-full.js';
import type { CoinListQuery, CoinListResponse } from '../../schemas/api/coins.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { launchTextOf } from '../launch/launch-text.js';
import { getCoinRow, listCoinRows } from '../queries/coins.js';
import { holderCounts } from '../queries/holders.js';
import { coinFull, coinSummary } from './coin-view.js';

function serviceWallets(ctx: ApiContext): string[] {
  return Object.values(ctx.config.wallets);
}

/** `GET /coins`: one page of coin summaries and the offset of the next page. */
export async function listCoins(ctx: ApiContext, query: CoinListQuery): Promise<CoinListResponse> {
  const nowSeconds = Math.floor(ctx.now().getTime() / 1000);
  const rows = await listCoinRows(ctx.olap, { ...query, limit: query.limit + 1 }, nowSeconds, ctx.config.mints.stablecoin);
  const page = rows.slice(0, query.limit);
  const holders = await holderCounts(ctx.olap, page.map((row) => row.mint), serviceWallets(ctx));
  return {
    coins: page.map((row) => coinSummary(row, holders.get(row.mint) ?? 0, nowSeconds)),
    next: rows.length > query.limit ? query.offset + query.limit : null,
  };
}

/** `GET /coins/{mint}`: the coin in full; NotFoundError when it is not a coin on this network. */
export async function getCoin(ctx: ApiContext, mint: string): Promise<CoinFull> {
  const nowSeconds = Math.floor(ctx.now().getTime() / 1000);
  const row = await getCoinRow(ctx.olap, mint, nowSeconds);
  if (row === null) throw new NotFoundError(`no coin ${mint} on this network`);
  const [holders, launchText] = await Promise.all([
    holderCounts(ctx.olap, [mint], serviceWallets(ctx)),
    launchTextOf(ctx.opstore, mint, row.creator),
  ]);
  return coinFull(row, holders.get(mint) ?? 0, nowSeconds, ctx.config, launchText);
}
