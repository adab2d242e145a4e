// Starts what the API tests need: the fixture market appended to a log twice (a replay must change nothing), folded
// by the real projections into a chDB store and by the live views, and apps built on them.
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../api/app.js';
import type { Olap } from '../../infra/olap/olap.js';
import { loadConfig } from '../../schemas/config.js';
import type { Event } from '../../schemas/events/index.js';
import { openLiveStore, type LiveStore } from '../fixtures/live-store.js';
import { buildFixture, NOW, type Fixture } from './fixtures/market.js';

export interface ApiHarness {
  olap: Olap;
  store: LiveStore;
  fixture: Fixture;
  config: ApiDeps['config'];
  /** An app on the seeded store whose clock reads NOW + `offsetSeconds`. */
  app(offsetSeconds?: number, extra?: Partial<ApiDeps>): FastifyInstance;
  /** More events, as the chain would add them: projected and folded into the views before it resolves. */
  append(events: readonly Event[]): Promise<void>;
  close(): Promise<void>;
}

export async function startApiHarness(): Promise<ApiHarness> {
  const fixture = buildFixture();
  // The reads themselves, without the free allowance (test/api/payments covers it): a spec may page far past 120.
  const config = loadConfig({ RATE_LIMIT_PER_MINUTE: '0' });
  const events = fixture.logged.map(({ event }) => event);
  const store = await openLiveStore({ config, clock: () => new Date(NOW * 1000), events: [...events, ...events] });
  return {
    olap: store.olap,
    store,
    fixture,
    config,
    app(offsetSeconds = 0, extra = {}) {
      return store.app({ clock: () => new Date((NOW + offsetSeconds) * 1000), ...extra });
    },
    append: (more) => store.append(more),
    close: () => store.close(),
  };
}
