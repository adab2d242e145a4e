// Moving a market's quote token in and out of a curve or pool PDA: SOL as lamports held by the PDA
// itself (debited directly, the PDA being the program's), SPL quotes in the PDA's token account
// (transfers signed by the PDA); the payout of a claim by the locked split; the anti-sniper check.
import type { Address } from '@solana/kit';
import { antiSniperLimit, HOOK_ANTI_SNIPER } from '../../../../schemas/programs/coin-rules.js';
import { divideFees, type SplitRecipient, type SplitShare } from '../../../../schemas/programs/fee-split.js';
import { isSolQuote } from '../../../../schemas/programs/token-addresses.js';
import { Errors, type AccountView, type InstructionContext } from '../../runtime/program.js';
import { readTokenAccount } from '../../runtime/token-layout.js';
import { fail } from './checks.js';
import { transferLamports, transferTokens } from './cpi.js';

/** A market's quote token: its mint address, the mint account (needed for SPL transfers; may be the
 * native mint's empty account for SOL), its token program and decimals. */
export interface QuoteToken {
  mint: Address;
  mintAccount: AccountView | null;
  tokenProgram: Address;
  decimals: number;
}

export function isSol(quote: QuoteToken): boolean {
  return isSolQuote(quote.mint);
}

function splMint(quote: QuoteToken): AccountView {
  if (!quote.mintAccount) throw Errors.notEnoughAccountKeys();
  return quote.mintAccount;
}

/** Quote from a signing payer into the market: `vault` is the PDA for SOL, its token account otherwise. */
export function quoteIn(
  ctx: InstructionContext,
  quote: QuoteToken,
  payer: AccountView,
  payerQuoteAccount: AccountView,
  vault: AccountView,
  amount: bigint,
): void {
  if (isSol(quote)) transferLamports(ctx, payer, vault, amount);
  else transferTokens(ctx, quote.tokenProgram, payerQuoteAccount, splMint(quote), vault, payer.address, amount, quote.decimals);
}

/** Quote out of the market, signed by its PDA. */
export function quoteOut(
  ctx: InstructionContext,
  quote: QuoteToken,
  pda: AccountView,
  seeds: Uint8Array[],
  vault: AccountView,
  destination: AccountView,
  amount: bigint,
): void {
  if (amount === 0n) return;
  if (isSol(quote)) {
    pda.lamports -= amount;
    destination.lamports += amount;
  } else {
    transferTokens(ctx, quote.tokenProgram, vault, splMint(quote), destination, pda.address, amount, quote.decimals, seeds);
  }
}

/** Pay `total` out by the split to `destinations` (the wallets for SOL, token accounts the wallets own
 * for SPL quotes, in split order). `code` is the program's InvalidAccount error. */
export function payFeeShares(
  ctx: InstructionContext,
  quote: QuoteToken,
  pda: AccountView,
  seeds: Uint8Array[],
  vault: AccountView,
  split: readonly SplitRecipient[],
  destinations: readonly AccountView[],
  total: bigint,
  code: number,
): SplitShare[] {
  const shares = divideFees(total, split);
  for (const [i, share] of shares.entries()) {
    const destination = destinations[i];
    if (!destination) return fail(ctx, code, `missing the ${share.role} fee account`);
    if (isSol(quote)) {
      if (destination.address !== share.wallet) fail(ctx, code, `${share.role} fee account must be ${share.wallet}`);
    } else {
      const state = readTokenAccount(destination.data);
      if (!state || state.owner !== share.wallet || state.mint !== quote.mint) {
        fail(ctx, code, `${share.role} fee account must be a ${quote.mint} token account of ${share.wallet}`);
      }
    }
    quoteOut(ctx, quote, pda, seeds, vault, destination, share.amount);
  }
  return shares;
}

export interface AntiSniperTerms {
  hooks: number;
  antiSniperLimitBps: number;
  antiSniperWindowSeconds: number;
  launchTimestamp: bigint;
  launchSlot: bigint;
  creator: Address;
  totalSupply: bigint;
}

/** With the anti-sniper hook, inside the window after launch, a buy may not leave the receiving token
 * account above the limit. The creator's launch buy (in the launch slot) is exempt. */
export function checkAntiSniper(ctx: InstructionContext, terms: AntiSniperTerms, buyer: Address, buyerTokenAccount: AccountView, code: number): void {
  if ((terms.hooks & HOOK_ANTI_SNIPER) === 0) return;
  if (ctx.clock.unixTimestamp >= terms.launchTimestamp + BigInt(terms.antiSniperWindowSeconds)) return;
  if (buyer === terms.creator && ctx.clock.slot === terms.launchSlot) return;
  const balance = readTokenAccount(buyerTokenAccount.data)?.amount ?? 0n;
  const limit = antiSniperLimit(terms.totalSupply, terms.antiSniperLimitBps);
  if (balance > limit) fail(ctx, code, `anti-sniper: ${balance} exceeds ${limit} during the first ${terms.antiSniperWindowSeconds}s`);
}
