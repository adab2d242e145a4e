// Payment records kept as long as something needs them: given records in every state, some last changed over 7 days
// ago, a prune drops the old ones but a payment still settling, and keeps every record changed since.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KEEP_PAYMENTS_MS,
  PAYMENT_STATES,
  paymentRecords,
  prunePayments,
  type PaymentRecord,
  type PaymentState,
} from '../../../api/payments/payment-records.js';
import type { OpStore } from '../../../infra/opstore/op-store.js';
import { openOpStore } from '../../../infra/opstore/open-op-store.js';

const NOW = Date.UTC(2026, 11, 2);
let dir: string;
let store: OpStore;

function record(n: number, state: PaymentState, updatedAt: number, served: boolean): PaymentRecord {
  return {
    id: n.toString(16).padStart(64, '0'),
    state,
    resource: '/api/v1/coins/x/holders',
    amount: '10000',
    asset: 'stablecoin',
    payTo: 'payments',
    payer: null,
    blockhash: 'blockhash',
    signature: state === 'verified' ? null : `signature-${n}`,
    served: state === 'settled' && served,
    reason: state === 'failed' ? 'the payment expired before it landed' : null,
    createdAt: updatedAt,
    updatedAt,
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'launchtape-payments-'));
  store = await openOpStore({ dataDir: dir });
});

afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('payment records', () => {
  it('are dropped 7 days after their last change, but while settling', async () => {
    const old: PaymentRecord[] = [];
    const recent: PaymentRecord[] = [];
    let n = 1;
    // Two of each state on either side of the cut (a settled pair: one answer served, one still owed).
    for (const state of PAYMENT_STATES) {
      for (let k = 0; k < 2; k++) {
        old.push(record(n++, state, NOW - KEEP_PAYMENTS_MS - 1, k === 0));
        recent.push(record(n++, state, NOW - KEEP_PAYMENTS_MS + 1, k === 0));
      }
    }
    for (const row of [...old, ...recent]) await store.insert(paymentRecords, row);

    expect(await prunePayments(store, NOW)).toBe(old.filter((row) => row.state !== 'settling').length);

    const kept = (await store.query(paymentRecords)).map((row) => row.id).sort();
    const expected = [...recent, ...old.filter((row) => row.state === 'settling')].map((row) => row.id).sort();
    expect(kept).toEqual(expected);
    expect(await prunePayments(store, NOW)).toBe(0);
  });
});
