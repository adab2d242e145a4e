// The paid tiers (spec 5.1) and their prices, from the configuration: Basic reads ($0.01 by default), the Premium
// read ($0.05), and a request past the free allowance, which costs the Basic price. Prices are micro-USD, the raw
// units of the dollar stablecoin paid in. Each paid operation of the OpenAPI document states its price.
import type { Config } from '../../schemas/config.js';
import { formatQuotient } from '../decimal.js';

export type Tier = 'basic' | 'premium';

export type PaymentsConfig = Pick<Config, 'payments' | 'mints'>;

/** What a call costs: its tier's price, else the Basic price past the free allowance, else nothing. */
export function callPrice(config: PaymentsConfig, tier: Tier | undefined, pastAllowance: boolean): bigint | null {
  if (tier !== undefined) return config.payments.prices[tier];
  return pastAllowance ? config.payments.prices.basic : null;
}

/** Micro-USD as dollars, e.g. 10000 → `0.01`. */
export function dollars(microUsd: bigint): string {
  return formatQuotient(microUsd, 1_000_000n, 6);
}

/** What a paid operation adds to its route schema: its price, in words and as data (`x-payment`). */
export function paidOperation(config: PaymentsConfig, tier: Tier): { description: string; 'x-payment': Record<string, string> } {
  const price = config.payments.prices[tier];
  return {
    description:
      `${tier === 'basic' ? 'Basic' : 'Premium'} tier: $${dollars(price)} a call, paid with x402 (version 2, scheme exact) in the dollar stablecoin. ` +
      'Unpaid, the answer is 402 with the payment requirements in the PAYMENT-REQUIRED header; repeat the request with the signed payment in ' +
      'PAYMENT-SIGNATURE. It is settled only when the answer succeeds, and the settlement comes back in PAYMENT-RESPONSE. A 400 or 404 is never charged.',
    'x-payment': {
      tier,
      scheme: 'exact',
      network: config.payments.network,
      asset: config.mints.stablecoin,
      amount: price.toString(),
      usd: dollars(price),
    },
  };
}
