// The delivery rules of spec 6: a 2xx within 5 seconds is success; otherwise retried 1 minute, 5 minutes, 15 minutes,
// 1 hour, 3, 6 and 12 hours after the try before (8 tries, the last about 22 hours after the first); a webhook whose
// deliveries have all failed for 3 days is paused. Also the per-day counts of tries behind `deliveries7d` and
// `failures7d`.
import type { DeliveryRow, WebhookRow } from './records.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const REPLY_TIMEOUT_MS = 5_000;
/** Wait before each retry, after the try before. */
export const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR] as const;
export const MAX_TRIES = RETRY_DELAYS_MS.length + 1;
export const PAUSE_AFTER_FAILING_MS = 3 * DAY;
/** Finished deliveries are kept this long (the deliveries listing shows them). */
export const KEEP_FINISHED_MS = 7 * DAY;
const COUNTED_DAYS = 7;

export interface TryOutcome {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** The delivery after one try at `at`. */
export function afterTry(delivery: DeliveryRow, outcome: TryOutcome, at: number): DeliveryRow {
  const attempt = delivery.attempt + 1;
  const tried = { ...delivery, attempt, lastAttemptAt: at, lastStatus: outcome.status, lastError: outcome.error };
  if (outcome.ok) return { ...tried, state: 'delivered', nextAttemptAt: null };
  if (attempt >= MAX_TRIES) return { ...tried, state: 'failed', nextAttemptAt: null };
  return { ...tried, state: 'pending', nextAttemptAt: at + RETRY_DELAYS_MS[attempt - 1]! };
}

/** The webhook's fields after deliveries tried at `at`: a success clears `failingSince`, a failure starts it, and a
 * failure 3 days after it started pauses the webhook. */
export function webhookAfterTries(webhook: WebhookRow, outcomes: readonly TryOutcome[], at: number): WebhookRow {
  let next = webhook;
  for (const outcome of outcomes) {
    if (outcome.ok) {
      next = { ...next, lastSuccessAt: at, failingSince: null, ...counted(next, at, 'deliveredPerDay') };
    } else {
      const failingSince = next.failingSince ?? at;
      next = { ...next, failingSince, ...counted(next, at, 'failedPerDay') };
      if (next.status === 'active' && at - failingSince >= PAUSE_AFTER_FAILING_MS) next = { ...next, status: 'paused', pausedAt: at };
    }
  }
  return next;
}

function dayOf(at: number): number {
  return Math.floor(at / DAY);
}

type DayCounts = Pick<WebhookRow, 'deliveredPerDay' | 'failedPerDay' | 'deliveredDay'>;
type Counted = 'deliveredPerDay' | 'failedPerDay';

/** One kind of per-day counts shifted so their last element is `at`'s day. */
function countsAt(webhook: DayCounts, kind: Counted, at: number): number[] {
  const shift = Math.max(0, dayOf(at) - webhook.deliveredDay);
  const counts = [...webhook[kind], ...new Array<number>(Math.min(shift, COUNTED_DAYS)).fill(0)];
  return counts.slice(-COUNTED_DAYS);
}

/** The counts after one more try of `kind` at `at`; both kinds move to `at`'s day together. */
function counted(webhook: WebhookRow, at: number, kind: Counted): DayCounts {
  const day = Math.max(webhook.deliveredDay, dayOf(at));
  const [delivered, failed] = [countsAt(webhook, 'deliveredPerDay', at), countsAt(webhook, 'failedPerDay', at)];
  const bumped = kind === 'deliveredPerDay' ? delivered : failed;
  if (bumped.length === 0) bumped.push(0);
  bumped[bumped.length - 1]! += 1;
  return { deliveredPerDay: delivered, failedPerDay: failed, deliveredDay: day };
}

const sum = (counts: readonly number[]) => counts.reduce((total, count) => total + count, 0);

/** Tries in the 7 UTC days ending with `at`'s day, answered 2xx or not. */
export function deliveries7d(webhook: DayCounts, at: number): number {
  return sum(countsAt(webhook, 'deliveredPerDay', at)) + sum(countsAt(webhook, 'failedPerDay', at));
}

/** Tries in the 7 UTC days ending with `at`'s day that were not answered 2xx in time. */
export function failures7d(webhook: DayCounts, at: number): number {
  return sum(countsAt(webhook, 'failedPerDay', at));
}
