// `fund.balance`: the lamport balance of one of the service's funds after a transaction touched it.
import { z } from 'zod';
import { defineEvent } from './envelope.js';
import { address, amount } from './fields.js';

export const fundBalanceData = z.strictObject({
  /** Which fund. */
  fund: z.enum(['burn', 'ai', 'platform-share', 'flywheel', 'rewards', 'creator', 'liquidity']),
  /** The fund's wallet. */
  wallet: address,
  /** Its balance, lamports. */
  lamports: amount,
});

export const fundBalanceEvent = defineEvent('fund.balance', fundBalanceData);

export type FundBalanceData = z.infer<typeof fundBalanceData>;
export type FundBalanceEvent = z.infer<typeof fundBalanceEvent>;
