// The delivery schedule under receivers that stall, on a controlled clock: 64 webhooks on 8 receivers that never
// answer fill no more than their lane, and a healthy receiver's first tries start within 2 seconds of being due
// however long the others stall; a slow receiver that answers quickly again gets the fast lane back.
import { describe, expect, it } from 'vitest';
import { DeliveryQueue, SLOW_AFTER_MS, type QueuedDelivery } from '../../../projections/webhooks/delivery-queue.js';
import { REPLY_TIMEOUT_MS } from '../../../projections/webhooks/delivery-rules.js';
import type { DeliveryRow } from '../../../projections/webhooks/records.js';

const T0 = Date.parse('2026-11-01T00:00:00.000Z');
const TICK_MS = 200;

function row(webhookId: string, eventId: string, at: number): DeliveryRow {
  return {
    id: `${webhookId}:${eventId}`,
    webhookId,
    eventId,
    type: 'coin.launched',
    body: '{}',
    state: 'pending',
    attempt: 0,
    nextAttemptAt: at,
    lastAttemptAt: null,
    lastStatus: null,
    lastError: null,
    createdAt: at,
  };
}

/** A queue whose receivers in `stalling` answer nothing until the 5-second reply timeout and the others answer after
 * `answerMs`, on a clock the test moves. */
function scheduled(stalling: ReadonlySet<string>, answerMs = 50) {
  let now = T0;
  const started: { delivery: QueuedDelivery; at: number }[] = [];
  const answers: { at: number; answer: () => void }[] = [];
  const queue = new DeliveryQueue({
    maxInFlight: 64,
    perReceiver: 8,
    slowInFlight: 32,
    now: () => now,
    send: (delivery) => {
      started.push({ delivery, at: now });
      const after = stalling.has(delivery.receiver) ? REPLY_TIMEOUT_MS : answerMs;
      return new Promise<void>((answer) => answers.push({ at: now + after, answer }));
    },
  });
  /** Moves the clock on tick by tick, answering what is due, as the dispatcher's timer would. */
  const advance = async (ms: number) => {
    for (const end = now + ms; now < end; ) {
      now = Math.min(end, now + TICK_MS);
      for (const due of answers.filter((a) => a.at <= now)) {
        answers.splice(answers.indexOf(due), 1);
        due.answer();
      }
      await new Promise((resolve) => setImmediate(resolve));
      queue.tick();
    }
  };
  return { queue, started, advance, now: () => now };
}

const STALLING = Array.from({ length: 8 }, (_, i) => `https://stall-${i}.example`);
const HEALTHY = 'https://healthy.example';

describe('a slow or dead receiver holds up only its own deliveries', () => {
  it('gives a healthy receiver its first tries within 2 s while 64 webhooks on 8 receivers stall', async () => {
    const s = scheduled(new Set(STALLING));
    // The healthy receiver has answered before.
    s.queue.add({ row: row('wh_healthy', 'evt_before', s.now()), receiver: HEALTHY });
    s.queue.tick();
    await s.advance(TICK_MS);
    // Then 30 events, one every 2 seconds, each for 8 webhooks on each stalling receiver and for the healthy one.
    const due = new Map<string, number>();
    for (let event = 0; event < 30; event += 1) {
      const at = s.now();
      for (const [r, receiver] of STALLING.entries()) {
        for (let hook = 0; hook < 8; hook += 1) s.queue.add({ row: row(`wh_${r}_${hook}`, `evt_${event}`, at), receiver });
      }
      s.queue.add({ row: row('wh_healthy', `evt_${event}`, at), receiver: HEALTHY });
      due.set(`wh_healthy:evt_${event}`, at);
      s.queue.tick();
      await s.advance(2_000);
    }
    const lags = s.started.filter((t) => t.delivery.receiver === HEALTHY && due.has(t.delivery.row.id)).map((t) => t.at - due.get(t.delivery.row.id)!);
    expect(lags).toHaveLength(30);
    expect(Math.max(...lags)).toBeLessThan(2_000);
    // The stalled tries hold the fast lane's slots no longer than it takes to call them slow, and the slow lane's own bound.
    expect(s.queue.inFlightCount).toBeLessThanOrEqual(64 + 32);
  });

  it('moves stalling receivers to the slow lane after a second, its own 32 slots, and keeps the fast lane for a receiver never heard from', async () => {
    const s = scheduled(new Set(STALLING));
    for (const [r, receiver] of STALLING.entries()) s.queue.add({ row: row(`wh_${r}`, 'evt_0', s.now()), receiver });
    s.queue.tick();
    expect(s.started).toHaveLength(8);
    await s.advance(SLOW_AFTER_MS);
    // Slow now: their next deliveries go to the slow lane, 8 a receiver at most, 32 in all.
    for (const [r, receiver] of STALLING.entries()) {
      for (let n = 1; n <= 20; n += 1) s.queue.add({ row: row(`wh_${r}`, `evt_${n}`, s.now()), receiver });
    }
    s.queue.add({ row: row('wh_new', 'evt_0', s.now()), receiver: HEALTHY });
    s.queue.tick();
    const startedNow = s.started.filter((t) => t.at === s.now());
    expect(startedNow.filter((t) => t.delivery.receiver === HEALTHY)).toHaveLength(1);
    expect(startedNow.filter((t) => t.delivery.receiver !== HEALTHY)).toHaveLength(32 - 8);
  });

  it('takes a receiver back into the fast lane once it answers quickly again, while the slow lane stays full', async () => {
    const recovering = 'https://recovering.example';
    const stalling = new Set([...STALLING, recovering]);
    const s = scheduled(stalling);
    for (const receiver of stalling) s.queue.add({ row: row(receiver, 'evt_0', s.now()), receiver });
    s.queue.tick();
    await s.advance(SLOW_AFTER_MS);
    // Every receiver is slow now; the stalling ones keep the slow lane full for the rest of the test.
    for (const receiver of STALLING) for (let n = 1; n <= 20; n += 1) s.queue.add({ row: row(receiver, `evt_${n}`, s.now()), receiver });
    stalling.delete(recovering);
    for (let n = 1; n <= 3; n += 1) s.queue.add({ row: row(recovering, `evt_${n}`, s.now()), receiver: recovering });
    s.queue.tick();
    await s.advance(REPLY_TIMEOUT_MS + TICK_MS);
    // Its first try timed out; the next, in the slow lane, was answered quickly: its receiver is quick again.
    expect(s.started.filter((t) => t.delivery.receiver === recovering)).toHaveLength(4);
    const at = s.now();
    for (let n = 4; n < 12; n += 1) s.queue.add({ row: row(recovering, `evt_${n}`, at), receiver: recovering });
    s.queue.tick();
    expect(s.started.filter((t) => t.delivery.receiver === recovering && t.at === at)).toHaveLength(8);
  });
});
