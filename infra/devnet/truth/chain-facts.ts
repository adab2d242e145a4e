// Ground truth for the end-to-end tests and the replayed bench, read straight from the devnet's own ledger, never from the
// pipeline: the trades the programs logged (their `Program data:` Trade and Swap events, decoded with the
// programs' shared layouts), the venues of each coin (curve, launch pool, graduated pool) and its quote token's
// decimals, candles and prices recomputed from those trades with bigint arithmetic (quote tokens per whole coin: SOL
// per coin, dollars per coin on a stablecoin pair), and holder counts from the balance history.
import type { Bank } from '../ledger/bank.js';
import type { BalanceHistory } from './balance-history.js';
import type { Candle } from '../../../schemas/api/ohlcv.js';
import { expectedCandlesOf } from './expected-candles.js';
import { expectedPrice } from './expected-price.js';
import { programDataLogs } from '../../../schemas/programs/event-set.js';
import { decodeLaunchpadEvent } from '../../../schemas/programs/launchpad/events.js';
import { decodePoolVenueEvent } from '../../../schemas/programs/pool-venue/events.js';
import type { Config } from '../../../schemas/config.js';

export interface ChainTrade {
  signature: string;
  slot: number;
  blockTime: number;
  mint: string;
  side: 'buy' | 'sell';
  trader: string;
  coinAmount: string;
  quoteAmount: string;
  /** Reserves after the trade as the program priced them: virtual on a curve, virtual plus real quote in a pool. */
  reserves: { coin: bigint; quote: bigint };
}

export interface ChainFacts {
  /** Every trade of a coin in `coins`, in chain order (slot, transaction, log line). */
  trades: ChainTrade[];
  /** Per coin: its curve, launch pool and graduated pool addresses, as the programs logged them. */
  venues: Map<string, Set<string>>;
  /** Graduated coins and their pools. */
  graduations: Map<string, string>;
  /** Per coin created in the slots read: its quote token's decimals, as the creating program logged them. */
  quoteDecimals: Map<string, number>;
}

/** Read slots [from, to] of the bank for the coins `coins` (every coin with 'every'), adding to `into` when given. */
export function chainFacts(bank: Bank, config: Config, from: number, to: number, coins: ReadonlySet<string> | 'every', into?: ChainFacts): ChainFacts {
  const facts: ChainFacts = into ?? { trades: [], venues: new Map(), graduations: new Map(), quoteDecimals: new Map() };
  const followed = (mint: string) => coins === 'every' || coins.has(mint);
  const trade = (
    base: Pick<ChainTrade, 'signature' | 'slot' | 'blockTime'>,
    d: { mint: string; side: 'buy' | 'sell'; trader: string; tokenAmount: bigint; quoteAmount: bigint },
    reserves: ChainTrade['reserves'],
  ) => {
    const { mint, side, trader } = d;
    facts.trades.push({ ...base, mint, side, trader, coinAmount: d.tokenAmount.toString(), quoteAmount: d.quoteAmount.toString(), reserves });
  };
  const venue = (mint: string, address: string) => facts.venues.set(mint, (facts.venues.get(mint) ?? new Set()).add(address));
  for (let slot = from; slot <= to; slot++) {
    const block = bank.getBlock(slot);
    if (block === undefined) throw new Error(`slot ${slot} is no longer kept by the bank`);
    for (const tx of block.transactions) {
      if (tx.meta.err !== null) continue;
      for (const log of programDataLogs(tx.meta.logMessages ?? [])) {
        const base = { signature: tx.signature, slot, blockTime: block.blockTime };
        if (log.programId === config.programs.launchpad) {
          const event = decodeLaunchpadEvent(log.bytes);
          if (event?.name === 'CoinCreated') {
            venue(event.data.mint, event.data.curve);
            facts.quoteDecimals.set(event.data.mint, event.data.quoteDecimals);
          }
          if (event?.name === 'Graduated') {
            venue(event.data.mint, event.data.pool);
            facts.graduations.set(event.data.mint, event.data.pool);
          }
          if (event?.name === 'Trade' && followed(event.data.mint)) {
            const d = event.data;
            trade(base, d, { coin: d.virtualToken, quote: d.virtualQuote });
          }
        } else if (log.programId === config.programs.poolVenue) {
          const event = decodePoolVenueEvent(log.bytes);
          if (event?.name === 'PoolCreated' && event.data.kind !== 'market') {
            venue(event.data.mint, event.data.pool);
            facts.quoteDecimals.set(event.data.mint, event.data.quoteDecimals);
          }
          if (event?.name === 'Swap' && followed(event.data.mint)) {
            const d = event.data;
            trade(base, d, { coin: d.tokenReserve, quote: d.virtualQuote + d.quoteReserve });
          }
        }
      }
    }
  }
  return facts;
}

/** The quote token's decimals of a coin created in the slots read. */
export function quoteDecimalsOf(facts: ChainFacts, mint: string): number {
  const decimals = facts.quoteDecimals.get(mint);
  if (decimals === undefined) throw new Error(`no creation of ${mint} in the slots read`);
  return decimals;
}

/** Candles of one coin as the API defines them (expected-candles.ts). */
export function expectedCandles(trades: readonly ChainTrade[], mint: string, seconds: number, decimals: number, quoteDecimals: number): Candle[] {
  const mine = trades.filter((trade) => trade.mint === mint);
  const priced = mine.map((trade) => ({ seconds: trade.blockTime, quote: BigInt(trade.quoteAmount), coin: BigInt(trade.coinAmount) }));
  return expectedCandlesOf(priced, seconds, decimals, quoteDecimals);
}

/** The coin's spot price after its latest trade (as expected-price.ts says) and its quote volume (raw units). */
export function expectedFigures(
  trades: readonly ChainTrade[],
  mint: string,
  decimals: number,
  quoteDecimals: number,
): { price: string | null; volume: string } {
  const mine = trades.filter((t) => t.mint === mint);
  const latest = mine.at(-1);
  const price =
    latest === undefined || latest.reserves.coin === 0n ? null : expectedPrice(latest.reserves.quote, latest.reserves.coin, quoteDecimals, decimals);
  return { price, volume: mine.reduce((sum, t) => sum + BigInt(t.quoteAmount), 0n).toString() };
}

/** Owners holding the coin at the end of `slot`, leaving out its venues and the service's wallets. */
export function trueHolders(truth: BalanceHistory, config: Config, facts: ChainFacts, mint: string, slot: number): number {
  const excluded = new Set<string>([...(facts.venues.get(mint) ?? []), ...Object.values(config.wallets)]);
  return [...truth.holdersAt(mint, slot)].filter(([owner, amount]) => amount > 0n && !excluded.has(owner)).length;
}
