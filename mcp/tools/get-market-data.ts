// `get_market_data`: a coin's last 48 candles at an interval and its latest 20 trades (GET /coins/{mint}/ohlcv and
// /trades), each from its route's handler.
import { z } from 'zod';
import { listCandles, listTrades } from '../../api/handlers/market.js';
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

type MarketData = z.output<typeof marketData>;
/** Answers by the candles and trades answers they were made from: the handlers answer an unchanged coin with the
 * same objects, and so does this tool (its presentation is then kept too). */
const answers = new WeakMap<object, WeakMap<object, MarketData>>();

export const getMarketData = defineTool({
  name: 'get_market_data',
  title: 'Market data',
  description: `A coin's last ${MARKET_CANDLES} price candles at an interval and its latest ${MARKET_TRADES} trades.`,
  kind: 'read',
  input: z.strictObject({ ...mintParams.shape, ...ohlcvQuery.shape }),
  output: marketData,
  run: async (deps, { mint, interval }) => {
    const candles = await listCandles(deps.api, mint, { interval });
    const trades = await listTrades(deps.api, mint, tradesQuery.parse({ limit: MARKET_TRADES }));
    let byTrades = answers.get(candles);
    if (byTrades === undefined) answers.set(candles, (byTrades = new WeakMap()));
    let answer = byTrades.get(trades);
    // A page holds more than its limit only as a busy second's tail (schemas/api/trades.ts): the latest 20 of it.
    if (answer === undefined)
      byTrades.set(trades, (answer = { candles: candles.candles.slice(-MARKET_CANDLES), trades: trades.trades.slice(0, MARKET_TRADES) }));
    return answer;
  },
});
