// The captured market's ground truth, kept with the capture, and the check of a replayed run against it: for every
// coin created in the captured slots, its trades (count and raw totals, read from the trades table), its candles at
// every interval (GET /coins/{mint}/ohlcv, compared by digest) and its holder count (GET /coins/{mint}), all from the
// devnet's own ledger (infra/devnet/truth), never from the pipeline.
import { createHash } from 'node:crypto';
import type { BalanceHistory } from '../../devnet/truth/balance-history.js';
import { expectedCandles, quoteDecimalsOf, trueHolders, type ChainFacts } from '../../devnet/truth/chain-facts.js';
import { INTERVAL_SECONDS, INTERVALS, type Candle, type Interval } from '../../../schemas/api/ohlcv.js';
import type { Config } from '../../../schemas/config.js';
import { COIN_DECIMALS } from '../../../schemas/programs/coin-rules.js';

export interface CoinTruth {
  trades: number;
  coinAmount: string;
  quoteAmount: string;
  holders: number;
  /** sha256 of the JSON of the candles the ohlcv route answers, per interval. */
  candles: Record<Interval, string>;
}

/** Per mint. */
export type MarketTruth = Record<string, CoinTruth>;

/** What the trades table holds of one coin. */
export interface TradeTotals {
  trades: number;
  coinAmount: string;
  quoteAmount: string;
}

/** Candles compared by their values in a fixed order, whatever the order of their keys. */
export function candlesDigest(candles: readonly Candle[]): string {
  const values = candles.map((c) => [c.time, c.open, c.high, c.low, c.close, c.volume]);
  return createHash('sha256').update(JSON.stringify(values)).digest('hex');
}

export function marketTruth(facts: ChainFacts, balances: BalanceHistory, config: Config, lastSlot: number): MarketTruth {
  const byMint = new Map<string, ChainFacts['trades']>();
  for (const trade of facts.trades) {
    const list = byMint.get(trade.mint);
    if (list) list.push(trade);
    else byMint.set(trade.mint, [trade]);
  }
  const truth: MarketTruth = {};
  for (const mint of facts.quoteDecimals.keys()) {
    const trades = byMint.get(mint) ?? [];
    const quoteDecimals = quoteDecimalsOf(facts, mint);
    const candles = {} as Record<Interval, string>;
    for (const interval of INTERVALS) {
      candles[interval] = candlesDigest(expectedCandles(trades, mint, INTERVAL_SECONDS[interval], COIN_DECIMALS, quoteDecimals));
    }
    truth[mint] = {
      trades: trades.length,
      coinAmount: trades.reduce((sum, t) => sum + BigInt(t.coinAmount), 0n).toString(),
      quoteAmount: trades.reduce((sum, t) => sum + BigInt(t.quoteAmount), 0n).toString(),
      holders: trueHolders(balances, config, facts, mint, lastSlot),
      candles,
    };
  }
  return truth;
}

export interface TruthCheck {
  coins: number;
  trades: number;
  /** One line per difference, at most a few per kind. */
  differences: string[];
}

/** Compare the service's answers with the truth; requests run a few at a time. */
export async function checkTruth(apiUrl: string, truth: MarketTruth, totals: Map<string, TradeTotals>): Promise<TruthCheck> {
  const differences: string[] = [];
  const note = (line: string) => {
    if (differences.length < 20) differences.push(line);
  };
  const get = async (path: string): Promise<Record<string, unknown>> => {
    const response = await fetch(`${apiUrl}/api/v1${path}`);
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const mints = Object.keys(truth);
  let trades = 0;
  const checkCoin = async (mint: string) => {
    const expected = truth[mint]!;
    trades += expected.trades;
    const stored = totals.get(mint) ?? { trades: 0, coinAmount: '0', quoteAmount: '0' };
    for (const key of ['trades', 'coinAmount', 'quoteAmount'] as const) {
      if (String(stored[key]) !== String(expected[key])) note(`${mint} trades table ${key}: ${stored[key]}, truth ${expected[key]}`);
    }
    const coin = await get(`/coins/${mint}`);
    if (coin.holders !== expected.holders) note(`${mint} holders: ${coin.holders}, truth ${expected.holders}`);
    for (const interval of INTERVALS) {
      const { candles } = await get(`/coins/${mint}/ohlcv?interval=${interval}`);
      if (candlesDigest(candles as Candle[]) !== expected.candles[interval]) note(`${mint} candles at ${interval} differ from the truth`);
    }
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < mints.length) await checkCoin(mints[next++]!);
    }),
  );
  for (const mint of totals.keys()) if (!(mint in truth)) note(`${mint}: trades stored for a coin the captured slots never created`);
  return { coins: mints.length, trades, differences };
}
