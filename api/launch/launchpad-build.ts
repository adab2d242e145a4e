// The launchpad launch as instruction groups: first the coin (CreateCoin, and the creator's first buy with
// its token account), then the fee split (LockFeeSplit, with the referrer's quote token account for token
// pairs so claims can pay it). The first buy is the curve's first trade inside the same transaction, so its
// cost is exact and is the most it may cost.
import { createNoopSigner, type Address, type Instruction } from '@solana/kit';
import { getCreateAssociatedTokenIdempotentInstruction } from '@solana-program/token';
import { COIN_TOTAL_SUPPLY, type BasketEntry, type HoldersPaid } from '../../schemas/programs/coin-rules.js';
import { buyExactIn, buyExactOut, type Reserves } from '../../schemas/programs/curve-math.js';
import { buyInstruction, createCoinInstruction, lockFeeSplitInstruction } from '../../schemas/programs/launchpad/builders.js';
import { curveAddresses } from '../../schemas/programs/launchpad/pdas.js';
import { ASSOCIATED_TOKEN_PROGRAM_ID, associatedTokenAddress, isSolQuote, TOKEN_PROGRAM_ID } from '../../schemas/programs/token-addresses.js';

/** Fee of coins launched on the launchpad route, bps of each trade's quote amount. */
export const LAUNCHPAD_ROUTE_FEE_BPS = 100;
/** Largest first buy: 10% of supply. */
export const MAX_LAUNCH_BUY_TOKENS = COIN_TOTAL_SUPPLY / 10n;

export interface LaunchpadBuy {
  tokens: bigint;
  maxLamports: bigint;
}

/** What `lamports` buys on a fresh curve, and its exact cost; `tooLarge` when it would pass 10% of supply. */
export function quoteLaunchBuy(initial: Reserves, lamports: bigint, feeBps: number): LaunchpadBuy & { tooLarge: boolean; maxLamportsAllowed: bigint } {
  const maxLamportsAllowed = buyExactOut(initial, MAX_LAUNCH_BUY_TOKENS, feeBps).total;
  const tokens = buyExactIn(initial, lamports, feeBps).tokens;
  const tooLarge = tokens > MAX_LAUNCH_BUY_TOKENS;
  const maxLamports = tokens > 0n && !tooLarge ? buyExactOut(initial, tokens, feeBps).total : 0n;
  return { tokens, maxLamports, tooLarge, maxLamportsAllowed };
}

export interface LaunchpadLaunchInput {
  programId: Address;
  payer: Address;
  creator: Address;
  mint: Address;
  quoteMint: Address;
  quoteTokenProgram: Address;
  name: string;
  symbol: string;
  uri: string;
  holdersPaid: HoldersPaid;
  basket: BasketEntry[];
  buy: LaunchpadBuy | null;
  referrer: Address | null;
}

export interface LaunchpadLaunchPlan {
  curve: Address;
  /** The coin with any first buy. */
  coin: Instruction[];
  /** The fee split. */
  split: Instruction[];
}

function createAta(payer: Address, owner: Address, mint: Address, tokenProgram: Address): Instruction {
  return getCreateAssociatedTokenIdempotentInstruction(
    { payer: createNoopSigner(payer), ata: associatedTokenAddress(owner, mint, tokenProgram), owner, mint, tokenProgram },
    { programAddress: ASSOCIATED_TOKEN_PROGRAM_ID },
  );
}

export function planLaunchpadLaunch(input: LaunchpadLaunchInput): LaunchpadLaunchPlan {
  const { curve } = curveAddresses(input.programId, input.mint, TOKEN_PROGRAM_ID, input.quoteMint, input.quoteTokenProgram);
  const coin: Instruction[] = [
    createCoinInstruction({
      programId: input.programId,
      payer: input.payer,
      creator: input.creator,
      mint: input.mint,
      quoteMint: input.quoteMint,
      quoteTokenProgram: input.quoteTokenProgram,
      args: {
        name: input.name,
        symbol: input.symbol,
        uri: input.uri,
        mode: 'holder',
        holdersPaid: input.holdersPaid,
        basket: input.basket,
        feeBps: LAUNCHPAD_ROUTE_FEE_BPS,
        hooks: 0,
      },
    }),
  ];
  if (input.buy) {
    coin.push(
      createAta(input.payer, input.creator, input.mint, TOKEN_PROGRAM_ID),
      buyInstruction({
        programId: input.programId,
        trader: input.creator,
        mint: input.mint,
        tokenProgram: TOKEN_PROGRAM_ID,
        quoteMint: input.quoteMint,
        quoteTokenProgram: input.quoteTokenProgram,
        args: { tokenAmount: input.buy.tokens, maxQuoteIn: input.buy.maxLamports },
      }),
    );
  }
  const split: Instruction[] = [];
  if (input.referrer && !isSolQuote(input.quoteMint)) split.push(createAta(input.payer, input.referrer, input.quoteMint, input.quoteTokenProgram));
  split.push(lockFeeSplitInstruction({ programId: input.programId, creator: input.creator, mint: input.mint, referrer: input.referrer }));
  return { curve, coin, split };
}
