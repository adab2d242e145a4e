// `coin.graduated`: a coin left its bonding curve for its locked pool.
import { z } from 'zod';
import { defineEvent } from './envelope.js';
import { address, amount } from './fields.js';

export const coinGraduatedData = z.strictObject({
  /** The coin's mint. */
  mint: address,
  /** The bonding curve it left. */
  curve: address,
  /** The locked pool it moved into. */
  pool: address,
  /** Coins moved into the pool, raw units. */
  coinAmount: amount,
  /** Quote moved into the pool, raw quote units. */
  quoteAmount: amount,
});

export const coinGraduatedEvent = defineEvent('coin.graduated', coinGraduatedData);

export type CoinGraduatedData = z.infer<typeof coinGraduatedData>;
export type CoinGraduatedEvent = z.infer<typeof coinGraduatedEvent>;
