// The `webhooks` role killed with SIGKILL between a send and its record, and started again: no delivery is lost
// (the one in flight goes out again with the same event id), events appended while it was down are delivered after
// the restart, and the stored deliveries end delivered. The role runs as the service runs it (`run-role webhooks`)
// on a SQLite event log and the embedded operational store under its data dir; the receiver is local HTTPS.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWebhook } from '../../api/webhooks/webhook-calls.js';
import { createFields } from '../../api/webhooks/signed-message.js';
import { keyPairFromLabel } from '../../infra/crypto/ed25519.js';
import { TOPICS } from '../../infra/event-log/event-log.js';
import { SqliteEventLog } from '../../infra/event-log/sqlite-event-log.js';
import { newEncryptionKey } from '../../infra/keys/secret-box.js';
import { openOpStore } from '../../infra/opstore/open-op-store.js';
import { deliveries } from '../../projections/webhooks/records.js';
import { addr, launched } from '../projections/event-fixtures.js';
import { signed } from '../projections/webhooks/webhook-harness.js';
import { waitFor } from '../ingest/ingest-harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = new URL('../fixtures/webhooks/', import.meta.url);

let dir: string;
let receiver: Server;
let url = '';
const sealKey = newEncryptionKey();
/** Event ids in the order they arrived; a pending request is kept unanswered while `hang` is set. */
const arrivals: string[] = [];
let hang = true;
const hanging: ServerResponse[] = [];

function startRole(): { child: ChildProcess; ready: Promise<void>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/service/run-role.ts', 'webhooks'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dir, KEYS_ENCRYPTION_KEY: Buffer.from(sealKey).toString('base64'), WEBHOOKS_ALLOW_LOOPBACK: 'true', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('webhooks running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the webhooks role exited (${code}) before it was ready:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, exited };
}

async function append(log: SqliteEventLog, tx: number, mint: number): Promise<string> {
  const event = launched({ slot: 100 + tx, tx }, addr(mint));
  await log.append(TOPICS.coinEvents, [{ key: event.data.mint, value: JSON.stringify(event) }]);
  return event.data.mint;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'launchtape-webhooks-crash-'));
  receiver = createServer(
    { key: readFileSync(new URL('localhost-key.pem', FIXTURES)), cert: readFileSync(new URL('localhost.pem', FIXTURES)) },
    (request: IncomingMessage, response) => {
      arrivals.push(String(request.headers['service-event-id']));
      request.resume();
      if (hang) hanging.push(response);
      else response.writeHead(200).end();
    },
  );
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  const opstore = await openOpStore({ dataDir: dir });
  const owner = keyPairFromLabel('crash test owner');
  const events = ['coin.launched'];
  const call = signed(owner, 'create', createFields(url, events, undefined), Date.now());
  await createWebhook({ opstore, sealKey, policy: { allowLoopback: true }, network: 'mainnet', now: Date.now }, { ...call, url, events });
  await opstore.close();
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('loses no delivery when killed between a send and its record', async () => {
  const log = SqliteEventLog.open(join(dir, 'event-log'), { synchronous: 'NORMAL', pollIntervalMs: 5 });
  try {
    const first = startRole();
    await first.ready;
    await append(log, 1, 1);
    await waitFor(() => arrivals.length === 1, 'the first try to reach the receiver', 30_000);
    first.child.kill('SIGKILL'); // the receiver has the request; the role never learns the outcome
    await first.exited;
    await append(log, 2, 2); // appended while the role is down

    hang = false;
    const second = startRole();
    await second.ready;
    await waitFor(() => new Set(arrivals).size === 2 && arrivals.length >= 3, 'the restarted role to deliver both events', 30_000);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  } finally {
    await log.close();
  }

  const [firstId, ...rest] = arrivals;
  expect(rest).toContain(firstId); // the try in flight went out again, with the same event id
  expect(new Set(arrivals).size).toBe(2);
  const opstore = await openOpStore({ dataDir: dir });
  try {
    const stored = await opstore.query(deliveries);
    expect(stored.map((row) => row.state)).toEqual(['delivered', 'delivered']);
    expect(stored.map((row) => row.eventId).sort()).toEqual([...new Set(arrivals)].sort());
  } finally {
    await opstore.close();
  }
}, 120_000);
