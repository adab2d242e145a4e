// The paywall's own share of a paid request, measured from outside api/: the bench's server wraps the Paywall
// instance's `verify` (shape, price, signatures, a simulation on the chain, the payment's record) and `settle`
// (the fee payer's signature, the send, the wait for confirmation, the record), timing each call. What a paid
// request takes beyond the two is the route itself and HTTP.
import type { Paywall } from '../../../api/payments/paywall.js';

export interface PaywallSample {
  verifyMs: number[];
  settleMs: number[];
  /** Calls that answered a refusal (verify) or a failed settlement. */
  refused: number;
}

export class PaywallTimes {
  private sample: PaywallSample = { verifyMs: [], settleMs: [], refused: 0 };

  constructor(paywall: Paywall) {
    const verify = paywall.verify.bind(paywall);
    const settle = paywall.settle.bind(paywall);
    paywall.verify = async (...args) => {
      const started = performance.now();
      const result = await verify(...args);
      this.sample.verifyMs.push(performance.now() - started);
      if (!result.ok) this.sample.refused += 1;
      return result;
    };
    paywall.settle = async (...args) => {
      const started = performance.now();
      const result = await settle(...args);
      this.sample.settleMs.push(performance.now() - started);
      if (!result.ok) this.sample.refused += 1;
      return result;
    };
  }

  /** The calls since the last take. */
  take(): PaywallSample {
    const sample = this.sample;
    this.sample = { verifyMs: [], settleMs: [], refused: 0 };
    return sample;
  }
}
