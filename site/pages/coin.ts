// `/coins/<mint>`: a coin's chart at six intervals with volume, its latest trades, its facts and creator text, pools,
// basket, fee split, hooks and reward rounds. The chart and trades follow the coin's live stream; the facts are read
// again at most every five seconds while it trades.
import type { CoinFull } from '../../schemas/api/coin-full.js';
import type { Candle, Interval, OhlcvResponse } from '../../schemas/api/ohlcv.js';
import type { CoinRewardsResponse } from '../../schemas/api/rewards.js';
import type { Trade, TradesResponse } from '../../schemas/api/trades.js';
import { CandleChart } from '../lib/candle-chart.js';
import { API, ApiError, getJson, quoteSymbols } from '../lib/api.js';
import { app, coinImage, facts, h, outsideLink, show, table } from '../lib/dom.js';
import { NATIVE_MINT, percent, shortAddress, significant, units, utcTime } from '../lib/format.js';
import { follow, throttled } from '../lib/live.js';

const INTERVALS: Interval[] = ['1m', '5m', '15m', '1h', '4h', '1d'];
const COIN_DECIMALS = 6;
const TRADES_SHOWN = 50;
/** Rows the live list keeps. */
const MAX_TRADE_ROWS = 200;

const mint = decodeURIComponent(location.pathname.split('/')[2] ?? '');

function tradeRow(trade: Trade, quote: string, quoteDecimals: number): HTMLTableRowElement {
  return h(
    'tr',
    { 'data-signature': trade.signature },
    h('td', {}, utcTime(trade.time)),
    h('td', { class: trade.side === 'buy' ? 'up' : 'down' }, trade.side),
    h('td', {}, units(trade.coinAmount, COIN_DECIMALS, 2)),
    h('td', {}, `${units(trade.quoteAmount, quoteDecimals, 6)} ${quote}`),
    h('td', { title: trade.trader }, shortAddress(trade.trader)),
    h('td', { title: trade.signature }, shortAddress(trade.signature)),
  );
}

function legend(element: HTMLElement, candle: Candle | undefined, quote: string): void {
  if (candle === undefined) return show(element, 'No trades at this interval yet.');
  element.dataset.time = candle.time;
  element.dataset.close = candle.close;
  show(
    element,
    `${utcTime(candle.time)}  O ${significant(candle.open)}  H ${significant(candle.high)}  L ${significant(candle.low)}  C ${significant(candle.close)} ${quote}`,
  );
}

function coinFacts(coin: CoinFull, quote: string): HTMLElement {
  const amount = (raw: string | null) => (raw === null ? '–' : `${units(raw, coin.quote.decimals, 2)} ${quote}`);
  const socials = coin.user.socials;
  return h(
    'section',
    { class: 'coin-facts' },
    facts([
      ['Price', coin.price === null ? '–' : `${significant(coin.price)} ${quote}`],
      ['Market cap', amount(coin.marketCap)],
      ['24h volume', amount(coin.volume24h)],
      ['24h change', percent(coin.change24hPct)],
      ['Holders', coin.holders === null ? '–' : String(coin.holders)],
      ['Bonding', coin.bondingProgressPct === null ? '–' : `${coin.bondingProgressPct}%`],
      ['Figures', coin.figuresPending ? 'pending (about a minute after launch)' : null],
      ['Launched', utcTime(coin.createdAt)],
      ['Graduated', coin.graduation === null ? 'not yet' : `${utcTime(coin.graduation.time)} into ${shortAddress(coin.graduation.pool)}`],
      ['Mint', h('code', {}, coin.mint)],
      ['Creator', h('code', {}, coin.creator.wallet)],
      ['Mode', coin.mode === 'holder' ? `holder rewards, paid in the ${coin.holdersPaid}` : 'creator earnings'],
      ['Pair', `${quote} (${coin.pair.kind})`],
      ['Fee', `${(coin.fee.bps / 100).toFixed(2)}%`],
      ['Hooks', coin.hooks.length === 0 ? 'none' : coin.hooks.join(', ')],
      ['Token', `${coin.token}, ${units(coin.supply, coin.decimals, 0)} supply`],
      ['Metadata', h('a', { href: `/coins/${coin.mint}/metadata.json` }, 'metadata.json')],
    ]),
    h('h2', {}, 'From the creator'),
    h('p', { class: 'untrusted description' }, coin.user.description ?? 'No description.'),
    facts([
      ['Website', outsideLink(socials.website)],
      ['X', outsideLink(socials.x)],
      ['Telegram', outsideLink(socials.telegram)],
    ]),
    h('h2', {}, 'Pools'),
    table(
      ['Kind', 'Address', 'Trading'],
      coin.pools.map((pool) => [pool.kind, h('code', {}, pool.address), pool.active ? 'yes' : 'no']),
    ),
    coin.basket.length > 0 && h('h2', {}, 'Basket'),
    coin.basket.length > 0 &&
      table(
        ['Token', 'Weight'],
        coin.basket.map((item) => [h('code', {}, item.mint), `${item.weight / 100}%`]),
      ),
    coin.creatorSplit.length > 0 && h('h2', {}, 'Creator split'),
    coin.creatorSplit.length > 0 &&
      table(
        ['Wallet', 'Share'],
        coin.creatorSplit.map((item) => [h('code', {}, item.wallet), `${item.pct}%`]),
      ),
  );
}

function rewardsView(rewards: CoinRewardsResponse, quote: string): HTMLElement {
  const amount = (raw: string) => `${units(raw, rewards.quote.decimals, 4)} ${quote}`;
  if (rewards.mode === 'creator') {
    return h(
      'section',
      {},
      h('h2', {}, 'Creator earnings'),
      facts([
        ['Earned', amount(rewards.creator.earned)],
        ['Sent', amount(rewards.creator.sent)],
        ['Waiting', amount(rewards.creator.waiting)],
      ]),
    );
  }
  return h(
    'section',
    {},
    h('h2', {}, 'Holder rewards'),
    facts([
      ['Pot holds', amount(rewards.pot.holds)],
      ['Taken in', amount(rewards.pot.takenIn)],
      ['Spent', amount(rewards.pot.spent)],
    ]),
    rewards.rounds.length === 0
      ? h('p', { class: 'empty' }, 'No payout round yet.')
      : table(
          ['Round', 'Time', 'Holders counted', 'Pot spent', 'Paid in', 'Holders paid'],
          rewards.rounds.map((round) => [
            String(round.round),
            utcTime(round.time),
            String(round.holdersCounted),
            amount(round.potSpent),
            round.paidIn,
            String(round.payouts.holdersPaid),
          ]),
        ),
  );
}

async function main(): Promise<void> {
  const root = app();
  let coin: CoinFull;
  const symbolsRead = quoteSymbols();
  try {
    coin = await getJson<CoinFull>(`${API}/coins/${encodeURIComponent(mint)}`);
  } catch (error) {
    const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
    show(root, h('h1', {}, notFound ? 'No such coin' : 'Could not read the coin'), h('p', {}, (error as Error).message));
    return;
  }
  const symbols = await symbolsRead;
  const quote = coin.quote.mint === NATIVE_MINT ? 'SOL' : (symbols.get(coin.quote.mint) ?? 'quote');
  document.title = `${coin.user.name} (${coin.user.symbol}) · launchtape`;

  let interval: Interval = '1h';
  const buttons = h(
    'div',
    { class: 'intervals', role: 'group', 'aria-label': 'interval' },
    ...INTERVALS.map((each) => h('button', { type: 'button', 'data-interval': each, 'aria-pressed': String(each === interval) }, each)),
  );
  const chartBox = h('div', { class: 'chart', id: 'chart' });
  const chartLegend = h('p', { class: 'legend', id: 'legend' });
  const tradesBody = h('tbody', { id: 'trades' });
  const older = h('button', { type: 'button', id: 'older' }, 'Older trades');
  const factsBox = h('div', { id: 'facts' }, coinFacts(coin, quote));
  const rewardsBox = h('div', { id: 'rewards' });
  show(
    root,
    h(
      'div',
      { class: 'coin-head' },
      coinImage(coin.mint, 'coin-image'),
      h(
        'div',
        {},
        h('h1', { class: 'untrusted', id: 'coin-name' }, coin.user.name),
        h('p', { class: 'untrusted symbol', id: 'coin-symbol' }, coin.user.symbol),
      ),
    ),
    h('section', { class: 'chart-panel' }, buttons, chartLegend, chartBox),
    h(
      'div',
      { class: 'columns' },
      h(
        'section',
        { class: 'trades' },
        h('h2', {}, 'Latest trades'),
        h('table', {}, h('thead', {}, h('tr', {}, ...['Time', 'Side', 'Coins', quote, 'Trader', 'Signature'].map((label) => h('th', {}, label)))), tradesBody),
        older,
      ),
      h('div', {}, factsBox, rewardsBox),
    ),
  );

  const chart = new CandleChart(chartBox, coin.quote.decimals);
  let latestTime = '';
  const loadCandles = async (): Promise<void> => {
    const { candles } = await getJson<OhlcvResponse>(`${API}/coins/${mint}/ohlcv`, { interval });
    chart.set(candles);
    latestTime = candles.at(-1)?.time ?? '';
    legend(chartLegend, candles.at(-1), quote);
    chartBox.dataset.interval = interval;
    chartBox.dataset.candles = String(candles.length);
  };

  const seen = new Set<string>();
  let before: string | null = null;
  const addTrades = (trades: Trade[], where: 'top' | 'bottom') => {
    const rows = trades
      .filter((trade) => !seen.has(`${trade.signature}|${trade.time}|${trade.coinAmount}`))
      .map((trade) => {
        seen.add(`${trade.signature}|${trade.time}|${trade.coinAmount}`);
        return tradeRow(trade, quote, coin.quote.decimals);
      });
    if (where === 'top') tradesBody.prepend(...rows);
    else tradesBody.append(...rows);
  };
  const loadTrades = async (): Promise<void> => {
    const page = await getJson<TradesResponse>(`${API}/coins/${mint}/trades`, { limit: TRADES_SHOWN });
    tradesBody.replaceChildren();
    seen.clear();
    addTrades(page.trades, 'bottom');
    before = page.next.before;
    older.hidden = before === null;
  };
  older.addEventListener('click', async () => {
    if (before === null) return;
    const page = await getJson<TradesResponse>(`${API}/coins/${mint}/trades`, { limit: TRADES_SHOWN, before });
    addTrades(page.trades, 'bottom');
    before = page.next.before;
    older.hidden = before === null;
  });
  buttons.addEventListener('click', (event) => {
    const chosen = (event.target as HTMLElement).closest('button')?.dataset.interval as Interval | undefined;
    if (chosen === undefined || chosen === interval) return;
    interval = chosen;
    for (const button of buttons.querySelectorAll('button')) button.setAttribute('aria-pressed', String(button.dataset.interval === interval));
    void loadCandles();
  });

  const refreshFacts = throttled(async () => {
    coin = await getJson<CoinFull>(`${API}/coins/${mint}`).catch(() => coin);
    show(factsBox, coinFacts(coin, quote));
  }, 5_000);
  await Promise.all([
    loadCandles(),
    loadTrades(),
    getJson<CoinRewardsResponse>(`${API}/coins/${mint}/rewards`).then(
      (rewards) => show(rewardsBox, rewardsView(rewards, quote)),
      () => {},
    ),
  ]);
  root.dataset.ready = 'true';

  follow(`${API}/coins/${mint}/stream`, {
    trade: (data) => {
      addTrades([data as Trade], 'top');
      // A list cut at the bottom can no longer page on from there: the older trades are then a reload away.
      if (tradesBody.rows.length > MAX_TRADE_ROWS) {
        while (tradesBody.rows.length > MAX_TRADE_ROWS) tradesBody.lastElementChild?.remove();
        before = null;
        older.hidden = true;
      }
      refreshFacts();
    },
    candle: (data) => {
      const { interval: at, candle } = data as { interval: Interval; candle: Candle };
      if (at !== interval || candle.time < latestTime) return;
      latestTime = candle.time;
      chart.update(candle);
      legend(chartLegend, candle, quote);
    },
    reset: () => void Promise.all([loadCandles(), loadTrades()]),
  });
}

void main();
