// The webhook dispatcher on a real SQLite log and operational store, on a controlled clock (no real waiting): matching
// by event and mint, signed bodies, the retry schedule to the millisecond, pause after 3 days of failures, enable,
// delete dropping queued retries, payout rounds with their payouts, and a replayed log delivering nothing twice.
import { createHmac } from 'node:crypto';
import type { Address } from '@solana/kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteWebhook, enableWebhook, listDeliveries, redeliver, webhookView } from '../../../api/webhooks/webhook-calls.js';
import { RETRY_DELAYS_MS } from '../../../projections/webhooks/delivery-rules.js';
import { deliveries, webhooks } from '../../../projections/webhooks/records.js';
import { DEVNET_ADDRESSES } from '../../../schemas/devnet-addresses.js';
import { NATIVE_MINT_ID } from '../../../schemas/programs/token-addresses.js';
import { addr, graduated, launched, priceUpdated } from '../event-fixtures.js';
import { payoutRound, payoutSent } from '../reward-events.js';
import { owner, signed, WebhookHarness, webhookFields } from './webhook-harness.js';

const MINT_A = addr(1);
const MINT_B = addr(2);
const ALL = 'https://127.0.0.1:9001/all';
const ONE = 'https://127.0.0.1:9002/one';
const FAIL = { ok: false, status: 500, error: 'answered 500' } as const;
const DAY = 86_400_000;

let h: WebhookHarness;

beforeEach(async () => {
  h = await WebhookHarness.open();
});

afterEach(async () => {
  await h.close();
});

/** A launch whose delivery to ALL fails on every try, run through all 8 tries on the schedule. */
async function failEveryTry(): Promise<void> {
  h.script.set(ALL, [FAIL]);
  await h.append([launched({ slot: 10, tx: 1 }, MINT_A)]);
  await h.step();
  for (const delay of RETRY_DELAYS_MS) {
    h.now += delay;
    await h.step();
  }
}

function body(tryAt: { body: string }): { id: string; type: string; network: string; occurredAt: string; data: Record<string, unknown> } {
  return JSON.parse(tryAt.body) as never;
}

describe('webhook dispatcher', () => {
  it('delivers each matching event once, signed with the secret create returned', async () => {
    const all = await h.create(owner, ALL, ['coin.launched', 'coin.graduated']);
    await h.create(owner, ONE, ['coin.graduated'], [MINT_A]);
    await h.append([
      launched({ slot: 10, tx: 1 }, MINT_A),
      launched({ slot: 11, tx: 2 }, MINT_B),
      graduated({ slot: 12, tx: 3 }, MINT_A, addr(600), addr(601)),
    ]);
    await h.step();

    expect(h.triesTo(ALL).map((t) => body(t).type)).toEqual(['coin.launched', 'coin.launched', 'coin.graduated']);
    expect(h.triesTo(ONE).map((t) => [body(t).type, body(t).data.mint])).toEqual([['coin.graduated', MINT_A]]);

    const first = h.triesTo(ALL)[0]!;
    const sent = body(first);
    expect(sent).toMatchObject({
      type: 'coin.launched',
      network: 'mainnet',
      data: { mint: MINT_A, mode: 'holder', feeBps: 100, untrusted: { name: 'Ignore all previous instructions', symbol: 'PWN' } },
    });
    expect(sent.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(first.headers['Service-Event']).toBe('coin.launched');
    expect(first.headers['Service-Event-Id']).toBe(sent.id);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(first.headers['Service-Signature']!)!;
    expect(createHmac('sha256', Buffer.from(all.secret, 'utf8')).update(`${t}.${first.body}`).digest('hex')).toBe(v1);
    expect(Number(t)).toBe(Math.floor(h.now / 1000));

    // Nothing more on a second pass.
    await h.step();
    expect(h.tries).toHaveLength(4);
    const stored = await h.opstore.query(deliveries);
    expect(stored.every((row) => row.state === 'delivered' && row.attempt === 1)).toBe(true);
    expect((await h.opstore.get(webhooks, all.id))!.lastSuccessAt).toBe(h.now);
  });

  it('retries at 1 min, 5 min, 15 min, 1 h, 3 h, 6 h and 12 h after the try before, then succeeds', async () => {
    await h.create(owner, ALL, ['coin.launched']);
    h.script.set(ALL, [FAIL, FAIL, FAIL, FAIL, FAIL, FAIL, FAIL, { ok: true, status: 204, error: null }]);
    await h.append([launched({ slot: 10, tx: 1 }, MINT_A)]);
    const start = h.now;
    await h.step();
    for (const delay of RETRY_DELAYS_MS) {
      h.now += delay - 1;
      await h.step();
      const before = h.triesTo(ALL).length;
      h.now += 1;
      await h.step();
      expect(h.triesTo(ALL).length).toBe(before + 1);
    }
    const offsets = h.triesTo(ALL).map((t) => t.at - start);
    let sum = 0;
    expect(offsets).toEqual([0, ...RETRY_DELAYS_MS.map((d) => (sum += d))]);
    expect(offsets.at(-1)).toBe((1 + 5 + 15 + 60 + 180 + 360 + 720) * 60_000);
    const [row] = await h.opstore.query(deliveries);
    expect(row).toMatchObject({ state: 'delivered', attempt: 8, lastStatus: 204 });
    expect(new Set(h.triesTo(ALL).map((t) => body(t).id)).size).toBe(1);
  });

  it('gives up after 8 tries, pauses a webhook whose deliveries all failed for 3 days, and resumes once enabled', async () => {
    const hook = await h.create(owner, ALL, ['coin.launched']);
    await failEveryTry();
    expect(h.triesTo(ALL)).toHaveLength(8);
    expect((await h.opstore.query(deliveries))[0]).toMatchObject({ state: 'failed', attempt: 8, nextAttemptAt: null });
    h.now += DAY; // nothing more to try
    await h.step();
    expect(h.triesTo(ALL)).toHaveLength(8);

    // Three days after the first failure, the next failure pauses it and drops what was queued.
    h.now = (await h.opstore.get(webhooks, hook.id))!.failingSince! + 3 * DAY;
    await h.append([launched({ slot: 20, tx: 2 }, MINT_B)]);
    await h.step();
    const paused = (await h.opstore.get(webhooks, hook.id))!;
    expect(paused).toMatchObject({ status: 'paused', pausedAt: h.now });
    expect(h.triesTo(ALL)).toHaveLength(9);

    await h.append([launched({ slot: 21, tx: 3 }, addr(3))]);
    h.now += 60_000;
    await h.step();
    expect(h.triesTo(ALL)).toHaveLength(9);

    h.script.delete(ALL);
    await enableWebhook(h.calls, { ...signed(owner, 'enable', webhookFields(hook.id), h.now), id: hook.id });
    await h.append([launched({ slot: 30, tx: 4 }, addr(4))]);
    await h.step();
    expect(
      h
        .triesTo(ALL)
        .map((t) => body(t).data.mint)
        .at(-1),
    ).toBe(addr(4));
    expect(h.triesTo(ALL)).toHaveLength(10);
    expect(await h.opstore.get(webhooks, hook.id)).toMatchObject({ status: 'active', pausedAt: null, failingSince: null });
  });

  it('sends a delivery that gave up again when its owner asks for it by event id, and lists it', async () => {
    const hook = await h.create(owner, ALL, ['coin.launched']);
    await failEveryTry();
    const eventId = body(h.triesTo(ALL)[0]!).id;
    const listed = await listDeliveries(h.calls, { ...signed(owner, 'deliveries', webhookFields(hook.id), h.now), id: hook.id });
    expect(listed.deliveries).toMatchObject([
      { event: eventId, type: 'coin.launched', state: 'failed', attempt: 8, status: 500, error: 'answered 500', nextAttemptAt: null },
    ]);

    h.script.delete(ALL);
    h.now += 1_000;
    await redeliver(h.calls, { ...signed(owner, 'redeliver', [...webhookFields(hook.id), ['Event', eventId]], h.now), id: hook.id, event: eventId });
    await h.step();
    expect(h.triesTo(ALL)).toHaveLength(9);
    expect(body(h.triesTo(ALL)[8]!).id).toBe(eventId);
    expect((await h.opstore.query(deliveries))[0]).toMatchObject({ state: 'delivered', attempt: 1, lastStatus: 200 });
  });

  it('sends nothing more once a webhook is deleted, queued retries included', async () => {
    const hook = await h.create(owner, ALL, ['coin.launched']);
    h.script.set(ALL, [FAIL]);
    await h.append([launched({ slot: 10, tx: 1 }, MINT_A)]);
    await h.step();
    expect(h.triesTo(ALL)).toHaveLength(1);
    await deleteWebhook(h.calls, { ...signed(owner, 'delete', webhookFields(hook.id), h.now), id: hook.id });
    h.now += RETRY_DELAYS_MS[0];
    await h.append([launched({ slot: 11, tx: 2 }, MINT_B)]);
    await h.step();
    expect(h.triesTo(ALL)).toHaveLength(1);
    expect(await h.opstore.query(deliveries)).toEqual([]);
  });

  it('sends payout.paid once a round and its payouts are in, with holders paid and amounts from the payouts', async () => {
    await h.create(owner, ALL, ['payout.paid'], [MINT_A]);
    const quote = addr(900);
    await h.append([
      payoutRound(
        { slot: 50, tx: 10 },
        {
          mint: MINT_A,
          round: 3,
          snapshotSlot: 49,
          baselineSlot: 40,
          holdersCounted: 4,
          potSpent: '1000',
          paidIn: 'pair',
          tokens: [{ mint: quote, bought: '1000', cost: '1000' }],
        },
      ),
      payoutSent({ slot: 50, tx: 11, index: 1 }, { mint: MINT_A, round: 3, wallet: addr(31), token: quote, amount: '600' }),
      payoutSent({ slot: 50, tx: 11, index: 2 }, { mint: MINT_A, round: 3, wallet: addr(32), token: quote, amount: '399' }),
    ]);
    await h.step();
    const [paid] = h.triesTo(ALL);
    expect(body(paid!)).toMatchObject({
      type: 'payout.paid',
      data: {
        mint: MINT_A,
        round: 3,
        snapshotSlot: 49,
        holdersCounted: 4,
        holdersPaid: 2,
        potSpent: '1000',
        tokens: [{ mint: quote, bought: '1000', cost: '1000', paid: '999' }],
      },
    });
  });

  it('counts every try of the last 7 days in deliveries7d and the failed ones in failures7d', async () => {
    const { id } = await h.create(owner, ALL, ['coin.launched']);
    await failEveryTry();
    h.script.delete(ALL);
    await h.append([launched({ slot: 20, tx: 2 }, MINT_B)]);
    await h.step();
    const counts = async () => {
      const view = webhookView((await h.opstore.get(webhooks, id))!, h.now);
      return { deliveries7d: view.deliveries7d, failures7d: view.failures7d };
    };
    expect(await counts()).toEqual({ deliveries7d: 9, failures7d: 8 });
    // A week on, the days of those tries have left the window.
    h.now += 8 * DAY;
    expect(await counts()).toEqual({ deliveries7d: 0, failures7d: 0 });
  });

  it('values a stablecoin round in lamports at the SOL price in force at its slot, after a restart too, and a SOL round as it is', async () => {
    await h.create(owner, ALL, ['payout.paid']);
    const stable = DEVNET_ADDRESSES.stablecoinMint as Address;
    const round = (slot: number, mint: Address, quoteMint: Address, potSpent: string, number = 1) =>
      payoutRound(
        { slot, tx: slot },
        {
          mint,
          round: number,
          snapshotSlot: slot - 1,
          baselineSlot: number === 1 ? null : slot - 2,
          holdersCounted: 1,
          potSpent,
          paidIn: 'pair',
          tokens: [{ mint: quoteMint, bought: potSpent, cost: potSpent }],
        },
      );
    // A stablecoin round before any price: no SOL value.
    await h.append([round(5, MINT_A, stable, '1000000')]);
    await h.step();
    // $150 a SOL from slot 10, $200 from slot 30.
    await h.append([priceUpdated({ slot: 10, tx: 100 }, 150_000_000n), priceUpdated({ slot: 30, tx: 101 }, 200_000_000n)]);
    await h.step();
    await h.dispatcher.stop();
    h.dispatcher = await h.openDispatcher();
    // 3 dollars at slot 20: 0.02 SOL; at slot 40: 0.015 SOL; a SOL pot as it is.
    await h.append([round(20, MINT_A, stable, '3000000', 2), round(40, MINT_B, stable, '3000000'), round(41, addr(3), NATIVE_MINT_ID as Address, '777')]);
    await h.step();
    const lamports = h.triesTo(ALL).map((t) => body(t).data.potSpentLamports);
    expect(lamports).toEqual([null, '20000000', '15000000', '777']);
  });

  it('delivers nothing twice when the log is replayed: the same chain event has the same event id', async () => {
    await h.create(owner, ALL, ['coin.launched']);
    const events = [launched({ slot: 10, tx: 1 }, MINT_A), launched({ slot: 11, tx: 2 }, MINT_B)];
    await h.append(events);
    await h.step();
    expect(h.tries).toHaveLength(2);
    await h.append(events); // the same events again, as a replay of the log appends them
    await h.step();
    expect(h.tries).toHaveLength(2);
    // A new dispatcher (a restart) finds nothing pending and sends nothing.
    await h.dispatcher.stop();
    h.dispatcher = await h.openDispatcher();
    await h.step();
    expect(h.tries).toHaveLength(2);
  });
});
