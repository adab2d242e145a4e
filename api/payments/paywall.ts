// Paid calls over x402 v2, the same for HTTP routes and MCP tools: the challenge (PaymentRequired) for a price, then
// for a payment offered: `verify` before the call runs and `settle` only once it succeeded. The facilitator runs in
// this process (@x402/core's x402Facilitator with @x402/svm's exact scheme) against the chain's JSON-RPC; the
// service's fee payer co-signs and pays the network fee. Every payment has a durable record (payment-records.ts):
// its state decides, across restarts and API processes, that a payment settles once and its answer goes out once.
import { getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder, type Address } from '@solana/kit';
import { x402Facilitator } from '@x402/core/facilitator';
import { isPaymentPayloadV2 } from '@x402/core/schemas';
import { x402ResourceServer, type FacilitatorClient } from '@x402/core/server';
import type { PaymentPayload, PaymentRequired, PaymentRequirements, SettleResponse, SupportedResponse } from '@x402/core/types';
import { ExactSvmScheme as ExactSvmFacilitatorScheme } from '@x402/svm/exact/facilitator';
import { ExactSvmScheme as ExactSvmServerScheme } from '@x402/svm/exact/server';
import type { Logger } from 'pino';
import type { ServiceKeys } from '../../infra/keys/service-keys.js';
import { OpStoreConflictError, type OpStore } from '../../infra/opstore/op-store.js';
import type { X402Network } from '../../schemas/config.js';
import type { ChainClient } from '../chain.js';
import { Confirmations } from './confirmations.js';
import { feePayerSigner } from './fee-payer-signer.js';
import { paymentKey, paymentRecords, prunePayments, type PaymentRecord } from './payment-records.js';
import { resolveSettling } from './settlement-status.js';

export interface PaywallDeps {
  network: X402Network;
  /** The dollar stablecoin paid in: prices are its raw units (micro-USD). */
  asset: Address;
  payTo: Address;
  feePayer: Address;
  keys: ServiceKeys;
  chain: ChainClient;
  opstore: OpStore;
  /** Public root the paid resources are named under. */
  siteUrl: string;
  logger?: Logger;
  /** How long settlement follows a sent payment before answering that it is pending (default 12 s). */
  confirmWaitMs?: number;
  /** How often settlement looks at the chain for the payments it is following (default 100 ms; one call for all). */
  pollMs?: number;
}

/** A payment refused, or a settlement that failed: the call is answered 402 with `error` and a fresh challenge. */
export interface PaymentRefusal {
  ok: false;
  error: string;
  /** The settlement's own report, when one was made (sent as PAYMENT-RESPONSE). */
  settlement?: SettleResponse;
}

/** A payment that may pay for the call being made. */
export interface VerifiedPayment {
  ok: true;
  payment: PaymentPayload;
  requirements: PaymentRequirements;
  key: string;
  /** Set when the payment had already settled without its answer going out: the call is paid, settle returns this. */
  owed: SettleResponse | null;
}

export type Settlement = { ok: true; receipt: SettleResponse } | PaymentRefusal;

const SCHEME = 'exact';
/** How long a payment's requirements stay valid for the client (x402 `maxTimeoutSeconds`). */
const MAX_TIMEOUT_SECONDS = 60;
/** How often the sweep drops old payment records. */
const PRUNE_INTERVAL_MS = 3_600_000;

/** The message of the payment's transaction (the exact scheme's `payload.transaction`, base64) and its blockhash, or
 * null when it does not decode. */
function paymentMessage(payment: PaymentPayload): { bytes: Uint8Array; blockhash: string } | null {
  const transaction = (payment.payload as { transaction?: unknown }).transaction;
  if (typeof transaction !== 'string') return null;
  try {
    const bytes = new Uint8Array(getTransactionDecoder().decode(getBase64Encoder().encode(transaction)).messageBytes);
    return { bytes, blockhash: getCompiledTransactionMessageDecoder().decode(bytes).lifetimeToken };
  } catch {
    return null;
  }
}

const refusal = (error: string, settlement?: SettleResponse): PaymentRefusal => ({ ok: false, error, ...(settlement ? { settlement } : {}) });

export class Paywall {
  private readonly requirements = new Map<bigint, Promise<PaymentRequirements>>();
  private lastPrune = 0;

  private constructor(
    private readonly deps: PaywallDeps,
    private readonly server: x402ResourceServer,
  ) {}

  static async open(deps: PaywallDeps): Promise<Paywall> {
    const signer = feePayerSigner({
      feePayer: deps.feePayer,
      keys: deps.keys,
      chain: deps.chain,
      confirmations: new Confirmations(deps.chain, deps.pollMs ?? 100),
      confirmWaitMs: deps.confirmWaitMs ?? 12_000,
      beforeSend: async (key, signature) => {
        await deps.opstore.update(paymentRecords, key, { signature, updatedAt: Date.now() });
      },
    });
    const facilitator = new x402Facilitator().register(deps.network, new ExactSvmFacilitatorScheme(signer));
    const local: FacilitatorClient = {
      verify: (payload, requirements) => facilitator.verify(payload, requirements),
      settle: (payload, requirements) => facilitator.settle(payload, requirements),
      getSupported: async () => facilitator.getSupported() as SupportedResponse,
    };
    const server = new x402ResourceServer(local).register(deps.network, new ExactSvmServerScheme());
    await server.initialize();
    return new Paywall(deps, server);
  }

  /** The challenge for a call costing `price` micro-USD of `resource` (a path under the site, without a query: the
   * route and path a payment for it names), with a recent blockhash for the client to use. */
  async challenge(price: bigint, resource: string, error: string): Promise<PaymentRequired> {
    const base = await this.requirementsFor(price);
    const lifetime = await this.deps.chain.latestBlockhash().catch(() => null);
    const requirements = lifetime
      ? { ...base, extra: { ...base.extra, recentBlockhash: lifetime.blockhash, lastValidBlockHeight: lifetime.lastValidBlockHeight.toString() } }
      : base;
    return this.server.createPaymentRequiredResponse([requirements], { url: this.resourceUrl(resource), mimeType: 'application/json' }, error);
  }

  /** Check a payment offered for a call costing `price` of `resource`: its shape, that it names this resource (a
   * payment is for the call it was challenged for, not for any call of its price), that it pays exactly this price
   * in the stablecoin to the service, its signatures and a simulation, and that it was not used before. */
  async verify(price: bigint, resource: string, offered: unknown): Promise<VerifiedPayment | PaymentRefusal> {
    if (!isPaymentPayloadV2(offered)) return refusal('the payment is not an x402 version 2 payment payload');
    const payment = offered as PaymentPayload;
    const url = this.resourceUrl(resource);
    if (payment.resource?.url !== url) {
      const named = typeof payment.resource?.url === 'string' ? `is for ${payment.resource.url}` : 'names no resource';
      return refusal(`the payment ${named}, not for this call (${url}); pay with the PAYMENT-REQUIRED challenge of this call`);
    }
    const requirements = await this.requirementsFor(price);
    if (!this.server.findMatchingRequirements([requirements], payment)) {
      return refusal(
        `the payment does not match this call's price: ${requirements.amount} raw units of ${requirements.asset} to ${requirements.payTo}, scheme ${SCHEME} on ${requirements.network}`,
      );
    }
    const message = paymentMessage(payment);
    if (message === null) return refusal('the payment transaction cannot be decoded');
    const key = paymentKey(message.bytes);
    const store = this.deps.opstore;
    let record = await store.get(paymentRecords, key);
    if (record?.state === 'settling') record = await resolveSettling(store, this.deps.chain, record);
    if (record?.state === 'settled') {
      if (record.served) return refusal('this payment was already used');
      const owed = await this.claimOwedAnswer(key);
      if (owed === null) return refusal('this payment was already used');
      return { ok: true, payment, requirements, key, owed: this.receipt(owed) };
    }
    if (record?.state === 'settling') return refusal('this payment is being settled; ask again with the same payment shortly');
    if (record?.state === 'failed') return refusal(`this payment cannot be used: ${record.reason ?? 'it did not land'}`);

    const verdict = await this.server.verifyPayment(payment, requirements);
    if (!verdict.isValid) {
      return refusal(`the payment was refused: ${verdict.invalidReason ?? 'invalid'}${verdict.invalidMessage ? ` (${verdict.invalidMessage})` : ''}`);
    }
    if (record === null) {
      const now = Date.now();
      await store
        .insert(paymentRecords, {
          id: key,
          state: 'verified',
          resource,
          amount: requirements.amount,
          asset: requirements.asset,
          payTo: requirements.payTo,
          payer: verdict.payer ?? null,
          blockhash: message.blockhash,
          signature: null,
          served: false,
          reason: null,
          createdAt: now,
          updatedAt: now,
        })
        .catch((error: unknown) => {
          // The same payment verified at the same moment by another call: its record holds.
          if (!(error instanceof OpStoreConflictError)) throw error;
        });
    }
    return { ok: true, payment, requirements, key, owed: null };
  }

  /** The call succeeded: settle its payment on chain (at most once), or hand back the receipt of one already settled. */
  async settle(verified: VerifiedPayment): Promise<Settlement> {
    if (verified.owed) return { ok: true, receipt: verified.owed };
    const store = this.deps.opstore;
    const claimed = await store.transact(async (tx) => {
      const record = await tx.get(paymentRecords, verified.key);
      if (record?.state !== 'verified') return false;
      await tx.update(paymentRecords, verified.key, { state: 'settling', signature: null, updatedAt: Date.now() });
      return true;
    });
    if (!claimed) return refusal('this payment was already used');
    let result: SettleResponse;
    try {
      result = await this.server.settlePayment(verified.payment, verified.requirements);
    } catch (error) {
      this.deps.logger?.error({ err: error, payment: verified.key }, 'settlement failed');
      const record = await store.get(paymentRecords, verified.key);
      if (record?.state === 'settling' && record.signature === null) await this.mark(verified.key, { state: 'verified' });
      return refusal('the payment could not be settled; it was not charged unless its transaction landed, ask again with the same payment');
    }
    if (result.success) {
      await this.mark(verified.key, { state: 'settled', served: true, signature: result.transaction, payer: result.payer ?? null });
      return { ok: true, receipt: result };
    }
    if (result.errorReason === 'settlement_pending') {
      return refusal('the payment was sent but is not confirmed yet; ask again with the same payment to get the answer once it lands', result);
    }
    const reason = result.errorMessage ?? result.errorReason ?? 'settlement failed';
    await this.mark(verified.key, { state: 'failed', reason, signature: result.transaction || null });
    return refusal(`the payment could not be settled: ${reason}`, result);
  }

  /** A call that was owed its answer did not succeed after all: the answer is still owed. */
  async release(verified: VerifiedPayment): Promise<void> {
    if (verified.owed) await this.mark(verified.key, { served: false });
  }

  /** Resolve payments left settling (a confirmation that timed out, a process that stopped) from the chain, and once
   * an hour drop the records kept long enough (prunePayments). */
  async sweep(olderThanMs = 30_000): Promise<void> {
    const store = this.deps.opstore;
    const now = Date.now();
    const stale = await store.query(paymentRecords, {
      where: [
        ['state', '=', 'settling'],
        ['updatedAt', '<', now - olderThanMs],
      ],
    });
    for (const record of stale) await resolveSettling(store, this.deps.chain, record, olderThanMs);
    if (now - this.lastPrune < PRUNE_INTERVAL_MS) return;
    this.lastPrune = now;
    await prunePayments(store, now);
  }

  private resourceUrl(resource: string): string {
    return `${this.deps.siteUrl}${resource}`;
  }

  private requirementsFor(price: bigint): Promise<PaymentRequirements> {
    let requirements = this.requirements.get(price);
    if (!requirements) {
      requirements = this.server
        .buildPaymentRequirements({
          scheme: SCHEME,
          network: this.deps.network,
          payTo: this.deps.payTo,
          price: { amount: price.toString(), asset: this.deps.asset },
          maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
        })
        .then(([built]) => {
          if (!built) throw new Error(`no payment requirements for ${this.deps.network}`);
          return built;
        });
      this.requirements.set(price, requirements);
    }
    return requirements;
  }

  private async claimOwedAnswer(key: string): Promise<PaymentRecord | null> {
    return this.deps.opstore.transact(async (tx) => {
      const record = await tx.get(paymentRecords, key);
      if (record?.state !== 'settled' || record.served) return null;
      return tx.update(paymentRecords, key, { served: true, updatedAt: Date.now() });
    });
  }

  private receipt(record: PaymentRecord): SettleResponse {
    return { success: true, transaction: record.signature ?? '', network: this.deps.network, payer: record.payer ?? undefined };
  }

  private async mark(key: string, patch: Partial<Omit<PaymentRecord, 'id'>>): Promise<void> {
    await this.deps.opstore.update(paymentRecords, key, { ...patch, updatedAt: Date.now() });
  }
}
