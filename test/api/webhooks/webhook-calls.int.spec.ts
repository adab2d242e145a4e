// The signed webhook calls (spec 2.17, 4.5, 5.3, 6, 7, 8) through the real app on an embedded operational store,
// with a controlled clock, a scripted resolver and a stand-in transport: wallets sign with @solana/kit over the
// message written out here (so the format is pinned by this file, not by the code under test), and every refusal
// is checked to leave the stored webhooks as they were.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPair, getAddressDecoder, getAddressFromPublicKey, getProgramDerivedAddress, signBytes, type Address } from '@solana/kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newEncryptionKey } from '../../../infra/keys/secret-box.js';
import type { OpStore } from '../../../infra/opstore/op-store.js';
import { openOpStore } from '../../../infra/opstore/open-op-store.js';
import type { Post } from '../../../projections/webhooks/deliver.js';
import type { PostOutcome } from '../../../projections/webhooks/https-post.js';
import type { ResolvedAddress } from '../../../projections/webhooks/receiver-address.js';
import { deliveries, deliveryId, redeliveries, usedSignatures, webhooks } from '../../../projections/webhooks/records.js';
import { otherSpellings } from '../../fixtures/base64-spellings.js';
import { NOW } from '../fixtures/market.js';
import { startApiHarness, type ApiHarness } from '../harness.js';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const T0 = NOW * SECOND;
const PUBLIC_URL = 'https://public.example/hooks/in';
const RECORD_FIELDS = ['id', 'url', 'events', 'mints', 'status', 'createdAt', 'lastSuccessAt', 'failingSince', 'pausedAt', 'deliveries7d', 'failures7d'];

// ---- The signed message of spec 5.3, written out independently of the service's own builder. ----

type Lines = readonly (readonly [string, string])[];

function message(action: string, wallet: string, lines: Lines, time: string): string {
  return ['Service webhooks', `Action: ${action}`, `Wallet: ${wallet}`, ...lines.map(([label, value]) => `${label}: ${value}`), `Time: ${time}`].join('\n');
}
const createLines = (url: string, events: readonly string[], mints?: readonly string[]): Lines => [
  ['URL', url],
  ['Events', events.join(',')],
  ['Coins', mints === undefined ? 'all' : mints.join(',')],
];
const idLines = (id: string): Lines => [['Webhook', id]];
const redeliverLines = (id: string, event: string): Lines => [
  ['Webhook', id],
  ['Event', event],
];

interface Wallet {
  address: Address;
  keys: Awaited<ReturnType<typeof generateKeyPair>>;
}

async function newWallet(): Promise<Wallet> {
  const keys = await generateKeyPair();
  return { address: await getAddressFromPublicKey(keys.publicKey), keys };
}

/** A 32-byte address that is not an ed25519 key: nothing can sign for it. */
async function offCurveAddress(): Promise<Address> {
  const [pda] = await getProgramDerivedAddress({ programAddress: '11111111111111111111111111111111' as Address, seeds: ['webhooks'] });
  return pda;
}

const mintAddress = (n: number): string => getAddressDecoder().decode(new Uint8Array(32).fill(n + 1));

interface SignOptions {
  /** Who signs (default: the claimed wallet). */
  by?: Wallet;
  /** ISO time named in the message and the body (default: the server clock now). */
  time?: string;
}

// ---- The app under test: clock, resolver and transport under the test's control. ----

let nowMs = T0;
const iso = (ms: number) => new Date(ms).toISOString();
const timeNow = () => iso(nowMs);

const HOSTS: Record<string, string[]> = {
  'public.example': ['93.184.216.34'],
  'other.example': ['93.184.216.35'],
  'internal.example': ['10.1.2.3'],
  'mixed.example': ['93.184.216.34', '192.168.1.5'],
  'loop.example': ['127.0.0.1'],
};
const resolved: string[] = [];
async function resolve(hostname: string): Promise<ResolvedAddress[]> {
  resolved.push(hostname);
  const addresses = HOSTS[hostname];
  if (addresses === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
}

interface Sent {
  url: string;
  body: string;
  headers: Readonly<Record<string, string>>;
}
const sent: Sent[] = [];
let answer: PostOutcome = { ok: true, status: 200, error: null };
const post: Post = async (url, body, headers) => {
  sent.push({ url, body, headers: { ...headers } });
  return answer;
};

let h: ApiHarness;
let store: OpStore;
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'webhook-calls-int-'));
  h = await startApiHarness();
  store = await openOpStore({ dataDir: dir });
  app = h.app(0, {
    opstore: store,
    clock: () => new Date(nowMs),
    webhooks: { sealKey: newEncryptionKey(), policy: { allowLoopback: false, resolve }, network: 'mainnet', post },
  });
});
afterAll(async () => {
  await h?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  nowMs = T0;
  answer = { ok: true, status: 200, error: null };
  sent.length = 0;
  resolved.length = 0;
});

// ---- Calls. ----

interface Reply {
  status: number;
  body: any;
  headers: Record<string, unknown>;
}

async function call(path: string, payload: unknown, on = app): Promise<Reply> {
  const res = await on.inject({ method: 'POST', url: `/api/v1/webhooks/${path}`, payload: payload as Record<string, unknown> });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

async function signedFields(wallet: Wallet | Address, action: string, lines: Lines, options: SignOptions = {}) {
  const claimed = typeof wallet === 'string' ? wallet : wallet.address;
  const signer = options.by ?? (typeof wallet === 'string' ? undefined : wallet);
  if (signer === undefined) throw new Error('name who signs for an address without keys');
  const time = options.time ?? timeNow();
  const bytes = new TextEncoder().encode(message(action, claimed, lines, time));
  const signature = Buffer.from(await signBytes(signer.keys.privateKey, bytes)).toString('base64');
  return { wallet: claimed, time, signature };
}

async function createBody(wallet: Wallet, url: string, events: string[], mints?: string[], options: SignOptions = {}) {
  const signed = await signedFields(wallet, 'create', createLines(url, events, mints), options);
  return { ...signed, url, events, ...(mints === undefined ? {} : { mints }) };
}
const actionBody = async (action: string, wallet: Wallet, id: string, options: SignOptions = {}) => ({
  ...(await signedFields(wallet, action, idLines(id), options)),
  id,
});

async function create(wallet: Wallet, url = PUBLIC_URL, events = ['coin.launched'], mints?: string[]) {
  const reply = await call('create', await createBody(wallet, url, events, mints));
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as { webhook: Record<string, any>; secret: string };
}

async function listOf(wallet: Wallet, options: SignOptions = {}): Promise<Record<string, any>[]> {
  const reply = await call('list', await signedFields(wallet, 'list', [], options));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.webhooks;
}

/** Every webhook and delivery the store holds: what a refused call must leave as it was. */
async function stored() {
  const sortById = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
  return { webhooks: sortById(await store.query(webhooks)), deliveries: sortById(await store.query(deliveries)) };
}

function expectError(reply: Reply, status: number): string {
  expect({ status: reply.status, body: reply.body }).toEqual({ status, body: { error: expect.any(String) } });
  expect(reply.body.error.trim().length).toBeGreaterThan(0);
  return reply.body.error;
}

/** Expects `attempt` to be refused with `status` and to change nothing stored. */
async function expectRefused(status: number, attempt: () => Promise<Reply>): Promise<string> {
  const before = await stored();
  const reply = await attempt();
  const text = expectError(reply, status);
  expect(await stored()).toEqual(before);
  return text;
}

const hmacHex = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('hex');
const hmacBase64 = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64');

// ---- Cases. ----

describe('the webhook calls, as the owner uses them', () => {
  it('creates a webhook for every coin: 201 with the whole record and a whsec_ secret shown once', async () => {
    const owner = await newWallet();
    const { webhook, secret } = await create(owner, PUBLIC_URL, ['coin.launched', 'payout.paid']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(Object.keys(webhook).sort()).toEqual([...RECORD_FIELDS].sort());
    expect(webhook).toEqual({
      id: expect.stringMatching(/^wh_[0-9a-f]{24}$/),
      url: PUBLIC_URL,
      events: ['coin.launched', 'payout.paid'],
      mints: null,
      status: 'active',
      createdAt: iso(T0),
      lastSuccessAt: null,
      failingSince: null,
      pausedAt: null,
      deliveries7d: 0,
      failures7d: 0,
    });
    // The secret is kept sealed, never as sent.
    const row = await store.get(webhooks, webhook.id);
    expect(row?.wallet).toBe(owner.address);
    expect(JSON.stringify(row)).not.toContain(secret.slice('whsec_'.length));
  });

  it('creates a webhook for named coins, signed with them in the order sent', async () => {
    const owner = await newWallet();
    const mints = [mintAddress(7), mintAddress(3)];
    const { webhook } = await create(owner, PUBLIC_URL, ['coin.graduated'], mints);
    expect(webhook.mints).toEqual(mints);
    expect((await listOf(owner)).map((w) => w.mints)).toEqual([mints]);
  });

  it('takes the time exactly as sent, with any offset, when it is within 5 minutes', async () => {
    const owner = await newWallet();
    const offsetTime = '2025-06-01T14:04:00+02:00'; // 4 minutes past the server clock
    expect(Date.parse(offsetTime) - T0).toBe(4 * MINUTE);
    const reply = await call('create', await createBody(owner, PUBLIC_URL, ['coin.launched'], undefined, { time: offsetTime }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const old = iso(T0 - 5 * MINUTE + SECOND);
    expect((await listOf(owner, { time: old })).length).toBe(1);
  });

  it('lists only the wallet’s own webhooks, oldest first, and no secret anywhere', async () => {
    const owner = await newWallet();
    const other = await newWallet();
    const first = await create(owner, PUBLIC_URL, ['coin.launched']);
    nowMs += SECOND;
    const second = await create(owner, 'https://other.example/b', ['payout.paid']);
    await create(other);
    const reply = await call('list', await signedFields(owner, 'list', []));
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body)).toEqual(['webhooks']);
    expect(reply.body.webhooks).toEqual([first.webhook, second.webhook]);
    for (const record of reply.body.webhooks) expect(Object.keys(record).sort()).toEqual([...RECORD_FIELDS].sort());
    const text = JSON.stringify(reply.body);
    for (const secret of [first.secret, second.secret]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice('whsec_'.length));
    }
    expect(text).not.toMatch(/whsec_|secret|sealed/i);
  });

  it('tests a webhook: one POST signed both ways, answered { delivered: true, status: 200, error: null }', async () => {
    const owner = await newWallet();
    const { webhook, secret } = await create(owner);
    nowMs += 5 * SECOND;
    const reply = await call('test', await actionBody('test', owner, webhook.id));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({ delivered: true, status: 200, error: null });

    expect(sent).toHaveLength(1);
    const [delivery] = sent as [Sent];
    expect(delivery.url).toBe(PUBLIC_URL);
    const event = JSON.parse(delivery.body);
    expect(event).toEqual({ id: expect.stringMatching(/^evt_/), type: 'webhook.test', network: 'mainnet', occurredAt: iso(nowMs), data: expect.any(Object) });
    const t = String(Math.floor(nowMs / SECOND));
    expect(delivery.headers['Service-Event']).toBe('webhook.test');
    expect(delivery.headers['Service-Event-Id']).toBe(event.id);
    // Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>"> keyed with the secret's UTF-8 bytes.
    expect(delivery.headers['Service-Signature']).toBe(`t=${t},v1=${hmacHex(Buffer.from(secret, 'utf8'), `${t}.${delivery.body}`)}`);
    // Standard Webhooks: keyed with the base64-decoded part after whsec_, over "<id>.<t>.<body>".
    const standardKey = Buffer.from(secret.slice('whsec_'.length), 'base64');
    expect(delivery.headers['webhook-id']).toBe(event.id);
    expect(delivery.headers['webhook-timestamp']).toBe(t);
    expect(delivery.headers['webhook-signature']).toBe(`v1,${hmacBase64(standardKey, `${event.id}.${t}.${delivery.body}`)}`);
    // The event id names a test; it is never a queued delivery.
    expect(await store.query(deliveries, { where: [['webhookId', '=', webhook.id]] })).toEqual([]);
  });

  it('tests a webhook whose URL answers 500: { delivered: false, status: 500, error }', async () => {
    const owner = await newWallet();
    const { webhook } = await create(owner);
    answer = { ok: false, status: 500, error: 'the receiver answered 500' };
    const reply = await call('test', await actionBody('test', owner, webhook.id));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ delivered: false, status: 500, error: expect.any(String) });
    expect(reply.body.error.length).toBeGreaterThan(0);
    expect(sent).toHaveLength(1);
    // A failed test changes nothing of the webhook's delivery record.
    expect((await listOf(owner))[0]).toMatchObject({ status: 'active', lastSuccessAt: null, failingSince: null, deliveries7d: 0 });
  });

  it('enables an active webhook (unchanged) and a paused one (active again, pause cleared)', async () => {
    const owner = await newWallet();
    const { webhook } = await create(owner);
    const same = await call('enable', await actionBody('enable', owner, webhook.id));
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toEqual({ webhook });

    await store.update(webhooks, webhook.id, { status: 'paused', pausedAt: T0 - MINUTE, failingSince: T0 - 3 * 86_400_000 - MINUTE });
    expect((await listOf(owner))[0]).toMatchObject({ status: 'paused', pausedAt: iso(T0 - MINUTE) });
    nowMs += SECOND;
    const enabled = await call('enable', await actionBody('enable', owner, webhook.id));
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    expect(enabled.body).toEqual({ webhook: { ...webhook, status: 'active', pausedAt: null, failingSince: null } });
    expect(await listOf(owner)).toEqual([enabled.body.webhook]);
  });

  it('lists a fresh webhook’s deliveries as empty, and a queued one with its state', async () => {
    const owner = await newWallet();
    const { webhook } = await create(owner);
    const empty = await call('deliveries', await actionBody('deliveries', owner, webhook.id));
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body).toEqual({ deliveries: [] });

    const eventId = 'evt_launched_0001';
    await store.insert(deliveries, {
      id: deliveryId(webhook.id, eventId),
      webhookId: webhook.id,
      eventId,
      type: 'coin.launched',
      body: '{}',
      state: 'failed',
      attempt: 8,
      nextAttemptAt: null,
      lastAttemptAt: T0 - MINUTE,
      lastStatus: 503,
      lastError: 'the receiver answered 503',
      createdAt: T0 - 86_400_000,
    });
    nowMs += SECOND;
    const one = await call('deliveries', await actionBody('deliveries', owner, webhook.id));
    expect(one.body).toEqual({
      deliveries: [
        {
          event: eventId,
          type: 'coin.launched',
          state: 'failed',
          attempt: 8,
          status: 503,
          error: 'the receiver answered 503',
          lastAttemptAt: iso(T0 - MINUTE),
          nextAttemptAt: null,
          createdAt: iso(T0 - 86_400_000),
        },
      ],
    });
  });

  it('redelivers a known event (queued again once) and answers 404 for an unknown one', async () => {
    const owner = await newWallet();
    const { webhook } = await create(owner);
    const eventId = 'evt_graduated_0002';
    const id = deliveryId(webhook.id, eventId);
    await store.insert(deliveries, {
      id,
      webhookId: webhook.id,
      eventId,
      type: 'coin.graduated',
      body: '{}',
      state: 'failed',
      attempt: 8,
      nextAttemptAt: null,
      lastAttemptAt: T0 - MINUTE,
      lastStatus: null,
      lastError: 'connection refused',
      createdAt: T0 - 86_400_000,
    });

    const unknown = 'evt_never_sent_0003';
    const missing = await expectRefused(404, async () =>
      call('redeliver', { ...(await signedFields(owner, 'redeliver', redeliverLines(webhook.id, unknown))), id: webhook.id, event: unknown }),
    );
    expect(missing).toContain(unknown);

    const body = { ...(await signedFields(owner, 'redeliver', redeliverLines(webhook.id, eventId))), id: webhook.id, event: eventId };
    const queued = await call('redeliver', body);
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    expect(queued.body).toEqual({ queued: eventId });
    expect(await store.get(deliveries, id)).toMatchObject({ state: 'pending', attempt: 0, nextAttemptAt: T0, lastError: null, lastStatus: null });
    expect(await store.query(redeliveries, { where: [['deliveryId', '=', id]] })).toHaveLength(1);

    // The same signed request again queues nothing more.
    await expectRefused(409, () => call('redeliver', body));
    expect(await store.query(redeliveries, { where: [['deliveryId', '=', id]] })).toHaveLength(1);

    // Signed for another event than the one named: refused before anything is looked up.
    await expectRefused(401, async () =>
      call('redeliver', {
        ...(await signedFields(owner, 'redeliver', redeliverLines(webhook.id, unknown), { time: iso(nowMs + SECOND) })),
        id: webhook.id,
        event: eventId,
      }),
    );
  });

  it('deletes a webhook with its queued deliveries: { deleted: id }, then the list is empty', async () => {
    const owner = await newWallet();
    const { webhook } = await create(owner);
    await store.insert(deliveries, {
      id: deliveryId(webhook.id, 'evt_pending_0004'),
      webhookId: webhook.id,
      eventId: 'evt_pending_0004',
      type: 'coin.launched',
      body: '{}',
      state: 'pending',
      attempt: 2,
      nextAttemptAt: T0 + MINUTE,
      lastAttemptAt: T0 - MINUTE,
      lastStatus: 500,
      lastError: 'the receiver answered 500',
      createdAt: T0 - 2 * MINUTE,
    });
    const reply = await call('delete', await actionBody('delete', owner, webhook.id));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({ deleted: webhook.id });
    expect(await listOf(owner)).toEqual([]);
    expect(await store.get(webhooks, webhook.id)).toBeNull();
    expect(await store.query(deliveries, { where: [['webhookId', '=', webhook.id]] })).toEqual([]);
  });
});

describe('refusals: a call is signed by the owner wallet, over this very request, recently', () => {
  it('refuses 401 a request signed by another key claiming the wallet', async () => {
    const owner = await newWallet();
    const intruder = await newWallet();
    const { webhook } = await create(owner);
    const before = await listOf(owner);
    const by = { by: intruder };
    await expectRefused(401, async () => call('create', await createBody(owner, PUBLIC_URL, ['coin.launched'], undefined, by)));
    await expectRefused(401, async () => call('list', await signedFields(owner, 'list', [], by)));
    for (const action of ['delete', 'enable', 'test', 'deliveries']) {
      await expectRefused(401, async () => call(action, await actionBody(action, owner, webhook.id, by)));
    }
    expect(sent).toEqual([]);
    expect(await listOf(owner)).toEqual(before);
  });

  it('refuses 401 a wallet that cannot sign at all (an address off the curve)', async () => {
    const wallet = await offCurveAddress();
    const signer = await newWallet();
    await expectRefused(401, async () => {
      const signed = await signedFields(wallet, 'create', createLines(PUBLIC_URL, ['coin.launched']), { by: signer });
      return call('create', { ...signed, url: PUBLIC_URL, events: ['coin.launched'] });
    });
    await expectRefused(401, async () => call('list', await signedFields(wallet, 'list', [], { by: signer })));
  });

  it('refuses 401 a create whose URL, events or coins differ from what was signed, without resolving anything', async () => {
    const owner = await newWallet();
    const signedFor = async (url: string, events: string[], mints?: string[]) => signedFields(owner, 'create', createLines(url, events, mints));
    const attempts = [
      { ...(await signedFor(PUBLIC_URL, ['coin.launched'])), url: 'https://internal.example/x', events: ['coin.launched'] },
      { ...(await signedFor(PUBLIC_URL, ['coin.launched'])), url: `${PUBLIC_URL}/`, events: ['coin.launched'] },
      { ...(await signedFor(PUBLIC_URL, ['coin.launched'])), url: PUBLIC_URL, events: ['coin.launched', 'payout.paid'] },
      { ...(await signedFor(PUBLIC_URL, ['coin.launched', 'payout.paid'])), url: PUBLIC_URL, events: ['payout.paid', 'coin.launched'] },
      { ...(await signedFor(PUBLIC_URL, ['coin.launched'])), url: PUBLIC_URL, events: ['coin.launched'], mints: [mintAddress(1)] },
      { ...(await signedFor(PUBLIC_URL, ['coin.launched'], [mintAddress(1)])), url: PUBLIC_URL, events: ['coin.launched'] },
      {
        ...(await signedFor(PUBLIC_URL, ['coin.launched'], [mintAddress(1), mintAddress(2)])),
        url: PUBLIC_URL,
        events: ['coin.launched'],
        mints: [mintAddress(2), mintAddress(1)],
      },
      // The right fields, signed for another action.
      { ...(await signedFields(owner, 'list', [])), url: PUBLIC_URL, events: ['coin.launched'] },
      { ...(await signedFields(owner, 'delete', createLines(PUBLIC_URL, ['coin.launched']))), url: PUBLIC_URL, events: ['coin.launched'] },
      // The right message with another time in the body.
      { ...(await signedFor(PUBLIC_URL, ['coin.launched'])), time: iso(T0 + SECOND), url: PUBLIC_URL, events: ['coin.launched'] },
    ];
    for (const body of attempts) {
      const text = await expectRefused(401, () => call('create', body));
      expect(text, JSON.stringify(body)).toMatch(/signature/);
    }
    expect(resolved).toEqual([]);
    expect(await listOf(owner)).toEqual([]);
  });

  it('refuses 401 a call signed for another action or another webhook id', async () => {
    const owner = await newWallet();
    const a = (await create(owner)).webhook;
    nowMs += SECOND;
    const b = (await create(owner, 'https://other.example/b')).webhook;
    const before = await listOf(owner);
    const swaps: [sentTo: string, signedAs: string][] = [
      ['delete', 'enable'],
      ['enable', 'delete'],
      ['test', 'deliveries'],
      ['deliveries', 'test'],
      ['delete', 'redeliver'],
    ];
    for (const [sentTo, signedAs] of swaps) {
      await expectRefused(401, async () => call(sentTo, { ...(await signedFields(owner, signedAs, idLines(a.id))), id: a.id }));
    }
    // A list call signed as another action, and a call on webhook a signed for webhook b or for no webhook.
    await expectRefused(401, async () => call('list', await signedFields(owner, 'delete', [])));
    for (const action of ['delete', 'enable', 'test', 'deliveries']) {
      await expectRefused(401, async () => call(action, { ...(await signedFields(owner, action, idLines(b.id))), id: a.id }));
    }
    await expectRefused(401, async () => call('delete', { ...(await signedFields(owner, 'delete', [])), id: a.id }));
    expect(sent).toEqual([]);
    expect(await listOf(owner)).toEqual(before);
  });

  it('refuses 401 a message signed 6 minutes ago or 6 minutes ahead of the server clock', async () => {
    const owner = await newWallet();
    const { webhook } = await create(owner);
    const before = await listOf(owner);
    for (const time of [iso(T0 - 6 * MINUTE), iso(T0 + 6 * MINUTE)]) {
      const text = await expectRefused(401, async () =>
        call('create', await createBody(owner, 'https://other.example/x', ['coin.launched'], undefined, { time })),
      );
      expect(text).toMatch(/5 minutes/);
      await expectRefused(401, async () => call('list', await signedFields(owner, 'list', [], { time })));
      for (const action of ['delete', 'enable', 'test', 'deliveries']) {
        await expectRefused(401, async () => call(action, await actionBody(action, owner, webhook.id, { time })));
      }
    }
    // Signed now and sent 6 minutes later: too old by then.
    const late = await actionBody('delete', owner, webhook.id);
    nowMs += 6 * MINUTE;
    await expectRefused(401, () => call('delete', late));
    expect(sent).toEqual([]);
    expect(await listOf(owner)).toEqual(before);
  });

  it('refuses a sixth webhook of a wallet with 409, keeping five', async () => {
    const owner = await newWallet();
    for (let i = 0; i < 5; i++) {
      await create(owner, `https://public.example/hook/${i}`);
      nowMs += SECOND;
    }
    const text = await expectRefused(409, async () => call('create', await createBody(owner, 'https://public.example/hook/5', ['coin.launched'])));
    expect(text).toMatch(/5/);
    expect(await listOf(owner)).toHaveLength(5);
    // Another wallet is not limited by this one's webhooks.
    await create(await newWallet());
  });

  it('refuses 400 bad subscriptions: 21 mints, unknown, repeated or no events, repeated mints', async () => {
    const owner = await newWallet();
    await create(owner);
    const before = await listOf(owner);
    const mints21 = Array.from({ length: 21 }, (_, i) => mintAddress(i));
    const bad: [string[], string[] | undefined][] = [
      [['coin.launched'], mints21],
      [['coin.launched', 'coin.rugged'], undefined],
      [['webhook.test'], undefined],
      [[], undefined],
      [['coin.launched', 'coin.launched'], undefined],
      [['coin.launched'], []],
      [['coin.launched'], [mintAddress(1), mintAddress(1)]],
    ];
    for (const [events, mints] of bad) {
      await expectRefused(400, async () => call('create', await createBody(owner, PUBLIC_URL, events, mints)));
    }
    // Twenty is the most, and allowed (a second later, so the list's oldest-first order is decided by time).
    nowMs += SECOND;
    const twenty = (await create(owner, PUBLIC_URL, ['coin.launched'], mints21.slice(0, 20))).webhook;
    expect(twenty.mints).toHaveLength(20);
    expect(await listOf(owner)).toEqual([...before, twenty]);
  });

  it('refuses 400 receiver URLs that are not https on a public address, with a reason, naming no credentials', async () => {
    const owner = await newWallet();
    const urls = [
      'http://public.example/x',
      'https://user:hunter2@public.example/x',
      'https://:hunter2@public.example/x',
      'https://127.0.0.1/x',
      'https://10.0.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[fd00::1]/x',
      'https://internal.example/x',
      'https://mixed.example/x',
      'https://loop.example/x',
      'https://nowhere.example/x',
      'ftp://public.example/x',
      'not a url',
    ];
    for (const url of urls) {
      const text = await expectRefused(400, async () => call('create', await createBody(owner, url, ['coin.launched'])));
      expect(text, url).toMatch(/url|https|address|resolve/i);
      expect(text, url).not.toContain('hunter2');
    }
    expect(resolved.sort()).toEqual(['internal.example', 'loop.example', 'mixed.example', 'nowhere.example']);
    expect(await listOf(owner)).toEqual([]);
  });

  it('refuses 400 a port outside 1 to 65535 before looking the host up', async () => {
    const owner = await newWallet();
    for (const url of ['https://public.example:0/x', 'https://public.example:00/x', 'https://public.example:65536/x', 'https://public.example:99999/x']) {
      const text = await expectRefused(400, async () => call('create', await createBody(owner, url, ['coin.launched'])));
      expect(text, url).toMatch(/port \d+ is .*use a port from 1 to 65535/);
    }
    expect(resolved).toEqual([]);
    expect(await listOf(owner)).toEqual([]);
    expect((await call('create', await createBody(owner, 'https://public.example:65535/x', ['coin.launched']))).status).toBe(201);
  });

  it('hides another wallet’s webhooks: its list is empty and your id is not found, in the words of an unknown id', async () => {
    const owner = await newWallet();
    const stranger = await newWallet();
    const { webhook } = await create(owner);
    const before = await listOf(owner);
    expect(await listOf(stranger)).toEqual([]);
    const unknownId = `wh_${'0'.repeat(24)}`;
    const shape = (text: string, id: string) => text.replaceAll(id, '<id>');
    for (const action of ['delete', 'enable', 'test', 'deliveries']) {
      const foreign = await expectRefused(404, async () => call(action, await actionBody(action, stranger, webhook.id)));
      const unknown = await expectRefused(404, async () => call(action, await actionBody(action, stranger, unknownId, { time: iso(nowMs + SECOND) })));
      expect(shape(foreign, webhook.id)).toBe(shape(unknown, unknownId));
      expect(foreign).not.toContain(owner.address);
    }
    const event = 'evt_launched_0005';
    const foreign = await expectRefused(404, async () =>
      call('redeliver', { ...(await signedFields(stranger, 'redeliver', redeliverLines(webhook.id, event))), id: webhook.id, event }),
    );
    const unknown = await expectRefused(404, async () =>
      call('redeliver', { ...(await signedFields(stranger, 'redeliver', redeliverLines(unknownId, event))), id: unknownId, event }),
    );
    expect(shape(foreign, webhook.id)).toBe(shape(unknown, unknownId));
    expect(sent).toEqual([]);
    expect(await listOf(owner)).toEqual(before);
  });

  it('answers a second test within 30 seconds 429 with Retry-After, and takes one again 30 seconds after', async () => {
    const owner = await newWallet();
    const { webhook } = await create(owner);
    const first = await call('test', await actionBody('test', owner, webhook.id));
    expect(first.body).toEqual({ delivered: true, status: 200, error: null });

    nowMs = T0 + 10 * SECOND;
    const tooSoon = await expectRefused(429, async () => call('test', await actionBody('test', owner, webhook.id)));
    expect(tooSoon).toMatch(/30 seconds/);
    const retry = await call('test', await actionBody('test', owner, webhook.id, { time: iso(nowMs + SECOND) }));
    expect(retry.status).toBe(429);
    expect(retry.headers['retry-after']).toBe('20');

    nowMs = T0 + 29 * SECOND;
    const last = await call('test', await actionBody('test', owner, webhook.id));
    expect(last.status).toBe(429);
    expect(last.headers['retry-after']).toBe('1');
    expect(sent).toHaveLength(1);

    nowMs = T0 + 30 * SECOND;
    const again = await call('test', await actionBody('test', owner, webhook.id));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toEqual({ delivered: true, status: 200, error: null });
    expect(sent).toHaveLength(2);
    // The 30 seconds are per webhook: another of the wallet's is tested at once.
    const other = (await create(owner, 'https://other.example/y')).webhook;
    const otherTest = await call('test', await actionBody('test', owner, other.id));
    expect(otherTest.status).toBe(200);
    expect(sent.map((s) => s.url)).toEqual([PUBLIC_URL, PUBLIC_URL, 'https://other.example/y']);
  });

  it('takes a signed create once: the same body again is refused 409 and one webhook exists', async () => {
    const owner = await newWallet();
    const body = await createBody(owner, PUBLIC_URL, ['coin.launched']);
    const first = await call('create', body);
    expect(first.status).toBe(201);
    nowMs += 30 * SECOND;
    await expectRefused(409, () => call('create', body));
    expect(await listOf(owner)).toEqual([first.body.webhook]);
    // The signature stays spent after its time window, too.
    expect(await store.get(usedSignatures, body.signature)).toMatchObject({ wallet: owner.address, action: 'create' });
  });

  it('takes a signed delete once: the same body again is not found and changes nothing', async () => {
    const owner = await newWallet();
    const gone = (await create(owner)).webhook;
    nowMs += SECOND;
    const kept = (await create(owner, 'https://other.example/z')).webhook;
    const body = await actionBody('delete', owner, gone.id);
    expect((await call('delete', body)).body).toEqual({ deleted: gone.id });
    const after = await listOf(owner);
    expect(after).toEqual([kept]);
    const status = (await call('delete', body)).status;
    expect([404, 409]).toContain(status);
    await expectRefused(status, () => call('delete', body));
    expect(await listOf(owner)).toEqual(after);
  });

  it('holds the limits when requests race: five of six creates, one of two replays, one of two tests', async () => {
    const owner = await newWallet();
    const bodies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createBody(owner, `https://public.example/race/${i}`, ['coin.launched'], undefined, { time: iso(T0 + i * SECOND) })),
    );
    const statuses = (await Promise.all(bodies.map((body) => call('create', body)))).map((reply) => reply.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409]);
    expect(await listOf(owner)).toHaveLength(5);

    const again = await newWallet();
    const body = await createBody(again, PUBLIC_URL, ['payout.paid']);
    const replays = (await Promise.all([call('create', body), call('create', body)])).map((reply) => reply.status).sort();
    expect(replays).toEqual([201, 409]);
    const [only] = await listOf(again);
    expect(only).toBeDefined();

    const tests = await Promise.all([
      call('test', await actionBody('test', again, only!.id)),
      call('test', await actionBody('test', again, only!.id, { time: iso(T0 + SECOND) })),
    ]);
    expect(tests.map((reply) => reply.status).sort()).toEqual([200, 429]);
    expect(sent).toHaveLength(1);
  });

  it('takes a signed enable once', async () => {
    const owner = await newWallet();
    const { webhook } = await create(owner);
    const body = await actionBody('enable', owner, webhook.id);
    expect((await call('enable', body)).status).toBe(200);
    await store.update(webhooks, webhook.id, { status: 'paused', pausedAt: T0 });
    await expectRefused(409, () => call('enable', body));
    expect((await listOf(owner))[0]?.status).toBe('paused');
  });
});

describe('a signed call is taken in the one spelling of its signature', () => {
  it('refuses every re-spelling of a spent create signature 400, leaving one webhook', async () => {
    const owner = await newWallet();
    const body = await createBody(owner, PUBLIC_URL, ['coin.launched']);
    const first = await call('create', body);
    expect(first.status).toBe(201);
    const spellings = otherSpellings(body.signature);
    expect(spellings).toHaveLength(15);
    for (const signature of spellings) {
      const text = await expectRefused(400, () => call('create', { ...body, signature }));
      expect(text).toMatch(/signature: .*A, Q, g or w/);
    }
    expect(await listOf(owner)).toEqual([first.body.webhook]);
  });

  it('refuses every re-spelling of a redeliver signature: the event is queued once', async () => {
    const owner = await newWallet();
    const { webhook } = await create(owner);
    const eventId = 'evt_respelled_0001';
    const id = deliveryId(webhook.id, eventId);
    await store.insert(deliveries, {
      id,
      webhookId: webhook.id,
      eventId,
      type: 'coin.launched',
      body: '{}',
      state: 'failed',
      attempt: 8,
      nextAttemptAt: null,
      lastAttemptAt: T0 - MINUTE,
      lastStatus: null,
      lastError: 'connection refused',
      createdAt: T0 - 86_400_000,
    });
    const body = { ...(await signedFields(owner, 'redeliver', redeliverLines(webhook.id, eventId))), id: webhook.id, event: eventId };
    expect((await call('redeliver', body)).status).toBe(200);
    for (const signature of otherSpellings(body.signature)) await expectRefused(400, () => call('redeliver', { ...body, signature }));
    expect(await store.query(redeliveries, { where: [['deliveryId', '=', id]] })).toHaveLength(1);
  });

  it('refuses a re-spelled signature on every other call before acting', async () => {
    const owner = await newWallet();
    const { webhook } = await create(owner);
    const bodies: [string, Record<string, unknown>][] = [
      ['list', await signedFields(owner, 'list', [])],
      ['deliveries', await actionBody('deliveries', owner, webhook.id)],
      ['test', await actionBody('test', owner, webhook.id)],
      ['enable', await actionBody('enable', owner, webhook.id)],
      ['delete', await actionBody('delete', owner, webhook.id)],
    ];
    for (const [action, body] of bodies) {
      for (const signature of otherSpellings(body.signature as string)) await expectRefused(400, () => call(action, { ...body, signature }));
    }
    expect(sent).toEqual([]);
    expect(await listOf(owner)).toHaveLength(1);
  });
});

describe('malformed requests are answered 400 { error }, never 500', () => {
  it('refuses bodies that are not JSON objects', async () => {
    const owner = await newWallet();
    await create(owner);
    const raw = async (payload: string, contentType = 'application/json') => {
      const res = await app.inject({ method: 'POST', url: '/api/v1/webhooks/create', payload, headers: { 'content-type': contentType } });
      return { status: res.statusCode, body: res.json(), headers: res.headers } as Reply;
    };
    for (const payload of ['{ not json', '', 'null', '[]', '"create"', '42', '{"wallet":']) {
      await expectRefused(400, () => raw(payload));
    }
    for (const path of ['list', 'delete', 'enable', 'test', 'deliveries', 'redeliver']) {
      const res = await app.inject({ method: 'POST', url: `/api/v1/webhooks/${path}`, payload: '{oops', headers: { 'content-type': 'application/json' } });
      expectError({ status: res.statusCode, body: res.json(), headers: res.headers }, 400);
    }
    // Another content type is a client error too, in the same shape.
    const text = await raw('wallet=x', 'text/plain');
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);
    expect(text.body).toEqual({ error: expect.any(String) });
  });

  it('refuses missing, extra and malformed fields', async () => {
    const owner = await newWallet();
    const { webhook } = await create(owner);
    const good = await createBody(owner, 'https://other.example/new', ['coin.launched']);
    const action = await actionBody('delete', owner, webhook.id);
    const list = await signedFields(owner, 'list', []);
    resolved.length = 0;
    const omit = <T extends object>(body: T, key: string) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== key));
    const shortSignature = Buffer.alloc(32, 1).toString('base64');
    const longSignature = Buffer.alloc(65, 1).toString('base64');
    const cases: [string, unknown][] = [
      ...['wallet', 'time', 'signature', 'url', 'events'].map((key): [string, unknown] => ['create', omit(good, key)]),
      ['create', {}],
      ['create', { ...good, extra: true }],
      ['create', { ...good, secret: 'whsec_mine' }],
      ['create', { ...good, signature: 'not base64 at all!' }],
      ['create', { ...good, signature: shortSignature }],
      ['create', { ...good, signature: longSignature }],
      ['create', { ...good, signature: good.signature.replace(/==$/, '') }],
      ['create', { ...good, signature: 12345 }],
      ['create', { ...good, wallet: 'not-an-address' }],
      ['create', { ...good, wallet: '0OIl'.repeat(11) }],
      ['create', { ...good, wallet: 'x'.repeat(44) }],
      ['create', { ...good, time: 'yesterday' }],
      ['create', { ...good, time: '2025-06-01 12:00:00' }],
      ['create', { ...good, time: T0 }],
      ['create', { ...good, url: '' }],
      ['create', { ...good, url: `https://public.example/${'a'.repeat(2048)}` }],
      ['create', { ...good, url: ['https://public.example/'] }],
      ['create', { ...good, events: 'coin.launched' }],
      ['create', { ...good, mints: ['not-a-mint'] }],
      ['create', { ...good, mints: null }],
      ...['wallet', 'time', 'signature', 'id'].map((key): [string, unknown] => ['delete', omit(action, key)]),
      ['delete', { ...action, id: 'wh_nothex' }],
      ['delete', { ...action, id: webhook.id.toUpperCase() }],
      ['delete', { ...action, extra: 1 }],
      ['list', { ...list, id: webhook.id }],
      ['list', { ...list, wallet: 42 }],
      ['redeliver', { ...action, event: 'not an event' }],
      ['redeliver', action],
    ];
    for (const [path, body] of cases) {
      const before = await stored();
      const reply = await call(path, body);
      expect({ path, body, status: reply.status }).toEqual({ path, body, status: 400 });
      expectError(reply, 400);
      expect(await stored()).toEqual(before);
    }
    expect(resolved).toEqual([]);
    expect(await listOf(owner)).toEqual([webhook]);
  });

  it('answers 503 { error } when the service has no webhooks set up', async () => {
    const owner = await newWallet();
    const bare = h.app(0, { opstore: store, clock: () => new Date(nowMs) });
    expectError(await call('list', await signedFields(owner, 'list', []), bare), 503);
    const noStore = h.app(0, {
      clock: () => new Date(nowMs),
      webhooks: { sealKey: newEncryptionKey(), policy: { allowLoopback: false, resolve }, network: 'mainnet', post },
    });
    expectError(await call('create', await createBody(owner, PUBLIC_URL, ['coin.launched']), noStore), 503);
  });
});

describe('the OpenAPI document', () => {
  it('describes the seven webhook calls under the server prefix, with the message to sign', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.servers).toEqual([{ url: '/api/v1' }]);
    const paths = ['create', 'list', 'delete', 'enable', 'test', 'deliveries', 'redeliver'].map((name) => `/webhooks/${name}`);
    for (const path of paths) {
      expect(Object.keys(doc.paths[path] ?? {}), path).toEqual(['post']);
      const operation = doc.paths[path].post;
      expect(Object.keys(operation.responses), path).toEqual(expect.arrayContaining(['400', '401']));
      expect(operation.responses['401'].content['application/json'].schema).toMatchObject({ properties: { error: { type: 'string' } }, required: ['error'] });
    }
    expect(Object.keys(doc.paths['/webhooks/create'].post.responses)).toEqual(expect.arrayContaining(['201', '409']));
    // The documented message is the one signed here, line for line.
    const lines = (text: string) => text.split('\n');
    const documented = (path: string) => doc.paths[path].post.description.split('\n').map((line: string) => line.trim());
    const examples: [string, string, Lines][] = [
      ['/webhooks/create', 'create', createLines('<url>', ['<event>', '<event>'], ['<mint>', '<mint>'])],
      ['/webhooks/list', 'list', []],
      ['/webhooks/delete', 'delete', idLines('<id>')],
      ['/webhooks/enable', 'enable', idLines('<id>')],
      ['/webhooks/test', 'test', idLines('<id>')],
      ['/webhooks/deliveries', 'deliveries', idLines('<id>')],
      ['/webhooks/redeliver', 'redeliver', redeliverLines('<id>', '<event id>')],
    ];
    for (const [path, action, fields] of examples) {
      const want = lines(message(action, '<wallet>', fields, '<time>'));
      const got = documented(path);
      const start = got.indexOf(want[0]!);
      expect(got.slice(start, start + want.length), path).toEqual(want);
    }
  });
});
