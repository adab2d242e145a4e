// A payment left `settling` (its confirmation timed out, or the process stopped mid-settlement) is resolved from the
// chain, never by sending it again: landed is settled (its answer not sent yet), failed on chain or expired unsent is
// failed, and a claim that never got as far as signing goes back to verified (nothing can have been sent without the
// fee payer's signature).
import type { OpStore } from '../../infra/opstore/op-store.js';
import type { ChainClient } from '../chain.js';
import { paymentRecords, type PaymentRecord } from './payment-records.js';

/** How long a claim may go unsigned before it counts as abandoned (the claimant is still verifying otherwise). */
const UNSIGNED_CLAIM_MS = 60_000;

export async function resolveSettling(store: OpStore, chain: ChainClient, record: PaymentRecord, unsignedClaimMs = UNSIGNED_CLAIM_MS): Promise<PaymentRecord> {
  const now = Date.now();
  if (record.signature === null) {
    if (now - record.updatedAt < unsignedClaimMs) return record;
    return store.update(paymentRecords, record.id, { state: 'verified', updatedAt: now });
  }
  // The blockhash first: once it has expired the transaction cannot land later, so a status read after it is final.
  const expired = !(await chain.blockhashValid(record.blockhash));
  const [status] = await chain.statuses([record.signature]);
  if (status && status.confirmationStatus !== 'processed') {
    if (status.err !== null) return store.update(paymentRecords, record.id, { state: 'failed', reason: 'the payment failed on chain', updatedAt: now });
    return store.update(paymentRecords, record.id, { state: 'settled', served: false, updatedAt: now });
  }
  if (status === null && expired) {
    return store.update(paymentRecords, record.id, { state: 'failed', reason: 'the payment expired before it landed', updatedAt: now });
  }
  return record;
}
