// Handlers of a coin's market data, shared by the HTTP routes and the MCP tools: trade pages (newest first, paged
// by `before`) from the trade window where it holds them and from the trades table past it (one page builder:
// api/views/trade-window.ts), and candles from the candle window, each kept in the answer cache while its coin's part
// of them is unchanged.
import type { Olap } from '../../infra/olap/olap.js';
import { tradeRunBefore } from '../../projections/trades/queries.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { ohlcvResponse, type OhlcvQuery } from '../../schemas/api/ohlcv.js';
import { tradesResponse, type TradesQuery, type TradesResponse } from '../../schemas/api/trades.js';
import type { ApiContext } from '../deps.js';
import { tradePage, type TradeWindow } from '../views/trade-window.js';
import { type Answer, answerKey } from './answer-cache.js';
import { requireCoin } from './coins.js';

/** The page of `query` from the trade window, else from the store. */
export async function tradesPage(olap: Olap, window: TradeWindow, mint: string, query: TradesQuery): Promise<TradesResponse> {
  const cursor = query.before ?? null;
  return tradePage(window.run(mint), cursor, query.limit) ?? tradePage(await tradeRunBefore(olap, mint, cursor!, query.limit), cursor, query.limit)!;
}

/** `GET /coins/{mint}/trades`. */
export function listTrades(ctx: ApiContext, mint: string, query: TradesQuery): Promise<Answer> {
  requireCoin(ctx, mint);
  const on = [ctx.views.trades.name, TRADES_TABLE].map((source) => ({ source, coin: mint }));
  return ctx.answers.get(answerKey('trades', { mint, ...query }), { on }, tradesResponse, () => tradesPage(ctx.olap, ctx.views.trades, mint, query));
}

/** `GET /coins/{mint}/ohlcv`: the latest candles, oldest first, priced with the coin's and its quote's decimals. */
export function listCandles(ctx: ApiContext, mint: string, query: OhlcvQuery): Promise<Answer> {
  requireCoin(ctx, mint);
  const on = [{ source: ctx.views.candles.name, coin: mint }];
  return ctx.answers.get(answerKey('ohlcv', { mint, ...query }), { on }, ohlcvResponse, () => ({ candles: candlesOf(ctx, mint, query) }));
}

export function candlesOf(ctx: ApiContext, mint: string, query: OhlcvQuery) {
  return ctx.views.candles.candles(mint, query.interval, ctx.views.board.launchOf(mint)!);
}
