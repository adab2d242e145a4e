// `/ideas/<id>`: one idea in full (pitch, trend, story, the crew's takes) and, once launched, a link to its coin.
import type { IdeaResponse } from '../../schemas/api/ideas.js';
import { API, getJson } from '../lib/api.js';
import { app, facts, h, show } from '../lib/dom.js';
import { utcTime } from '../lib/format.js';

async function main(): Promise<void> {
  const root = app();
  const id = decodeURIComponent(location.pathname.split('/')[2] ?? '');
  try {
    const { idea } = await getJson<IdeaResponse>(`${API}/ideas/${encodeURIComponent(id)}`);
    document.title = `${idea.user.name} · launchtape`;
    show(
      root,
      h('h1', { class: 'untrusted', id: 'idea-name' }, idea.user.name),
      h('p', { class: 'symbol untrusted' }, `$${idea.user.ticker}`),
      h('p', { class: 'untrusted pitch' }, idea.user.pitch),
      facts([
        ['Trend', h('span', { class: 'untrusted' }, idea.user.trend)],
        ['Crew score', `${idea.crewScore} / 100`],
        ['Scored', utcTime(idea.scoredAt)],
        ['Created', utcTime(idea.createdAt)],
        ['Pair', idea.pair.kind],
        ['Coin', idea.launched ? h('a', { href: `/coins/${idea.launched.mint}` }, `launched on the ${idea.launched.venue}`) : 'not launched yet'],
      ]),
      h('h2', {}, 'Story'),
      h('p', { class: 'untrusted story' }, idea.user.story),
      h('h2', {}, "The crew's takes"),
      h('ul', { class: 'takes' }, ...idea.user.takes.map((take) => h('li', { class: 'untrusted' }, take))),
    );
  } catch (error) {
    show(root, h('h1', {}, 'No such idea'), h('p', {}, (error as Error).message));
  }
  root.dataset.ready = 'true';
}

void main();
