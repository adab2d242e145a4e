// Field schemas shared by the event envelope and the event catalog: addresses, raw amounts, bps, slots, shared enums.
import { z } from 'zod';
import { isAddress, isSignature, type Address, type Signature } from '@solana/kit';

/** Longest raw amount accepted, in digits (u128::MAX has 39). */
export const MAX_AMOUNT_DIGITS = 39;

/** A chain address: base58, 32 bytes once decoded. */
export const address = z
  .string()
  .refine(isAddress, { error: 'expected a base58 address' })
  .transform((value) => value as Address);

/** A transaction signature: base58, 64 bytes once decoded. */
export const signature = z
  .string()
  .refine(isSignature, { error: 'expected a base58 transaction signature' })
  .transform((value) => value as Signature);

/** A non-negative raw-unit integer as a decimal string, no sign, no leading zeros. A malformed amount aborts the
 * parse of its object, so object refinements may read amounts with BigInt safely. */
export const amount = z
  .string()
  .regex(/^(0|[1-9]\d*)$/, { error: 'expected a raw-unit integer as a decimal string', abort: true })
  .max(MAX_AMOUNT_DIGITS, { error: `expected at most ${MAX_AMOUNT_DIGITS} digits` });

/** A raw-unit delta: like `amount`, with an optional leading minus (never `-0`). */
export const signedAmount = z
  .string()
  .regex(/^(0|-?[1-9]\d*)$/, { error: 'expected a signed raw-unit integer as a decimal string', abort: true })
  .refine((value) => value.replace('-', '').length <= MAX_AMOUNT_DIGITS, {
    error: `expected at most ${MAX_AMOUNT_DIGITS} digits`,
  });

/** Basis points: an integer share, 10000 = 100%. */
export const bps = z.int().min(0).max(10_000);

/** A slot number. */
export const slot = z.int().nonnegative();

/** Decimals of an SPL or Token-2022 mint (a u8 on chain). */
export const tokenDecimals = z.int().min(0).max(255);

/** Which token program owns a mint. */
export const tokenProgram = z.enum(['spl', 'token-2022']);

/** What a coin's holders are paid in: the pair (quote) token or a basket of tokens. */
export const paidIn = z.enum(['pair', 'basket']);

/** A party in a coin's locked fee split. */
export const feeRole = z.enum(['holders', 'creator', 'service', 'ai-fund', 'burn', 'referrer', 'liquidity']);

/** A payout round number, counted from 1. */
export const round = z.int().positive();

/** Sum of raw amounts as a bigint (inputs already validated as `amount`). */
export function sumAmounts(values: readonly string[]): bigint {
  return values.reduce((total, value) => total + BigInt(value), 0n);
}

export type Amount = z.infer<typeof amount>;
export type SignedAmount = z.infer<typeof signedAmount>;
export type TokenProgram = z.infer<typeof tokenProgram>;
export type PaidIn = z.infer<typeof paidIn>;
export type FeeRole = z.infer<typeof feeRole>;
