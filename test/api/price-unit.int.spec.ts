// The price unit (spec 2.8: quote token per whole coin) on a SOL pair and on a stablecoin pair, checked against
// trades' raw amounts: 1 SOL (10^9 lamports) for 2 coins (2 * 10^6 raw) is 0.5 SOL per coin, 1.5 dollars
// (1,500,000 raw of a 6-decimal stablecoin) for 3 coins is 0.5 dollars per coin. The candles the route serves (priced
// with the decimals the coin board gives) and the coin's spot price (its reserves after its last trade) answer the
// same strings. A price keeps 12 + quote decimals places (21 for SOL, 18 for the stablecoin), trailing zeros trimmed.
// Told in events through the log, read over HTTP.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../schemas/events/index.js';
import { openLiveStore, type LiveStore } from '../fixtures/live-store.js';
import { addr, launched, trade } from '../projections/event-fixtures.js';

const SOL_COIN = addr(71_001);
const STABLE_COIN = addr(71_002);
const STABLECOIN = addr(71_900);
const DAY_START = 1_760_054_400; // a UTC midnight
const LAUNCHED_AT = DAY_START - 3_600;
let store: LiveStore;
let app: FastifyInstance;

/** Each pair's trades (raw amounts) and the prices they must read, in chain order. */
const PAIRS = [
  {
    mint: SOL_COIN,
    trades: [
      { coinAmount: '2000000', quoteAmount: '1000000000', price: '0.5' }, // 1 SOL for 2 coins
      { coinAmount: '1000000', quoteAmount: '2500000000', price: '2.5' }, // 2.5 SOL for 1 coin
      { coinAmount: '3000000', quoteAmount: '1', price: '0.000000000333333333333' }, // 1 lamport for 3 coins: 21 places
    ],
  },
  {
    mint: STABLE_COIN,
    trades: [
      { coinAmount: '3000000', quoteAmount: '1500000', price: '0.5' }, // $1.50 for 3 coins
      { coinAmount: '1000000', quoteAmount: '2000000', price: '2' }, // $2 for 1 coin
      { coinAmount: '3000000', quoteAmount: '1', price: '0.000000333333333333' }, // 1 raw unit ($0.000001) for 3 coins: 18 places
    ],
  },
];

/** Coins whose last trade left these reserves (raw quote against raw coin), and the spot price they must read. */
const SPOTS = [
  // A reserve of 30 SOL against 1,073,000,000 coins: 27.958993476234... lamports per coin, cut at 21 places.
  { quote: '30000000000', coin: '1073000000000000', quoteDecimals: 9, price: '0.000000027958993476234' },
  { quote: '1000000000', coin: '2000000', quoteDecimals: 9, price: '0.5' },
  // A reserve of $4,000 against 1,000,000 coins: $0.004 per coin.
  { quote: '4000000000', coin: '1000000000000', quoteDecimals: 6, price: '0.004' },
  { quote: '1500000', coin: '3000000', quoteDecimals: 6, price: '0.5' },
  { quote: '1', coin: '3000000', quoteDecimals: 6, price: '0.000000333333333333' },
].map((spot, i) => ({ ...spot, mint: addr(71_100 + i) }));

const stable = (quoteDecimals: number) => (quoteDecimals === 6 ? { quoteMint: STABLECOIN } : {});

function events(): Event[] {
  let tx = 1;
  return [
    launched({ slot: 10, tx: tx++, blockTime: LAUNCHED_AT }, SOL_COIN),
    launched({ slot: 10, tx: tx++, blockTime: LAUNCHED_AT }, STABLE_COIN, { quoteMint: STABLECOIN, quoteDecimals: 6 }),
    ...PAIRS.flatMap(({ mint, trades }, p) =>
      trades.map(({ coinAmount, quoteAmount }, i) =>
        trade(
          { slot: 20 + i, tx: 10 + p * 10 + i, blockTime: DAY_START + 60 * i },
          { mint, coinAmount, quoteAmount, ...(mint === STABLE_COIN ? { quoteMint: STABLECOIN } : {}) },
        ),
      ),
    ),
    ...SPOTS.flatMap(({ mint, quote, coin, quoteDecimals }, i) => [
      launched({ slot: 11, tx: 100 + i, blockTime: LAUNCHED_AT }, mint, { ...stable(quoteDecimals), quoteDecimals }),
      trade({ slot: 30, tx: 200 + i, blockTime: DAY_START + 600 }, { mint, ...stable(quoteDecimals), reserves: { quote, coin } }),
    ]),
  ];
}

beforeAll(async () => {
  // An hour past the day's last trade: every coin's figures are out of their pending minute.
  store = await openLiveStore({ clock: () => new Date((DAY_START + 3_600) * 1000) });
  await store.append(events());
  app = store.app();
});

afterAll(async () => store?.close());

async function get(url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json();
}

describe('price unit', () => {
  it.each(PAIRS)('prices every trade of $mint in whole quote tokens per whole coin, in its candles', async ({ mint, trades }) => {
    const coin = await get(`/api/v1/coins/${mint}`);
    expect({ decimals: coin.decimals, quoteDecimals: coin.quote.decimals }).toEqual({ decimals: 6, quoteDecimals: mint === SOL_COIN ? 9 : 6 });
    const prices = trades.map((t) => t.price);
    // One candle a minute: each shows its one trade's price.
    const minutes: { open: string; high: string; low: string; close: string; volume: string }[] = (await get(`/api/v1/coins/${mint}/ohlcv?interval=1m`))
      .candles;
    expect(minutes.map((c) => [c.open, c.high, c.low, c.close])).toEqual(prices.map((p) => [p, p, p, p]));
    expect(minutes.map((c) => c.volume)).toEqual(trades.map((t) => t.quoteAmount));
    // One candle for the day: open, high, low, close of the three.
    const day = { open: prices[0], high: prices[1], low: prices[2], close: prices[2] };
    const [whole] = (await get(`/api/v1/coins/${mint}/ohlcv?interval=1d`)).candles;
    expect(whole).toEqual({
      time: new Date(DAY_START * 1000).toISOString(),
      ...day,
      volume: trades.reduce((sum, t) => sum + BigInt(t.quoteAmount), 0n).toString(),
    });
  });

  it.each(SPOTS)(
    "writes a coin's spot price in whole quote tokens per whole coin: $quote against $coin at $quoteDecimals quote decimals is $price",
    async ({ mint, quoteDecimals, price }) => {
      const coin = await get(`/api/v1/coins/${mint}`);
      expect(coin.quote.decimals).toBe(quoteDecimals);
      expect(coin.figuresPending).toBe(false);
      expect(coin.price).toBe(price);
    },
  );
});
