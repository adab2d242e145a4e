// `/ideas`: the ideas board, searchable, with launched and not-launched filters. Every idea's words are shown as text.
import type { Idea, IdeasResponse } from '../../schemas/api/ideas.js';
import { API, getJson } from '../lib/api.js';
import { app, h, show } from '../lib/dom.js';
import { utcTime } from '../lib/format.js';

function ideaCard(idea: Idea): HTMLElement {
  return h(
    'article',
    { class: 'idea', 'data-id': idea.id },
    h(
      'h2',
      {},
      h('a', { href: `/ideas/${encodeURIComponent(idea.id)}`, class: 'untrusted' }, idea.user.name),
      ' ',
      h('span', { class: 'symbol untrusted' }, `$${idea.user.ticker}`),
    ),
    h('p', { class: 'untrusted' }, idea.user.pitch),
    h(
      'p',
      { class: 'meta' },
      h('span', { class: 'untrusted' }, idea.user.trend),
      ` · crew score ${idea.crewScore} · ${utcTime(idea.createdAt)}`,
      idea.launched ? ' · ' : null,
      idea.launched ? h('a', { href: `/coins/${idea.launched.mint}` }, 'launched coin') : null,
    ),
  );
}

async function main(): Promise<void> {
  const root = app();
  const params = new URLSearchParams(location.search);
  const search = h('input', { type: 'search', name: 'q', placeholder: 'Name, ticker, trend or pitch', value: params.get('q') ?? '', 'aria-label': 'search' });
  const launched = h(
    'select',
    { name: 'launched', 'aria-label': 'launched' },
    h('option', { value: '' }, 'All ideas'),
    h('option', { value: 'false' }, 'Not launched'),
    h('option', { value: 'true' }, 'Launched'),
  );
  launched.value = params.get('launched') ?? '';
  const form = h('form', { class: 'filters', role: 'search' }, search, launched, h('button', { type: 'submit' }, 'Search'));
  const list = h('div', { class: 'ideas' });
  show(root, h('h1', {}, 'Ideas'), form, list);
  const load = async () => {
    try {
      const { ideas } = await getJson<IdeasResponse>(`${API}/ideas`, { q: search.value.trim() || undefined, launched: launched.value || undefined, limit: 25 });
      show(list, ...(ideas.length === 0 ? [h('p', { class: 'empty' }, 'No ideas match.')] : ideas.map(ideaCard)));
    } catch (error) {
      show(list, h('p', { class: 'status' }, `Could not read the ideas: ${(error as Error).message}`));
    }
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (search.value.trim()) next.set('q', search.value.trim());
    if (launched.value) next.set('launched', launched.value);
    history.replaceState(null, '', `/ideas${next.size ? `?${next}` : ''}`);
    void load();
  });
  launched.addEventListener('change', () => form.requestSubmit());
  await load();
  root.dataset.ready = 'true';
}

void main();
