// `/`: the coin board. Search, sort, mode and graduated filters and paging are kept in the page's URL (so a view
// can be shared and survives a reload); the board reads `GET /coins` again when a coin launches or graduates.
import type { CoinListResponse, CoinSummary } from '../../schemas/api/coins.js';
import { API, getJson, quoteSymbols } from '../lib/api.js';
import { app, coinImage, h, show, table } from '../lib/dom.js';
import { NATIVE_MINT, percent, significant, units } from '../lib/format.js';
import { follow, throttled } from '../lib/live.js';

const PAGE_SIZE = 25;
const SOL_DECIMALS = 9;

interface View {
  q: string;
  sort: string;
  mode: string;
  graduated: string;
  offset: number;
}

function viewFromUrl(): View {
  const params = new URLSearchParams(location.search);
  return {
    q: params.get('q') ?? '',
    sort: params.get('sort') ?? 'newest',
    mode: params.get('mode') ?? 'any',
    graduated: params.get('graduated') ?? 'any',
    offset: Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0),
  };
}

function select(name: string, value: string, options: [string, string][]): HTMLSelectElement {
  const element = h('select', { name, 'aria-label': name }, ...options.map(([option, label]) => h('option', { value: option }, label)));
  element.value = value;
  return element;
}

function coinRow(coin: CoinSummary, symbols: Map<string, string>): (Node | string)[] {
  const quote = coin.quote.mint === NATIVE_MINT ? 'SOL' : (symbols.get(coin.quote.mint) ?? 'quote');
  // A coin of another pair also shows the SOL value the board sorts by.
  const amount = (raw: string | null, lamports: string | null) => {
    if (raw === null) return '–';
    const text = `${units(raw, coin.quote.decimals, 2)} ${quote}`;
    return quote === 'SOL' || lamports === null ? text : `${text} (${units(lamports, SOL_DECIMALS, 2)} SOL)`;
  };
  return [
    h('a', { href: `/coins/${coin.mint}`, class: 'coin-link' }, coinImage(coin.mint, 'thumb'), h('span', { class: 'name' }, coin.user.name)),
    h('span', { class: 'symbol' }, coin.user.symbol),
    coin.figuresPending ? 'pending' : coin.price === null ? '–' : `${significant(coin.price)} ${quote}`,
    amount(coin.marketCap, coin.marketCapLamports),
    amount(coin.volume24h, coin.volume24hLamports),
    h('span', { class: coin.change24hPct?.startsWith('-') ? 'down' : 'up' }, percent(coin.change24hPct)),
    coin.holders === null ? '–' : String(coin.holders),
    coin.graduated ? 'graduated' : coin.bondingProgressPct === null ? '–' : `${coin.bondingProgressPct}%`,
    coin.mode,
  ];
}

async function main(): Promise<void> {
  const root = app();
  let view = viewFromUrl();
  const search = h('input', { type: 'search', name: 'q', placeholder: 'Mint, symbol or name', value: view.q, 'aria-label': 'search' });
  const sort = select('sort', view.sort, [
    ['newest', 'Newest'],
    ['volume', '24h volume'],
    ['marketCap', 'Market cap'],
  ]);
  const mode = select('mode', view.mode, [
    ['any', 'Any mode'],
    ['holder', 'Holder rewards'],
    ['creator', 'Creator earnings'],
  ]);
  const graduated = select('graduated', view.graduated, [
    ['any', 'Any stage'],
    ['false', 'On the curve'],
    ['true', 'Graduated'],
  ]);
  const form = h('form', { class: 'filters', role: 'search' }, search, sort, mode, graduated, h('button', { type: 'submit' }, 'Search'));
  const list = h('div', { class: 'board' });
  const pager = h('div', { class: 'pager' });
  const status = h('p', { class: 'status', 'aria-live': 'polite' });
  show(root, h('h1', {}, 'Coins'), form, status, list, pager);
  const symbols = await quoteSymbols();

  const load = async (): Promise<void> => {
    try {
      const page = await getJson<CoinListResponse>(`${API}/coins`, { ...view, q: view.q || undefined, limit: PAGE_SIZE });
      show(
        list,
        page.coins.length === 0
          ? h('p', { class: 'empty' }, 'No coins match.')
          : table(
              ['Coin', 'Symbol', 'Price', 'Market cap', '24h volume', '24h', 'Holders', 'Bonding', 'Mode'],
              page.coins.map((coin) => coinRow(coin, symbols)),
              'coins',
            ),
      );
      const previous = view.offset > 0 ? h('button', { type: 'button', 'data-go': String(Math.max(0, view.offset - PAGE_SIZE)) }, '← Newer') : null;
      const next = page.next !== null ? h('button', { type: 'button', 'data-go': String(page.next) }, 'More →') : null;
      show(pager, previous, next);
      show(status);
    } catch (error) {
      show(status, `Could not read the coins: ${(error as Error).message}`);
    }
  };
  const go = (next: View) => {
    view = next;
    const params = new URLSearchParams();
    if (view.q) params.set('q', view.q);
    if (view.sort !== 'newest') params.set('sort', view.sort);
    if (view.mode !== 'any') params.set('mode', view.mode);
    if (view.graduated !== 'any') params.set('graduated', view.graduated);
    if (view.offset > 0) params.set('offset', String(view.offset));
    history.replaceState(null, '', `/${params.size ? `?${params}` : ''}`);
    void load();
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    go({ q: search.value.trim(), sort: sort.value, mode: mode.value, graduated: graduated.value, offset: 0 });
  });
  for (const control of [sort, mode, graduated]) control.addEventListener('change', () => form.requestSubmit());
  pager.addEventListener('click', (event) => {
    const target = (event.target as HTMLElement).closest('button');
    if (target?.dataset.go !== undefined) go({ ...view, offset: Number(target.dataset.go) });
  });

  await load();
  // Launches and graduations change the board; figures move with trades, read again every half minute.
  const refresh = throttled(() => void load(), 2_000);
  follow(`${API}/stream`, { 'coin.launched': refresh, 'coin.graduated': refresh, reset: refresh });
  setInterval(refresh, 30_000);
}

void main();
