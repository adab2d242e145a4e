// `/platform`: the platform's totals, its last 30 days of revenue as a chart, the platform-token burns of a chosen
// day and the funds' balances.
import { createChart, HistogramSeries, type UTCTimestamp } from 'lightweight-charts';
import type { PlatformBurnsResponse, PlatformFundsResponse, PlatformStatsResponse } from '../../schemas/api/platform.js';
import { API, getJson } from '../lib/api.js';
import { app, facts, h, show } from '../lib/dom.js';
import { units, utcTime } from '../lib/format.js';

const SOL_DECIMALS = 9;
const sol = (lamports: string | null) => (lamports === null ? '–' : `${units(lamports, SOL_DECIMALS, 4)} SOL`);
const dollars = (cents: string | null) => (cents === null ? '–' : `$${units(cents, 2, 2)}`);

function revenueChart(container: HTMLElement, stats: PlatformStatsResponse): void {
  const chart = createChart(container, {
    autoSize: true,
    layout: { background: { color: '#10131a' }, textColor: '#c9d1d9', attributionLogo: false },
    grid: { vertLines: { color: '#1d2330' }, horzLines: { color: '#1d2330' } },
  });
  const series = chart.addSeries(HistogramSeries, { color: '#58a6ff', priceFormat: { type: 'price', precision: 2, minMove: 0.01 } });
  series.setData(
    stats.revenueDaily.map((day) => ({
      time: (Date.parse(`${day.date}T00:00:00Z`) / 1000) as UTCTimestamp,
      value: day.usdCents === null ? 0 : Number(day.usdCents) / 100,
    })),
  );
  chart.timeScale().fitContent();
}

function fund(name: string, balance: PlatformFundsResponse['burnFund']): [string, string] {
  return [name, `${sol(balance.lamports)}${balance.asOf ? ` (as of ${utcTime(balance.asOf)})` : ''}`];
}

async function main(): Promise<void> {
  const root = app();
  const today = new Date().toISOString().slice(0, 10);
  const day = h('input', { type: 'date', name: 'date', value: today, max: today, 'aria-label': 'burn day' });
  const burnsBox = h('div', { id: 'burns' });
  const chartBox = h('div', { class: 'chart small', id: 'revenue' });
  try {
    const [stats, funds] = await Promise.all([
      getJson<PlatformStatsResponse>(`${API}/platform/stats`),
      getJson<PlatformFundsResponse>(`${API}/platform/funds`),
    ]);
    const last = stats.revenueDaily.at(-1);
    show(
      root,
      h('h1', {}, 'Platform'),
      facts([
        ['Coins launched', String(stats.coinsLaunched)],
        ['Coins graduated', String(stats.coinsGraduated)],
        ['Trades', String(stats.trades)],
        ['Volume', sol(stats.volumeLamports)],
        ['Paid to holders', sol(stats.paidToHoldersLamports)],
        ['Sent to creators', sol(stats.sentToCreatorsLamports)],
        ['Revenue to date', dollars(last?.cumulativeUsdCents ?? null)],
      ]),
      h('h2', {}, 'Revenue, last 30 days (US dollars)'),
      chartBox,
      h('h2', {}, 'Burns'),
      h('form', { class: 'filters' }, day),
      burnsBox,
      h('h2', {}, 'Funds'),
      facts([
        fund('Burn fund', funds.burnFund),
        fund('AI fund', funds.aiFund),
        fund('Platform share', funds.platformShare),
        ['Flywheel (removed)', funds.flywheelLeftover === null ? 'emptied' : sol(funds.flywheelLeftover.lamports)],
      ]),
    );
    revenueChart(chartBox, stats);
  } catch (error) {
    show(root, h('h1', {}, 'Platform'), h('p', { class: 'status' }, `Could not read the platform figures: ${(error as Error).message}`));
    return;
  }
  const loadBurns = async () => {
    try {
      const burns = await getJson<PlatformBurnsResponse>(`${API}/platform/burns`, { date: day.value || undefined });
      show(
        burnsBox,
        facts([
          ['Burned that day', `${burns.burned_today} tokens`],
          ['Cost', burns.burned_today_usd === null ? null : `$${burns.burned_today_usd}`],
          ['Burns', String(burns.burn_count)],
          ['Last burn', burns.last_burn_tx === null ? null : h('code', {}, burns.last_burn_tx)],
          ['Burned in all', `${burns.burned_total} of ${burns.original_supply} (${burns.burned_pct_of_supply}%)`],
          ['Burn fund', burns.burn_fund_sol === null ? null : `${burns.burn_fund_sol} SOL`],
        ]),
      );
    } catch (error) {
      show(burnsBox, h('p', { class: 'status' }, (error as Error).message));
    }
  };
  day.addEventListener('change', () => void loadBurns());
  await loadBurns();
  root.dataset.ready = 'true';
}

void main();
