// `get_market_data`: a coin's last 48 candles at an interval and its latest 20 trades (GET /coins/{mint}/ohlcv and
// /trades), as their routes read them, kept in the answer cache while the coin's candles and trades are unchanged.
import { z } from 'zod';
import { answerKey } from '../../api/handlers/answer-cache.js';
import { requireCoin } from '../../api/handlers/coins.js';
import { candlesOf, tradesPage } from '../../api/handlers/market.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { mintParams } from '../../schemas/api/coins.js';
import { ohlcvQuery, ohlcvResponse } from '../../schemas/api/ohlcv.js';
import { tradesQuery, tradesResponse } from '../../schemas/api/trades.js';
import { defineTool } from '../tool.js';

export const MARKET_CANDLES = 48;
export const MARKET_TRADES = 20;

const marketData = z.object({
  candles: ohlcvResponse.shape.candles
    .max(MARKET_CANDLES)
    .describe(`The last ${MARKET_CANDLES} candles at the interval, oldest first; intervals without trades are left out`),
  trades: tradesResponse.shape.trades.max(MARKET_TRADES).describe(`The latest ${MARKET_TRADES} trades, newest first`),
});

export const getMarketData = defineTool({
  name: 'get_market_data',
  title: 'Market data',
  description: `A coin's last ${MARKET_CANDLES} price candles at an interval and its latest ${MARKET_TRADES} trades.`,
  kind: 'read',
  input: z.strictObject({ ...mintParams.shape, ...ohlcvQuery.shape }),
  output: marketData,
  run: async (deps, { mint, interval }) => {
    const ctx = deps.api;
    requireCoin(ctx, mint);
    const on = [ctx.views.candles.name, ctx.views.trades.name, TRADES_TABLE].map((source) => ({ source, coin: mint }));
    return ctx.answers.get(answerKey('market-data', { mint, interval }), { on }, marketData, async () => ({
      candles: candlesOf(ctx, mint, { interval }).slice(-MARKET_CANDLES),
      // A page holds more than its limit only as a busy second's tail (schemas/api/trades.ts): the latest 20 of it.
      trades: (await tradesPage(ctx.olap, ctx.views.trades, mint, tradesQuery.parse({ limit: MARKET_TRADES }))).trades.slice(0, MARKET_TRADES),
    }));
  },
});
