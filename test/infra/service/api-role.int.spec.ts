// The `api` role alone on an analytics store nothing has projected into yet: it creates the read-model tables it
// reads, so every list answers empty (200), never a missing-table 500. Its live views follow an event log nothing has
// been appended to (they load from that same empty store).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventLog } from '../../../infra/event-log/event-log.js';
import { openEventLog } from '../../../infra/event-log/open-event-log.js';
import type { Olap } from '../../../infra/olap/olap.js';
import { openOlap } from '../../../infra/olap/open-olap.js';
import { startApi, type ApiRole } from '../../../infra/service/roles.js';
import { loadConfig } from '../../../schemas/config.js';

let dir: string;
let olap: Olap;
let log: EventLog;
let api: ApiRole;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'launchtape-api-role-'));
  olap = await openOlap({ dataDir: join(dir, 'olap') });
  log = await openEventLog({ dataDir: join(dir, 'event-log') });
  api = await startApi(loadConfig({ PORT: '0' }), olap, log, pino({ level: 'silent' }));
});

afterAll(async () => {
  await api?.stop();
  await log?.close();
  await olap?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('answers the lists of an empty store with 200 and nothing in them', async () => {
  const coins = await fetch(`${api.url}/api/v1/coins`);
  expect(coins.status).toBe(200);
  expect(await coins.json()).toEqual({ coins: [], next: null });
  const stats = await fetch(`${api.url}/api/v1/platform/stats`);
  expect(stats.status).toBe(200);
});
