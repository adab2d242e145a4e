// The simulator's view of a coin's market: where it trades (curve or pool), what a trade costs,
// and the instructions to buy, sell, claim fees and graduate, built with the programs' builders.
import type { Address, Instruction } from '@solana/kit';
import { DEVNET_ADDRESSES } from '../../../schemas/devnet-addresses.js';
import { associatedTokenAddress } from '../../../schemas/programs/associated-token.js';
import { COIN_DECIMALS } from '../../../schemas/programs/coin-rules.js';
import { buyExactIn, buyExactOut, sellExactIn, type Reserves } from '../../../schemas/programs/curve-math.js';
import { decodeCurve, type Curve } from '../../../schemas/programs/launchpad/accounts.js';
import { buyInstruction, claimFeesInstruction, graduateInstruction, sellInstruction } from '../../../schemas/programs/launchpad/builders.js';
import { curvePda } from '../../../schemas/programs/launchpad/pdas.js';
import { decodePool, poolReserves, type Pool } from '../../../schemas/programs/pool-venue/accounts.js';
import { poolClaimFeesInstruction, swapInstruction } from '../../../schemas/programs/pool-venue/builders.js';
import { poolPda } from '../../../schemas/programs/pool-venue/pdas.js';
import { isSolQuote } from '../../../schemas/programs/token-addresses.js';
import type { Bank } from '../ledger/bank.js';
import { readTokenAccount } from '../runtime/token-layout.js';
import { TOKEN_PROGRAM } from '../runtime/well-known.js';
import type { SimCoin } from './sim-state.js';
import { createAtaIdempotent } from './token-ops.js';

export { COIN_DECIMALS };
export const LAUNCHPAD = DEVNET_ADDRESSES.launchpadProgram as Address;
export const POOL_VENUE = DEVNET_ADDRESSES.poolVenueProgram as Address;

export type Market =
  | { venue: 'curve'; address: Address; curve: Curve; reserves: Reserves; feeBps: number }
  | { venue: 'pool'; address: Address; pool: Pool; reserves: Reserves; feeBps: number };

export function readCurve(bank: Bank, mint: Address): Curve | null {
  const account = bank.getAccount(curvePda(LAUNCHPAD, mint)[0]);
  return account ? decodeCurve(account.data) : null;
}

export function readPool(bank: Bank, mint: Address, quoteMint: Address): Pool | null {
  const account = bank.getAccount(poolPda(POOL_VENUE, mint, quoteMint)[0]);
  return account ? decodePool(account.data) : null;
}

/** Where the coin trades now: its curve until graduation, then its pool. */
export function marketOf(bank: Bank, coin: SimCoin): Market | null {
  if (coin.route === 'launchpad' && !coin.graduated) {
    const curve = readCurve(bank, coin.mint);
    if (!curve || curve.complete) return null;
    return {
      venue: 'curve',
      address: curvePda(LAUNCHPAD, coin.mint)[0],
      curve,
      reserves: { quote: curve.virtualQuote, token: curve.virtualToken },
      feeBps: curve.feeBps,
    };
  }
  const pool = readPool(bank, coin.mint, coin.quoteMint);
  if (!pool) return null;
  return { venue: 'pool', address: poolPda(POOL_VENUE, coin.mint, coin.quoteMint)[0], pool, reserves: poolReserves(pool), feeBps: pool.feeBps };
}

export function quoteTokenProgram(_quoteMint: Address): Address {
  return TOKEN_PROGRAM;
}

export function coinBalance(bank: Bank, coin: SimCoin, owner: Address): bigint {
  const account = bank.getAccount(associatedTokenAddress(owner, coin.mint, coin.tokenProgram));
  return account ? (readTokenAccount(account.data)?.amount ?? 0n) : 0n;
}

export function quoteBalance(bank: Bank, quoteMint: Address, owner: Address): bigint {
  if (isSolQuote(quoteMint)) return bank.getAccount(owner)?.lamports ?? 0n;
  const account = bank.getAccount(associatedTokenAddress(owner, quoteMint, TOKEN_PROGRAM));
  return account ? (readTokenAccount(account.data)?.amount ?? 0n) : 0n;
}

/** Instructions for a buy spending about `quoteIn` (fee included), with 2% slippage room; null when the market is closed.
 * `referrer` is named as the trade's referrer (the programs pay it the referral share of the fee on SOL pairs). */
export function buyInstructions(
  bank: Bank,
  coin: SimCoin,
  trader: Address,
  quoteIn: bigint,
  referrer?: Address,
): { instructions: Instruction[]; tokens: bigint } | null {
  const market = marketOf(bank, coin);
  if (!market) return null;
  const ata = createAtaIdempotent(trader, trader, coin.mint, coin.tokenProgram);
  const common = {
    trader,
    mint: coin.mint,
    tokenProgram: coin.tokenProgram,
    quoteMint: coin.quoteMint,
    quoteTokenProgram: quoteTokenProgram(coin.quoteMint),
    referrer,
  };
  if (market.venue === 'curve') {
    const estimate = buyExactIn(market.reserves, quoteIn, market.feeBps);
    const tokens = estimate.tokens < market.curve.realToken ? estimate.tokens : market.curve.realToken;
    if (tokens <= 0n) return null;
    const quote = buyExactOut(market.reserves, tokens, market.feeBps);
    return {
      tokens,
      instructions: [ata, buyInstruction({ programId: LAUNCHPAD, ...common, args: { tokenAmount: tokens, maxQuoteIn: (quote.total * 102n) / 100n } })],
    };
  }
  const quote = buyExactIn(market.reserves, quoteIn, market.feeBps);
  if (quote.tokens <= 0n) return null;
  return {
    tokens: quote.tokens,
    instructions: [ata, swapInstruction({ programId: POOL_VENUE, ...common, args: { side: 'buy', amountIn: quoteIn, minOut: (quote.tokens * 98n) / 100n } })],
  };
}

export function sellInstructions(bank: Bank, coin: SimCoin, trader: Address, tokens: bigint, referrer?: Address): Instruction[] | null {
  const market = marketOf(bank, coin);
  if (!market || tokens <= 0n) return null;
  const quote = sellExactIn(market.reserves, tokens, market.feeBps);
  const minOut = (quote.net * 98n) / 100n;
  const common = {
    trader,
    mint: coin.mint,
    tokenProgram: coin.tokenProgram,
    quoteMint: coin.quoteMint,
    quoteTokenProgram: quoteTokenProgram(coin.quoteMint),
    referrer,
  };
  if (market.venue === 'curve') return [sellInstruction({ programId: LAUNCHPAD, ...common, args: { tokenAmount: tokens, minQuoteOut: minOut } })];
  return [swapInstruction({ programId: POOL_VENUE, ...common, args: { side: 'sell', amountIn: tokens, minOut } })];
}

/** Fees waiting in the coin's market and the instruction to pay them out per the locked split. */
export function claimInstruction(bank: Bank, coin: SimCoin): { accrued: bigint; instruction: Instruction } | null {
  const market = marketOf(bank, coin);
  if (coin.route === 'launchpad' && !coin.graduated) {
    const curve = readCurve(bank, coin.mint);
    if (!curve?.splitLocked || curve.accruedFees === 0n) return null;
    const recipients = curve.split.map((s) => s.wallet);
    return {
      accrued: curve.accruedFees,
      instruction: claimFeesInstruction({ programId: LAUNCHPAD, mint: coin.mint, quoteMint: coin.quoteMint, quoteTokenProgram: TOKEN_PROGRAM, recipients }),
    };
  }
  if (market?.venue !== 'pool' || !market.pool.splitLocked || market.pool.accruedFees === 0n) return null;
  return {
    accrued: market.pool.accruedFees,
    instruction: poolClaimFeesInstruction({
      programId: POOL_VENUE,
      mint: coin.mint,
      quoteMint: coin.quoteMint,
      quoteTokenProgram: TOKEN_PROGRAM,
      recipients: market.pool.split.map((s) => s.wallet),
    }),
  };
}

export function graduateIx(coin: SimCoin, payer: Address): Instruction {
  return graduateInstruction({
    programId: LAUNCHPAD,
    poolVenueProgramId: POOL_VENUE,
    payer,
    mint: coin.mint,
    tokenProgram: coin.tokenProgram,
    quoteMint: coin.quoteMint,
    quoteTokenProgram: TOKEN_PROGRAM,
  });
}

/** Buy a listed token (basket or platform token) with SOL on its market pool. */
export function marketBuyInstructions(bank: Bank, mint: Address, trader: Address, lamports: bigint): { instructions: Instruction[]; tokens: bigint } | null {
  const pool = readPool(bank, mint, 'So11111111111111111111111111111111111111112' as Address);
  if (!pool || lamports <= 0n) return null;
  const quote = buyExactIn(poolReserves(pool), lamports, pool.feeBps);
  if (quote.tokens <= 0n) return null;
  return {
    tokens: quote.tokens,
    instructions: [
      createAtaIdempotent(trader, trader, mint, pool.tokenProgram),
      swapInstruction({
        programId: POOL_VENUE,
        trader,
        mint,
        tokenProgram: pool.tokenProgram,
        args: { side: 'buy', amountIn: lamports, minOut: quote.tokens },
      }),
    ],
  };
}
