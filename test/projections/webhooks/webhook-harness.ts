// A dispatcher on a controlled clock for tests: a SQLite event log and an operational store in a temp dir, webhooks
// created through the signed calls, and a stand-in transport that records every try and answers as scripted.
import { DEVNET_ADDRESSES } from '../../../schemas/devnet-addresses.js';
import { valuingMints } from '../../../projections/prices/sol-value.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keyPairFromLabel, signBytes, type Ed25519KeyPair } from '../../../infra/crypto/ed25519.js';
import { TOPICS } from '../../../infra/event-log/event-log.js';
import { SqliteEventLog } from '../../../infra/event-log/sqlite-event-log.js';
import { newEncryptionKey } from '../../../infra/keys/secret-box.js';
import { openOpStore } from '../../../infra/opstore/open-op-store.js';
import type { OpStore } from '../../../infra/opstore/op-store.js';
import { createFields, webhookFields, webhookMessage, type MessageFields, type WebhookAction } from '../../../api/webhooks/signed-message.js';
import { createWebhook, type WebhookContext } from '../../../api/webhooks/webhook-calls.js';
import type { Post } from '../../../projections/webhooks/deliver.js';
import { WebhookDispatcher } from '../../../projections/webhooks/dispatcher.js';
import type { PostOutcome } from '../../../projections/webhooks/https-post.js';
import type { Event } from '../../../schemas/events/index.js';

export const T0 = Date.parse('2026-11-01T00:00:00.000Z');

export interface Try {
  url: string;
  at: number;
  body: string;
  headers: Readonly<Record<string, string>>;
}

export class WebhookHarness {
  now = T0;
  readonly tries: Try[] = [];
  /** Answers per URL, taken in order; the last repeats. Unscripted URLs answer 200. */
  readonly script = new Map<string, PostOutcome[]>();
  readonly sealKey = newEncryptionKey();
  dispatcher!: WebhookDispatcher;

  private constructor(
    readonly dir: string,
    readonly log: SqliteEventLog,
    readonly opstore: OpStore,
  ) {}

  static async open(): Promise<WebhookHarness> {
    const dir = mkdtempSync(join(tmpdir(), 'launchtape-webhooks-'));
    const log = SqliteEventLog.open(join(dir, 'log'), { synchronous: 'NORMAL', pollIntervalMs: 5 });
    const harness = new WebhookHarness(dir, log, await openOpStore({ dataDir: dir }));
    harness.dispatcher = await harness.openDispatcher();
    return harness;
  }

  readonly post: Post = async (url, body, headers) => {
    this.tries.push({ url, at: this.now, body, headers });
    const answers = this.script.get(url);
    if (answers === undefined || answers.length === 0) return { ok: true, status: 200, error: null };
    return answers.length > 1 ? answers.shift()! : answers[0]!;
  };

  openDispatcher(): Promise<WebhookDispatcher> {
    return WebhookDispatcher.open({
      log: this.log,
      opstore: this.opstore,
      sealKey: this.sealKey,
      events: { network: 'mainnet', siteUrl: 'https://site.example', pairSymbol: () => 'SOL', valuing: valuingMints(DEVNET_ADDRESSES.stablecoinMint) },
      policy: { allowLoopback: true },
      now: () => this.now,
      post: this.post,
      pollWaitMs: 0,
    });
  }

  get calls(): WebhookContext {
    return { opstore: this.opstore, sealKey: this.sealKey, policy: { allowLoopback: true }, network: 'mainnet', now: () => this.now, post: this.post };
  }

  async create(owner: Ed25519KeyPair, url: string, events: string[], mints?: string[]): Promise<{ id: string; secret: string }> {
    const body = signed(owner, 'create', createFields(url, events, mints), this.now);
    const { webhook, secret } = await createWebhook(this.calls, { ...body, url, events, ...(mints ? { mints } : {}) });
    return { id: webhook.id, secret };
  }

  async append(events: readonly Event[]): Promise<void> {
    await this.log.append(
      TOPICS.coinEvents,
      events.map((event) => ({ key: 'data' in event && 'mint' in event.data ? String(event.data.mint) : 'platform', value: JSON.stringify(event) })),
    );
  }

  /** Read the log to its end, then make every due try and record it. */
  async step(): Promise<void> {
    while ((await this.dispatcher.runOnce()) > 0);
    await this.dispatcher.deliverDue();
  }

  triesTo(url: string): Try[] {
    return this.tries.filter((t) => t.url === url);
  }

  async close(): Promise<void> {
    await this.dispatcher.stop();
    await this.opstore.close();
    await this.log.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export const owner = keyPairFromLabel('webhook owner');
export const stranger = keyPairFromLabel('someone else');

/** The signed fields of a call by `keyPair` at `nowMs`. */
export function signed(keyPair: Ed25519KeyPair, action: WebhookAction, fields: MessageFields, nowMs: number) {
  const time = new Date(nowMs).toISOString();
  const message = webhookMessage(action, keyPair.address, fields, time);
  const signature = Buffer.from(signBytes(keyPair, new TextEncoder().encode(message))).toString('base64');
  return { wallet: keyPair.address, time, signature };
}

export { webhookFields };
