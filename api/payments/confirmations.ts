// Following sent payments until the chain confirms them: every payment waiting is looked up in one
// getSignatureStatuses call per tick (up to the method's 256 signatures), so frequent polling costs one call per
// tick however many payments are in flight.
import { TransactionOnchainFailureError } from '@x402/svm';
import { transactionErrorText, type ChainClient } from '../chain.js';

/** getSignatureStatuses takes at most this many signatures. */
const MAX_SIGNATURES = 256;

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
  deadline: number;
}

export class Confirmations {
  private readonly waiting = new Map<string, Waiter[]>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly chain: ChainClient,
    private readonly pollMs: number,
  ) {}

  /** Resolves once `signature` is confirmed; rejects with TransactionOnchainFailureError when it failed on chain,
   * or with a plain Error when it is not confirmed within `timeoutMs`. */
  wait(signature: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(signature) ?? [];
      waiters.push({ resolve, reject, deadline: Date.now() + timeoutMs });
      this.waiting.set(signature, waiters);
      this.timer ??= setTimeout(() => void this.tick(), this.pollMs);
    });
  }

  private async tick(): Promise<void> {
    const signatures = [...this.waiting.keys()].slice(0, MAX_SIGNATURES);
    const statuses = await this.chain.statuses(signatures).catch(() => signatures.map(() => null));
    const now = Date.now();
    signatures.forEach((signature, i) => {
      const status = statuses[i];
      const waiters = this.waiting.get(signature) ?? [];
      const settled = status !== null && status !== undefined && status.confirmationStatus !== 'processed';
      const left = waiters.filter((waiter) => {
        if (settled) {
          if (status.err === null) waiter.resolve();
          else waiter.reject(new TransactionOnchainFailureError(`the payment failed on chain: ${transactionErrorText(status.err)}`));
          return false;
        }
        if (now < waiter.deadline) return true;
        waiter.reject(new Error(`the payment ${signature} was not confirmed in time`));
        return false;
      });
      if (left.length > 0) this.waiting.set(signature, left);
      else this.waiting.delete(signature);
    });
    this.timer = this.waiting.size > 0 ? setTimeout(() => void this.tick(), this.pollMs) : null;
  }
}
