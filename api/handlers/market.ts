// Handlers of a coin's market data, shared by the HTTP routes and the MCP tools: trades (newest first, paged
// by `before`) from the resident trades, and candles from the candles read model (api/market), as kept response
// objects.
import { INTERVAL_SECONDS, type OhlcvQuery, type OhlcvResponse } from '../../schemas/api/ohlcv.js';
import type { PriceDecimals } from '../../schemas/api/price.js';
import type { TradesQuery, TradesResponse } from '../../schemas/api/trades.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { coinCandles } from '../market/candles.js';
import { tradePage } from '../market/trade-pages.js';
import { findCoin } from '../queries/coins.js';

async function requireCoin(ctx: ApiContext, mint: string): Promise<PriceDecimals> {
  const coin = await findCoin(ctx.reads, mint);
  if (coin === null) throw new NotFoundError(`no coin ${mint} on this network`);
  return coin;
}

/** `GET /coins/{mint}/trades`. */
export async function listTrades(ctx: ApiContext, mint: string, query: TradesQuery): Promise<TradesResponse> {
  await requireCoin(ctx, mint);
  return tradePage(ctx.reads, mint, query.before ?? null, query.limit);
}

/** `GET /coins/{mint}/ohlcv`: the latest candles, oldest first, priced with the coin's and its quote's decimals. */
export async function listCandles(ctx: ApiContext, mint: string, query: OhlcvQuery): Promise<OhlcvResponse> {
  const coin = await requireCoin(ctx, mint);
  return coinCandles(ctx.reads, mint, INTERVAL_SECONDS[query.interval], coin);
}
