// The reads the API bench asks, one entry per route of spec 4.1 and per variant worth its own figure (each coin
// list sort, search, trades with and without `before`, each candle interval). Each entry draws a new URL per
// request from the catalog: coins half uniformly and half by how much they trade (busy coins are asked about more,
// as on a live site), wallets from those that traded, were paid or are owed, and varied paging and filters (page
// sizes mostly the defaults, as clients mostly send them).
import { type BenchRandom, ZipfPicker } from './bench-random.js';
import type { Catalog, CatalogCoin } from './dataset-catalog.js';

export interface RoutePlan {
  name: string;
  url(random: BenchRandom): string;
  /** Every URL of the route's answers the store reads, where they are few enough to ask each once (its cold run). */
  keys?: string[];
}

const INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;

export function routePlans(catalog: Catalog): RoutePlan[] {
  const coins = catalog.coins;
  const busiestFirst = [...coins].sort((a, b) => b.trades - a.trades);
  const byActivity = new ZipfPicker(busiestFirst.length, 1.0);
  const anyCoin = (random: BenchRandom): CatalogCoin => (random.chance(0.5) ? random.pick(coins) : busiestFirst[byActivity.pick(random)]!);
  const tradedCoin = (random: BenchRandom): CatalogCoin => {
    for (;;) {
      const coin = anyCoin(random);
      if (coin.firstTrade !== null) return coin;
    }
  };
  const holderCoins = coins.filter((coin) => coin.rounds > 0);
  const searchTerms = [
    ...new Set(coins.flatMap((coin) => [...coin.name.toLowerCase().split(' '), coin.symbol.toLowerCase()])),
    ...coins.slice(0, 50).map((coin) => coin.name),
  ];
  const wallets = [...catalog.paidWallets, ...catalog.owedWallets, ...catalog.traders];
  const page = (random: BenchRandom) => `limit=${random.pick([20, 50, 50, 100])}&offset=${random.pick([0, 0, 0, 50, 100, 500])}`;
  const filters = (random: BenchRandom) => random.pick(['', '', '', '&mode=holder', '&mode=creator', '&graduated=true', '&graduated=false']);
  const coinList = (sort: string) => (random: BenchRandom) => `/coins?sort=${sort}&${page(random)}${filters(random)}`;
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

  return [
    { name: 'coins newest', url: coinList('newest') },
    { name: 'coins volume', url: coinList('volume') },
    { name: 'coins marketCap', url: coinList('marketCap') },
    { name: 'coins q', url: (r) => `/coins?q=${encodeURIComponent(r.pick(searchTerms))}&sort=${r.pick(['newest', 'volume', 'marketCap'])}&limit=20` },
    { name: 'coin', url: (r) => `/coins/${anyCoin(r).mint}` },
    { name: 'trades', url: (r) => `/coins/${tradedCoin(r).mint}/trades${r.chance(0.8) ? '' : `?limit=${r.pick([20, 100])}`}` },
    {
      name: 'trades before',
      url: (r) => {
        const coin = tradedCoin(r);
        const at = coin.firstTrade! + r.next() * (coin.lastTrade! - coin.firstTrade! + 1);
        return `/coins/${coin.mint}/trades?limit=50&before=${encodeURIComponent(iso(Math.floor(at)))}`;
      },
    },
    ...INTERVALS.map((interval) => ({ name: `ohlcv ${interval}`, url: (r: BenchRandom) => `/coins/${tradedCoin(r).mint}/ohlcv?interval=${interval}` })),
    {
      name: 'holders',
      url: (r) => `/coins/${anyCoin(r).mint}/holders${r.chance(0.8) ? '' : '?limit=100'}`,
      keys: coins.flatMap((coin) => [`/coins/${coin.mint}/holders`, `/coins/${coin.mint}/holders?limit=100`]),
    },
    { name: 'health', url: (r) => `/coins/${anyCoin(r).mint}/health`, keys: coins.map((coin) => `/coins/${coin.mint}/health`) },
    {
      name: 'rewards',
      url: (r) => `/coins/${(r.chance(0.5) && holderCoins.length > 0 ? r.pick(holderCoins) : anyCoin(r)).mint}/rewards${r.chance(0.8) ? '' : '?limit=50'}`,
      keys: coins.flatMap((coin) => [`/coins/${coin.mint}/rewards`, `/coins/${coin.mint}/rewards?limit=50`]),
    },
    {
      name: 'wallet rewards',
      url: (r) => `/wallets/${r.pick(wallets)}/rewards${r.chance(0.2) && holderCoins.length > 0 ? `?coin=${r.pick(holderCoins).mint}` : ''}`,
      keys: [...new Set(wallets)].map((wallet) => `/wallets/${wallet}/rewards`),
    },
    { name: 'creators', url: (r) => `/creators/${r.pick(catalog.creators)}`, keys: catalog.creators.map((creator) => `/creators/${creator}`) },
    { name: 'platform stats', url: () => '/platform/stats' },
    { name: 'platform funds', url: () => '/platform/funds' },
    { name: 'platform burns', url: (r) => (r.chance(0.3) ? '/platform/burns' : `/platform/burns?date=${r.pick(catalog.days)}`) },
    { name: 'hooks', url: () => '/hooks' },
    {
      name: 'ideas',
      url: (r) => {
        const parts = [`limit=${r.pick([10, 25])}`];
        if (r.chance(0.5)) parts.push(`q=${encodeURIComponent(r.pick(catalog.ideaTerms))}`);
        if (r.chance(0.3)) parts.push(`launched=${r.pick(['true', 'false'])}`);
        return `/ideas?${parts.join('&')}`;
      },
    },
    { name: 'tokens', url: (r) => `/tokens?q=${encodeURIComponent(r.pick(searchTerms))}&limit=${r.pick([5, 10])}` },
  ];
}
