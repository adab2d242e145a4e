// `platform.burned`: the burn fund bought platform tokens and burned them.
import { z } from 'zod';
import { defineEvent } from './envelope.js';
import { address, amount } from './fields.js';

export const platformBurnedData = z.strictObject({
  /** Mint of the platform token. */
  platformMint: address,
  /** Platform tokens burned, raw units. */
  amount,
  /** Lamports spent buying them. */
  solCost: amount,
  /** Lamports left in the burn fund afterwards. */
  burnFundLamportsAfter: amount,
});

export const platformBurnedEvent = defineEvent('platform.burned', platformBurnedData);

export type PlatformBurnedData = z.infer<typeof platformBurnedData>;
export type PlatformBurnedEvent = z.infer<typeof platformBurnedEvent>;
