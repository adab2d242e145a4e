// `token.balance_changed`: a token account's balance before and after a transaction.
import { z } from 'zod';
import { defineEvent } from './envelope.js';
import { address, amount, signedAmount, tokenDecimals, tokenProgram } from './fields.js';

export const tokenBalanceChangedData = z
  .strictObject({
    /** Mint of the token. */
    mint: address,
    /** Wallet owning the token account. */
    owner: address,
    /** The token account. */
    tokenAccount: address,
    /** Token program owning the mint. */
    tokenProgram,
    /** Decimals of the mint. */
    decimals: tokenDecimals,
    /** Balance before the transaction, raw units. */
    pre: amount,
    /** Balance after the transaction, raw units. */
    post: amount,
    /** post - pre, raw units. */
    delta: signedAmount,
  })
  .superRefine((data, ctx) => {
    if (BigInt(data.post) - BigInt(data.pre) !== BigInt(data.delta)) {
      ctx.addIssue({ code: 'custom', path: ['delta'], message: 'delta must equal post - pre' });
    }
  });

export const tokenBalanceChangedEvent = defineEvent('token.balance_changed', tokenBalanceChangedData);

export type TokenBalanceChangedData = z.infer<typeof tokenBalanceChangedData>;
export type TokenBalanceChangedEvent = z.infer<typeof tokenBalanceChangedEvent>;
