// `trade`: one buy or sell of a coin on its bonding curve or in its pool.
import { z } from 'zod';
import { defineEvent } from './envelope.js';
import { address, amount } from './fields.js';

export const tradeData = z.strictObject({
  /** The coin's mint. */
  mint: address,
  /** Where it traded: the bonding curve or a pool. */
  venue: z.enum(['curve', 'pool']),
  /** The curve or pool account. */
  market: address,
  /** The wallet whose coins moved (the fee payer when unknown). */
  trader: address,
  /** Whether the trader bought or sold the coin. */
  side: z.enum(['buy', 'sell']),
  /** Coins moved, raw units. */
  coinAmount: amount,
  /** Quote moved, raw quote units, excluding the fee. */
  quoteAmount: amount,
  /** Trading fee charged, raw quote units. */
  feeAmount: amount,
  /** Part of the fee paid to the referrer, raw quote units. */
  referralFee: amount,
  /** Wallet that referred the trade; null without one. */
  referrer: address.nullable(),
  /** Mint of the quote token. */
  quoteMint: address,
  /** Reserves after the trade, raw units (virtual reserves on a curve). */
  reserves: z.strictObject({ coin: amount, quote: amount }),
});

export const tradeEvent = defineEvent('trade', tradeData);

export type TradeData = z.infer<typeof tradeData>;
export type TradeEvent = z.infer<typeof tradeEvent>;
