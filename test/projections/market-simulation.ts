// A seeded, chain-ordered stream of coin events for runner tests and the insert benchmark: launches with their
// fee splits, buys and sells priced by the real curve math (each with the trader's and the vault's balance
// changes), a graduation into a pool, and pool trades after it. Slots advance irregularly, with jumps of
// hours, so candles of every interval have several buckets.
import type { Address } from '@solana/kit';
import { buyExactIn, sellExactIn, type Reserves } from '../../schemas/programs/curve-math.js';
import type { Event } from '../../schemas/events/index.js';
import { seededRandom } from '../infra/seeded-random.js';
import { addr, balanceChanged, CURVE_ALLOTMENT, feeSplitLocked, graduated, launched, SOL_INITIAL, trade } from './event-fixtures.js';

export interface SimulationOptions {
  seed: number;
  coins: number;
  trades: number;
  traders?: number;
  /** First transaction number (signatures are derived from it), so two simulations never share ids. */
  firstTx?: number;
}

interface CoinState {
  mint: Address;
  market: Address;
  vault: Address;
  venue: 'curve' | 'pool';
  reserves: Reserves;
  vaultBalance: bigint;
}

/** Events in chain order; log key of each event is its data.mint. */
export function simulateMarket(options: SimulationOptions): Event[] {
  const random = seededRandom(options.seed);
  const traders = options.traders ?? 40;
  const events: Event[] = [];
  const holdings = new Map<string, bigint>();
  const accounts = new Map<string, Address>();
  const accountOf = (key: string): Address => {
    const known = accounts.get(key) ?? addr(100_000 + accounts.size);
    accounts.set(key, known);
    return known;
  };
  let slot = 1_000;
  let tx = options.firstTx ?? 0;
  const coins: CoinState[] = [];
  for (let c = 0; c < options.coins; c += 1) {
    const mint = addr(10_000 + c + (options.firstTx ?? 0));
    const curve = addr(20_000 + c + (options.firstTx ?? 0));
    const extra = { curveAllotment: CURVE_ALLOTMENT, initialReserves: SOL_INITIAL };
    events.push(launched({ slot, tx }, mint, { curve, mode: c % 2 === 0 ? 'holder' : 'creator' }, extra));
    events.push(feeSplitLocked({ slot, tx }, mint));
    tx += 1;
    slot += 1;
    const reserves = { quote: BigInt(SOL_INITIAL.quote), token: BigInt(SOL_INITIAL.coin) };
    coins.push({ mint, market: curve, vault: addr(30_000 + c), venue: 'curve', reserves, vaultBalance: BigInt(CURVE_ALLOTMENT) });
  }
  for (let n = 0; n < options.trades; n += 1) {
    slot += random.chance(0.01) ? 5_000 + random.int(40_000) : random.int(3);
    const coin = random.pick(coins);
    const trader = addr(1_000 + random.int(traders));
    const key = `${coin.mint}/${trader}`;
    const held = holdings.get(key) ?? 0n;
    const sell = held > 0n && random.chance(0.4);
    const quote = sell ? null : BigInt(1 + random.int(2_000)) * 1_000_000n;
    const moved = sell ? sellExactIn(coin.reserves, held / BigInt(1 + random.int(3)), 100) : buyExactIn(coin.reserves, quote!, 100);
    const tokens = moved.tokens;
    if (tokens === 0n || (!sell && tokens >= coin.vaultBalance)) continue;
    const quoteAmount = 'cost' in moved ? moved.cost : moved.proceeds;
    coin.reserves = moved.after;
    const after = sell ? held - tokens : held + tokens;
    holdings.set(key, after);
    const vaultBefore = coin.vaultBalance;
    coin.vaultBalance = sell ? vaultBefore + tokens : vaultBefore - tokens;
    const where = { slot, tx };
    events.push(
      trade(where, {
        mint: coin.mint,
        venue: coin.venue,
        market: coin.market,
        trader,
        side: sell ? 'sell' : 'buy',
        coinAmount: tokens.toString(),
        quoteAmount: quoteAmount.toString(),
        feeAmount: moved.fee.toString(),
        reserves: { coin: coin.reserves.token.toString(), quote: coin.reserves.quote.toString() },
      }),
      balanceChanged({ ...where, account: 1 }, { mint: coin.mint, owner: trader, tokenAccount: accountOf(key), pre: held, post: after }),
      balanceChanged({ ...where, account: 2 }, { mint: coin.mint, owner: coin.market, tokenAccount: coin.vault, pre: vaultBefore, post: coin.vaultBalance }),
    );
    tx += 1;
    if (coin.venue === 'curve' && n > options.trades / 2 && random.chance(0.002)) {
      const pool = addr(40_000 + coins.indexOf(coin));
      events.push(graduated({ slot, tx }, coin.mint, coin.market, pool));
      tx += 1;
      coin.venue = 'pool';
      coin.market = pool;
    }
  }
  return events;
}
