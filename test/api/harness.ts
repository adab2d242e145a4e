// Starts what the API tests need: a chDB store in a temp dir with the projections' tables, the fixture
// market folded by the real projectors and written twice (a replay must change nothing), and apps built on it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type ApiDeps } from '../../api/app.js';
import { ChdbOlap } from '../../infra/olap/chdb-olap.js';
import type { Olap } from '../../infra/olap/olap.js';
import { writeEvents } from '../../projections/project-batch.js';
import { readModelProjectors } from '../../projections/read-models.js';
import { loadConfig, serviceWalletList } from '../../schemas/config.js';
import { buildFixture, NOW, type Fixture } from './fixtures/market.js';
import { announcedStore } from '../fixtures/announced-store.js';

export interface ApiHarness {
  olap: Olap;
  fixture: Fixture;
  config: ApiDeps['config'];
  /** An app on the seeded store whose clock reads NOW + `offsetSeconds`. */
  app(offsetSeconds?: number, extra?: Partial<ApiDeps>): FastifyInstance;
  close(): Promise<void>;
}

async function seed(olap: Olap, fixture: Fixture, config: ApiDeps['config']): Promise<void> {
  const projectors = readModelProjectors(serviceWalletList(config.wallets));
  for (const projector of projectors) for (const table of projector.tables) await olap.exec(table.ddl);
  // Twice, as a replayed batch is written.
  for (let pass = 0; pass < 2; pass++) await writeEvents(olap, fixture.logged, projectors);
}

export async function startApiHarness(): Promise<ApiHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'launchtape-api-'));
  // Every app of the harness serves from one read path following the writes made through `olap`, as the service's
  // apps follow the projections' announcements.
  const { olap, reads, changes } = announcedStore(ChdbOlap.open(dir));
  const fixture = buildFixture();
  // The reads themselves, without the free allowance (test/api/payments covers it): a spec may page far past 120.
  const config = loadConfig({ RATE_LIMIT_PER_MINUTE: '0' });
  await seed(olap, fixture, config);
  const apps: FastifyInstance[] = [];
  return {
    olap,
    fixture,
    config,
    app(offsetSeconds = 0, extra = {}) {
      // An app given its own store reads that store.
      const shared = extra.olap === undefined ? { reads, changes } : {};
      const app = buildApp({ olap, ...shared, config, clock: () => new Date((NOW + offsetSeconds) * 1000), ...extra });
      apps.push(app);
      return app;
    },
    async close() {
      for (const app of apps) await app.close();
      await olap.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
