// Handlers of a coin's market data, shared by the HTTP routes and the MCP tools: trades (newest first, paged
// by `before`) and candles.
import { INTERVAL_SECONDS, type OhlcvQuery, type OhlcvResponse } from '../../schemas/api/ohlcv.js';
import { formatCursor, type TradesQuery, type TradesResponse } from '../../schemas/api/trades.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { truncateDecimal } from '../decimal.js';
import { PRICE_PLACES } from '../figures.js';
import { findCoin } from '../queries/coins.js';
import { candleRows } from '../queries/ohlcv.js';
import { tradesBefore } from '../queries/trades.js';

async function requireCoin(ctx: ApiContext, mint: string): Promise<{ decimals: number }> {
  const coin = await findCoin(ctx.olap, mint);
  if (coin === null) throw new NotFoundError(`no coin ${mint} on this network`);
  return coin;
}

/** `GET /coins/{mint}/trades`. */
export async function listTrades(ctx: ApiContext, mint: string, query: TradesQuery): Promise<TradesResponse> {
  await requireCoin(ctx, mint);
  const rows = await tradesBefore(ctx.olap, mint, query.before ?? null, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    trades: page.map((row) => ({
      signature: row.signature,
      time: new Date(Number(row.seconds) * 1000).toISOString(),
      side: row.side,
      trader: row.trader,
      coinAmount: row.coinAmount,
      quoteAmount: row.quoteAmount,
    })),
    next: {
      before: rows.length > query.limit && last !== undefined ? formatCursor({ seconds: Number(last.seconds), nanos: Number(last.position) }) : null,
    },
  };
}

/** `GET /coins/{mint}/ohlcv`: the latest candles, oldest first. */
export async function listCandles(ctx: ApiContext, mint: string, query: OhlcvQuery): Promise<OhlcvResponse> {
  const coin = await requireCoin(ctx, mint);
  const rows = await candleRows(ctx.olap, mint, INTERVAL_SECONDS[query.interval], coin.decimals);
  return {
    candles: rows.reverse().map((row) => ({
      time: new Date(Number(row.start) * 1000).toISOString(),
      open: truncateDecimal(row.open, PRICE_PLACES),
      high: truncateDecimal(row.high, PRICE_PLACES),
      low: truncateDecimal(row.low, PRICE_PLACES),
      close: truncateDecimal(row.close, PRICE_PLACES),
      volume: row.volume,
    })),
  };
}
