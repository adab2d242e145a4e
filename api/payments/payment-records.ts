// The durable record of every payment offered for a paid call, in the operational store, keyed by a hash of the
// payment transaction's message (what the chain knows a transaction by, whatever its signatures). Its state is what
// makes a payment settle and serve at most once, across restarts and API processes:
//   verified  the payment checked out; nothing was sent (a call that failed leaves it here: never charged, reusable)
//   settling  claimed by one call for settlement; `signature` is written before the transaction is sent, so a
//             settlement whose confirmation times out is resolved from the chain, never by sending again
//   settled   landed on chain: charged; `served` says whether the call's answer went out
//   failed    can never land (failed on chain, or its blockhash expired unsent): refused for good
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { defineCollection, type OpStore } from '../../infra/opstore/op-store.js';

export const PAYMENT_STATES = ['verified', 'settling', 'settled', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const paymentRecords = defineCollection(
  'payments',
  z.object({
    /** Hex SHA-256 of the payment transaction's message bytes. */
    id: z.string().regex(/^[0-9a-f]{64}$/),
    state: z.enum(PAYMENT_STATES),
    /** The request path it was offered for, and the price asked, in the asset's raw units. */
    resource: z.string(),
    amount: z.string().regex(/^\d+$/),
    asset: z.string(),
    payTo: z.string(),
    /** The wallet paying (the transfer's authority), as the facilitator reports it. */
    payer: z.string().nullable(),
    /** The transaction's blockhash: once it has expired, a payment not landed never will. */
    blockhash: z.string(),
    /** The settled transaction's signature, written before it is sent. */
    signature: z.string().nullable(),
    /** Settled: whether the paid answer was sent. */
    served: z.boolean(),
    /** Failed: why. */
    reason: z.string().nullable(),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
  }),
);

export type PaymentRecord = z.infer<typeof paymentRecords.schema>;

/** How long a payment's record is kept after its last change: a settled payment whose answer did not go out can be
 * asked again for it this long; by then its blockhash has long expired, so the same transaction can never verify or
 * land again and nothing needs the record to refuse it. */
export const KEEP_PAYMENTS_MS = 7 * 24 * 3_600_000;

/** Delete the records of payments last changed before `now - KEEP_PAYMENTS_MS`, but those still settling (the sweep
 * resolves them from the chain first). Returns how many went. */
export async function prunePayments(store: OpStore, now: number): Promise<number> {
  const old = await store.query(paymentRecords, {
    where: [
      ['state', '!=', 'settling'],
      ['updatedAt', '<', now - KEEP_PAYMENTS_MS],
    ],
  });
  if (old.length === 0) return 0;
  await store.transact(async (tx) => {
    for (const record of old) await tx.delete(paymentRecords, record.id);
  });
  return old.length;
}

/** The record id of a payment transaction. */
export function paymentKey(messageBytes: Uint8Array): string {
  return createHash('sha256').update(messageBytes).digest('hex');
}
