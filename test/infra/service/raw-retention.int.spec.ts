// RAW_RETENTION_HOURS: how long the service's event log keeps a raw transaction after its append (24 hours unless
// set, 0 keeps every one). Given raw transactions the decoders have read and committed, and made older than any
// retention, the service's log drops all but the last; with 0 it keeps them. Coin events are kept either way.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { TOPICS } from '../../../infra/event-log/event-log.js';
import { SQLITE_EVENT_LOG_FILE } from '../../../infra/event-log/sqlite-event-log.js';
import { openServiceEventLog } from '../../../infra/service/stores.js';
import { ConfigError, loadConfig } from '../../../schemas/config.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Raw transactions and coin events appended, read and committed, then dated back to the epoch; what a new reader
 * finds on each topic after the next commit. */
async function keptAfterCommit(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'raw-retention-'));
  dirs.push(dataDir);
  const log = await openServiceEventLog(loadConfig({ ...env, DATA_DIR: dataDir }));
  try {
    const raw = Array.from({ length: 5 }, (_, i) => ({ key: String(100 + i), value: `tx ${i}` }));
    await log.append(TOPICS.rawTransactions, raw);
    await log.append(TOPICS.coinEvents, [{ key: 'mint', value: 'trade' }]);
    const file = new Database(join(dataDir, 'event-log', SQLITE_EVENT_LOG_FILE));
    file.exec('UPDATE records SET appended_ms = 0');
    file.close();
    for (const topic of [TOPICS.rawTransactions, TOPICS.coinEvents]) {
      await log.commit(topic, 'decoders', await log.poll(topic, 'decoders', { maxRecords: 10 }));
    }
    const read = async (topic: string) => (await log.poll(topic, 'new-reader', { maxRecords: 10 })).map((record) => record.value);
    return { raw: await read(TOPICS.rawTransactions), events: await read(TOPICS.coinEvents) };
  } finally {
    await log.close();
  }
}

describe('RAW_RETENTION_HOURS', () => {
  it('keeps a raw transaction 24 hours unless set, and every one with 0', () => {
    expect(loadConfig({}).stores.rawRetentionMs).toBe(24 * 3_600_000);
    expect(loadConfig({ RAW_RETENTION_HOURS: '2' }).stores.rawRetentionMs).toBe(2 * 3_600_000);
    expect(loadConfig({ RAW_RETENTION_HOURS: '0' }).stores.rawRetentionMs).toBeNull();
  });

  it('refuses anything but a whole number of hours from 0 up', () => {
    for (const bad of ['-1', '1.5', 'a day', '100000']) {
      expect(() => loadConfig({ RAW_RETENTION_HOURS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ RAW_RETENTION_HOURS: bad }), bad).toThrow(/RAW_RETENTION_HOURS/);
    }
  });

  it("lets the service's log drop raw transactions past it once decoded, keeping the last and every coin event", async () => {
    expect(await keptAfterCommit({})).toEqual({ raw: ['tx 4'], events: ['trade'] });
  });

  it('keeps them all with 0', async () => {
    expect(await keptAfterCommit({ RAW_RETENTION_HOURS: '0' })).toEqual({ raw: ['tx 0', 'tx 1', 'tx 2', 'tx 3', 'tx 4'], events: ['trade'] });
  });
});
