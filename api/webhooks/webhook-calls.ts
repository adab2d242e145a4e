// The signed webhook calls (spec 4.5, 5.3, 8): create, list, delete, enable, test, and the deliveries listing and
// redelivery. Every call is checked for its signature and time before anything else (no unsigned request makes the
// service resolve a name); a signature taken by a call that changes something is recorded, so the same signed
// request again changes nothing. Only the owner wallet sees or touches a webhook: another wallet's id is not found.
import { randomBytes } from 'node:crypto';
import { openSecret, sealSecret } from '../../infra/keys/secret-box.js';
import type { OpStore, OpTransaction } from '../../infra/opstore/op-store.js';
import type { Post } from '../../projections/webhooks/deliver.js';
import { tryDelivery } from '../../projections/webhooks/deliver.js';
import { deliveries7d, failures7d } from '../../projections/webhooks/delivery-rules.js';
import { checkReceiver, parseReceiverUrl, ReceiverRefused, type ReceiverPolicy } from '../../projections/webhooks/receiver-address.js';
import {
  deliveries,
  deliveryId,
  redeliveries,
  secretLabel,
  usedSignatures,
  webhooks,
  type DeliveryRow,
  type WebhookRow,
} from '../../projections/webhooks/records.js';
import { newWebhookSecret } from '../../projections/webhooks/signing.js';
import type { WebhookTestData } from '../../schemas/api/webhook-events.js';
import type { WebhookDelivery, WebhookRecord } from '../../schemas/api/webhooks.js';
import { createFields, signedCallProblem, webhookFields, type MessageFields, type SignedCall, type WebhookAction } from './signed-message.js';

export const MAX_WEBHOOKS_PER_WALLET = 5;
export const TEST_INTERVAL_MS = 30_000;
const LISTED_DELIVERIES = 100;

/** What the webhook calls need besides the store. */
export interface WebhookDeps {
  /** The service's key sealing the secrets (the one sealing its own keys). */
  sealKey: Uint8Array;
  policy: ReceiverPolicy;
  network: string;
  post?: Post;
}

export interface WebhookContext extends WebhookDeps {
  opstore: OpStore;
  now: () => number;
}

/** A refused call: its status, the `{ error }` text, and headers such as Retry-After. */
export class WebhookError extends Error {
  override name = 'WebhookError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

export function webhookView(row: WebhookRow, now: number): WebhookRecord {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookRecord['events'],
    mints: row.mints,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    lastSuccessAt: iso(row.lastSuccessAt),
    failingSince: iso(row.failingSince),
    pausedAt: iso(row.pausedAt),
    deliveries7d: deliveries7d(row, now),
    failures7d: failures7d(row, now),
  };
}

function deliveryView(row: DeliveryRow): WebhookDelivery {
  return {
    event: row.eventId,
    type: row.type,
    state: row.state,
    attempt: row.attempt,
    status: row.lastStatus,
    error: row.lastError,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: iso(row.nextAttemptAt),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

function authenticate(wc: WebhookContext, call: SignedCall, action: WebhookAction, fields: MessageFields): void {
  const problem = signedCallProblem(call, action, fields, wc.now());
  if (problem !== null) throw new WebhookError(401, problem);
}

/** Records the signature of a call that changes something; a second use is refused. */
async function spendSignature(tx: OpTransaction, call: SignedCall, action: WebhookAction, at: number): Promise<void> {
  if ((await tx.get(usedSignatures, call.signature)) !== null) {
    throw new WebhookError(409, 'this signed request was already used; sign a new message with the current time to act again');
  }
  await tx.insert(usedSignatures, { id: call.signature, wallet: call.wallet, action, at });
}

async function owned(tx: Pick<OpTransaction, 'get'>, wallet: string, id: string): Promise<WebhookRow> {
  const row = await tx.get(webhooks, id);
  if (row === null || row.wallet !== wallet) throw new WebhookError(404, `no webhook ${id} for wallet ${wallet}`);
  return row;
}

export async function createWebhook(
  wc: WebhookContext,
  body: SignedCall & { url: string; events: string[]; mints?: string[] },
): Promise<{ webhook: WebhookRecord; secret: string }> {
  authenticate(wc, body, 'create', createFields(body.url, body.events, body.mints));
  try {
    await checkReceiver(parseReceiverUrl(body.url), wc.policy);
  } catch (error) {
    if (error instanceof ReceiverRefused) throw new WebhookError(400, error.message);
    throw error;
  }
  const now = wc.now();
  const id = `wh_${randomBytes(12).toString('hex')}`;
  const secret = newWebhookSecret();
  const row: WebhookRow = {
    id,
    wallet: body.wallet,
    url: body.url,
    events: body.events,
    mints: body.mints ?? null,
    status: 'active',
    secretSealed: sealSecret(wc.sealKey, Buffer.from(secret, 'utf8'), secretLabel(id)),
    createdAt: now,
    lastSuccessAt: null,
    failingSince: null,
    pausedAt: null,
    lastTestAt: null,
    deliveredPerDay: [],
    failedPerDay: [],
    deliveredDay: Math.floor(now / 86_400_000),
  };
  await wc.opstore.transact(async (tx) => {
    await spendSignature(tx, body, 'create', now);
    const mine = await tx.query(webhooks, { where: [['wallet', '=', body.wallet]] });
    if (mine.length >= MAX_WEBHOOKS_PER_WALLET) {
      throw new WebhookError(409, `wallet ${body.wallet} has ${MAX_WEBHOOKS_PER_WALLET} webhooks, the most a wallet may have; delete one first`);
    }
    await tx.insert(webhooks, row);
  });
  return { webhook: webhookView(row, now), secret };
}

export async function listWebhooks(wc: WebhookContext, body: SignedCall): Promise<{ webhooks: WebhookRecord[] }> {
  authenticate(wc, body, 'list', []);
  const now = wc.now();
  const rows = await wc.opstore.query(webhooks, {
    where: [['wallet', '=', body.wallet]],
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return { webhooks: rows.map((row) => webhookView(row, now)) };
}

export async function deleteWebhook(wc: WebhookContext, body: SignedCall & { id: string }): Promise<{ deleted: string }> {
  authenticate(wc, body, 'delete', webhookFields(body.id));
  await wc.opstore.transact(async (tx) => {
    await owned(tx, body.wallet, body.id);
    await spendSignature(tx, body, 'delete', wc.now());
    // Its deliveries go with it, queued retries included: the dispatcher sends nothing for a webhook it cannot find.
    for (const row of await tx.query(deliveries, { where: [['webhookId', '=', body.id]] })) await tx.delete(deliveries, row.id);
    await tx.delete(webhooks, body.id);
  });
  return { deleted: body.id };
}

export async function enableWebhook(wc: WebhookContext, body: SignedCall & { id: string }): Promise<{ webhook: WebhookRecord }> {
  authenticate(wc, body, 'enable', webhookFields(body.id));
  const now = wc.now();
  const row = await wc.opstore.transact(async (tx) => {
    const before = await owned(tx, body.wallet, body.id);
    await spendSignature(tx, body, 'enable', now);
    if (before.status === 'active') return before;
    return tx.update(webhooks, body.id, { status: 'active', pausedAt: null, failingSince: null });
  });
  return { webhook: webhookView(row, now) };
}

export async function testWebhook(
  wc: WebhookContext,
  body: SignedCall & { id: string },
): Promise<{ delivered: boolean; status: number | null; error: string | null }> {
  authenticate(wc, body, 'test', webhookFields(body.id));
  const now = wc.now();
  const row = await wc.opstore.transact(async (tx) => {
    const before = await owned(tx, body.wallet, body.id);
    if (before.lastTestAt !== null && now - before.lastTestAt < TEST_INTERVAL_MS) {
      const wait = Math.ceil((before.lastTestAt + TEST_INTERVAL_MS - now) / 1000);
      throw new WebhookError(429, `webhook ${body.id} was tested less than 30 seconds ago; test again in ${wait} s`, { 'Retry-After': String(wait) });
    }
    await spendSignature(tx, body, 'test', now);
    return tx.update(webhooks, body.id, { lastTestAt: now });
  });
  const secret = Buffer.from(openSecret(wc.sealKey, row.secretSealed, secretLabel(row.id))).toString('utf8');
  const id = `evt_test_${randomBytes(12).toString('hex')}`;
  const data: WebhookTestData = { webhook: row.id, message: 'A test delivery, signed like a real event.' };
  const event = { id, type: 'webhook.test', network: wc.network, occurredAt: new Date(now).toISOString(), data };
  const outcome = await tryDelivery({ url: row.url, secret }, { id, type: event.type, body: JSON.stringify(event) }, now, wc.policy, wc.post);
  return { delivered: outcome.ok, status: outcome.status, error: outcome.error };
}

export async function listDeliveries(wc: WebhookContext, body: SignedCall & { id: string }): Promise<{ deliveries: WebhookDelivery[] }> {
  authenticate(wc, body, 'deliveries', webhookFields(body.id));
  await owned(wc.opstore, body.wallet, body.id);
  const rows = await wc.opstore.query(deliveries, { where: [['webhookId', '=', body.id]], order: [['createdAt', 'DESC']], limit: LISTED_DELIVERIES });
  return { deliveries: rows.map(deliveryView) };
}

export async function redeliver(wc: WebhookContext, body: SignedCall & { id: string; event: string }): Promise<{ queued: string }> {
  authenticate(wc, body, 'redeliver', [...webhookFields(body.id), ['Event', body.event]]);
  const now = wc.now();
  await wc.opstore.transact(async (tx) => {
    const hook = await owned(tx, body.wallet, body.id);
    if (hook.status !== 'active') throw new WebhookError(409, `webhook ${body.id} is paused; enable it first`);
    const id = deliveryId(body.id, body.event);
    const row = await tx.get(deliveries, id);
    if (row === null) throw new WebhookError(404, `no delivery of event ${body.event} to webhook ${body.id} in the last 7 days`);
    await spendSignature(tx, body, 'redeliver', now);
    if (row.state === 'pending') return;
    await tx.update(deliveries, id, { state: 'pending', attempt: 0, nextAttemptAt: now, lastError: null, lastStatus: null });
    await tx.insert(redeliveries, { id: randomBytes(8).toString('hex'), deliveryId: id, at: now });
  });
  return { queued: body.event };
}
