// The pool-venue launch as instructions: one CreatePool that creates the coin (SPL Token, or Token-2022 with
// hooks) straight into its SOL pool, locks the fee split and runs the creator's optional first buy. The first
// buy's price is exact (it is the pool's first trade, inside the creating instruction), so its most-cost is
// the exact cost and nothing can slip.
import type { Address, Instruction } from '@solana/kit';
import { COIN_TOTAL_SUPPLY } from '../../schemas/programs/coin-rules.js';
import { buyExactOut } from '../../schemas/programs/curve-math.js';
import { createPoolInstruction } from '../../schemas/programs/pool-venue/builders.js';
import type { CreatePoolArgs } from '../../schemas/programs/pool-venue/instructions.js';
import { poolAddresses } from '../../schemas/programs/pool-venue/pdas.js';
import { NATIVE_MINT_ID, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../../schemas/programs/token-addresses.js';

/** CreatePool's arguments as the launch gives them (the first buy's most-cost is worked out here). */
export interface PoolLaunchInput extends Omit<CreatePoolArgs, 'maxQuoteIn' | 'hooks'> {
  programId: Address;
  creator: Address;
  mint: Address;
  hookFlags: number;
  /** The venue's virtual SOL on new launch pools (its config account). */
  launchVirtualQuote: bigint;
}

export interface FirstBuy {
  bps: number;
  tokens: bigint;
  maxLamports: bigint;
}

export interface PoolLaunchPlan {
  instruction: Instruction;
  pool: Address;
  tokenProgram: Address;
  buy: FirstBuy | null;
}

export function planPoolLaunch(input: PoolLaunchInput): PoolLaunchPlan {
  const tokenProgram = input.hookFlags !== 0 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
  const { pool } = poolAddresses(input.programId, input.mint, tokenProgram, NATIVE_MINT_ID, TOKEN_PROGRAM_ID);
  let buy: FirstBuy | null = null;
  if (input.buyBps > 0) {
    const tokens = (COIN_TOTAL_SUPPLY * BigInt(input.buyBps)) / 10_000n;
    const quote = buyExactOut({ quote: input.launchVirtualQuote, token: COIN_TOTAL_SUPPLY }, tokens, input.feeBps);
    buy = { bps: input.buyBps, tokens, maxLamports: quote.total };
  }
  const instruction = createPoolInstruction({
    programId: input.programId,
    payer: input.creator,
    creator: input.creator,
    mint: input.mint,
    args: {
      name: input.name,
      symbol: input.symbol,
      uri: input.uri,
      mode: input.mode,
      feeBps: input.feeBps,
      basket: input.basket,
      recipients: input.recipients,
      buyBps: input.buyBps,
      maxQuoteIn: buy?.maxLamports ?? 0n,
      hooks: input.hookFlags,
    },
  });
  return { instruction, pool, tokenProgram, buy };
}
