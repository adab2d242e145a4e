// The shape of the API bench's market before any event is made: the clock it spans, and per coin its route,
// mode, pair, creator, launch time, name and how many trades it gets. Trades per coin are heavy-tailed (a Zipf
// law over a shuffled order of coins, so a few coins carry most trades, and some of them launched recently);
// creators too (some launch many coins). Names come from small word lists, so searches match several coins.
import type { Config } from '../../../schemas/config.js';
import { NATIVE_MINT_ID } from '../../../schemas/programs/token-addresses.js';
import { benchAddress } from './bench-keys.js';
import { BenchRandom, ZipfPicker } from './bench-random.js';

export interface DatasetOptions {
  coins: number;
  trades: number;
  /** Days of history before now. */
  days: number;
  seed: number;
  /** Unix seconds the history ends at (the API's clock when it is read). */
  now: number;
}

export interface DatasetClock {
  now: number;
  /** First second of the history. */
  start: number;
  /** Time of slot 0: slots are 400 ms apart. */
  genesis: number;
}

export const slotOf = (clock: DatasetClock, time: number): number => Math.floor((time - clock.genesis) * 2.5);

export interface CoinPlan {
  index: number;
  mint: string;
  route: 'launchpad' | 'pool-venue';
  mode: 'holder' | 'creator';
  holdersPaid: 'pair' | 'basket';
  quoteMint: string;
  quoteDecimals: number;
  creator: string;
  /** Launch referrer; null for most coins. */
  referrer: string | null;
  launchTime: number;
  trades: number;
  name: string;
  symbol: string;
  feeBps: number;
  antiSniper: boolean;
  basket: { mint: string; weightBps: number }[];
  recipients: { wallet: string; bps: number }[];
}

const ADJECTIVES = [
  'Moon',
  'Based',
  'Tiny',
  'Giga',
  'Happy',
  'Frozen',
  'Solar',
  'Dark',
  'Golden',
  'Lazy',
  'Turbo',
  'Cosmic',
  'Wild',
  'Sleepy',
  'Mega',
  'Pixel',
  'Shiny',
  'Brave',
  'Silent',
  'Crypto',
  'Neon',
  'Retro',
  'Lucky',
  'Angry',
  'Royal',
  'Fluffy',
  'Quantum',
  'Salty',
  'Spicy',
  'Cyber',
  'Hyper',
  'Magic',
  'Super',
  'Little',
  'Big',
  'Jolly',
  'Rapid',
  'Crimson',
  'Stellar',
  'Electric',
];
const NOUNS = [
  'Cat',
  'Dog',
  'Frog',
  'Pepe',
  'Whale',
  'Rocket',
  'Panda',
  'Bonk',
  'Shiba',
  'Ape',
  'Bear',
  'Bull',
  'Duck',
  'Owl',
  'Tiger',
  'Penguin',
  'Otter',
  'Hamster',
  'Goblin',
  'Wizard',
  'Dragon',
  'Pizza',
  'Taco',
  'Banana',
  'Potato',
  'Llama',
  'Koala',
  'Monkey',
  'Turtle',
  'Shark',
  'Falcon',
  'Unicorn',
  'Robot',
  'Ghost',
  'Ninja',
  'Samurai',
  'Viking',
  'Pirate',
  'Comet',
  'Nugget',
];

export function planClock(options: DatasetOptions): DatasetClock {
  const start = options.now - options.days * 86_400;
  return { now: options.now, start, genesis: start - 86_400 };
}

/** Every coin of the dataset, in launch order. */
export function planCoins(options: DatasetOptions, clock: DatasetClock, config: Pick<Config, 'mints'>): CoinPlan[] {
  const random = new BenchRandom(options.seed);
  const tradeShares = new ZipfPicker(options.coins, 1.1);
  const creators = new ZipfPicker(Math.max(1, Math.ceil(options.coins * 0.6)), 0.8);
  // Launch times: most spread over the history, some in the last day, two in the last minute (figures pending).
  const launchTimes = Array.from({ length: options.coins }, (_, i) => {
    if (i < 2) return clock.now - 10 - i * 20;
    if (i < 2 + Math.ceil(options.coins * 0.05)) return clock.now - 60 - random.int(86_400);
    return clock.start + random.int(clock.now - 3_600 - clock.start);
  });
  launchTimes.sort((a, b) => a - b);
  // Which coin gets which trade share: a shuffled order, so busy coins launched at any time.
  const order = Array.from({ length: options.coins }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const plans: CoinPlan[] = [];
  let assigned = 0;
  for (let index = 0; index < options.coins; index++) {
    const launchTime = launchTimes[index]!;
    const rank = order[index]!;
    const fresh = clock.now - launchTime < 120;
    const trades = fresh ? random.int(3) : Math.max(1, Math.round(options.trades * tradeShares.share(rank)));
    assigned += trades;
    const route = random.chance(0.25) ? 'pool-venue' : 'launchpad';
    const stable = route === 'launchpad' && random.chance(0.2);
    const mode = random.chance(0.6) ? 'holder' : 'creator';
    const basketPaid = mode === 'holder' && random.chance(0.5);
    const adjective = random.pick(ADJECTIVES);
    const noun = random.pick(NOUNS);
    const basket = basketPaid ? pickBasket(random, config.mints.basket) : [];
    const recipientCount = mode === 'creator' ? random.int(3) : 0;
    plans.push({
      index,
      mint: benchAddress(`mint:${index}`),
      route,
      mode,
      holdersPaid: basketPaid ? 'basket' : 'pair',
      quoteMint: stable ? config.mints.stablecoin : NATIVE_MINT_ID,
      quoteDecimals: stable ? 6 : 9,
      creator: benchAddress(`creator:${creators.pick(random)}`),
      referrer: random.chance(0.3) ? benchAddress(`referrer:${random.int(50)}`) : null,
      launchTime,
      trades,
      name: `${adjective} ${noun}`,
      symbol: `${adjective.slice(0, 2)}${noun.slice(0, 3)}`.toUpperCase() + (random.chance(0.3) ? String(random.int(10)) : ''),
      feeBps: random.pick([100, 100, 100, 200, 50]),
      antiSniper: route === 'launchpad' && !stable && random.chance(0.1),
      basket,
      recipients: Array.from({ length: recipientCount }, (_, k) => ({
        wallet: benchAddress(`recipient:${index}:${k}`),
        bps: recipientCount === 1 ? 10_000 : k === 0 ? 6_000 : 4_000,
      })),
    });
  }
  // Rounding leaves the total a little off: the busiest coin takes the difference.
  const busiest = plans.reduce((best, plan) => (plan.trades > best.trades ? plan : best), plans[0]!);
  busiest.trades = Math.max(1, busiest.trades + options.trades - assigned);
  return plans;
}

function pickBasket(random: BenchRandom, mints: readonly string[]): CoinPlan['basket'] {
  const count = Math.min(mints.length, 1 + random.int(2));
  const chosen = [...mints];
  for (let i = chosen.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [chosen[i], chosen[j]] = [chosen[j]!, chosen[i]!];
  }
  chosen.length = count;
  return chosen.map((mint, i) => ({ mint, weightBps: count === 1 ? 10_000 : i === 0 ? 7_000 : 3_000 }));
}
