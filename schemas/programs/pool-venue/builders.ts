// Pool-venue instruction builders: one function per instruction returning a @solana/kit Instruction,
// PDAs and vaults derived synchronously (CreateLockedPool is built by the launchpad's Graduate CPI,
// so it has no builder here). Trader token accounts default to the trader's ATAs.
import { AccountRole, type Address, type Instruction } from '@solana/kit';
import { splitDestinations } from '../launchpad/builders.js';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  associatedTokenAddress,
  NATIVE_MINT_ID,
  quoteVaultAddress,
  SYSTEM_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '../token-addresses.js';
import { encodePoolVenueInstruction, type CreateMarketPoolArgs, type CreatePoolArgs, type SwapArgs } from './instructions.js';
import { poolAddresses, poolConfigPda } from './pdas.js';

const { READONLY, WRITABLE, WRITABLE_SIGNER } = AccountRole;
const meta = (address: Address, role: AccountRole) => ({ address, role });

export interface CreatePoolInput {
  programId: Address;
  payer: Address;
  creator: Address;
  mint: Address;
  args: CreatePoolArgs;
}

/** A launch pool (SOL pair). The coin is a Token-2022 mint when it has hooks, else SPL Token. */
export function createPoolInstruction(input: CreatePoolInput): Instruction {
  const tokenProgram = input.args.hooks !== 0 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
  const p = poolAddresses(input.programId, input.mint, tokenProgram, NATIVE_MINT_ID, TOKEN_PROGRAM_ID);
  return {
    programAddress: input.programId,
    accounts: [
      meta(input.payer, WRITABLE_SIGNER),
      meta(input.creator, WRITABLE_SIGNER),
      meta(input.mint, WRITABLE_SIGNER),
      meta(p.pool, WRITABLE),
      meta(p.poolTokenVault, WRITABLE),
      meta(associatedTokenAddress(input.creator, input.mint, tokenProgram), WRITABLE),
      meta(poolConfigPda(input.programId)[0], READONLY),
      meta(tokenProgram, READONLY),
      meta(SYSTEM_PROGRAM_ID, READONLY),
      meta(ASSOCIATED_TOKEN_PROGRAM_ID, READONLY),
    ],
    data: encodePoolVenueInstruction({ kind: 'createPool', args: input.args }),
  };
}

export interface CreateMarketPoolInput {
  programId: Address;
  admin: Address;
  mint: Address;
  tokenProgram: Address;
  /** Defaults to the admin's ATA for the mint. */
  adminTokenAccount?: Address;
  args: CreateMarketPoolArgs;
}

/** A plain market pool of `mint` against SOL, funded by the admin. */
export function createMarketPoolInstruction(input: CreateMarketPoolInput): Instruction {
  const p = poolAddresses(input.programId, input.mint, input.tokenProgram, NATIVE_MINT_ID, TOKEN_PROGRAM_ID);
  return {
    programAddress: input.programId,
    accounts: [
      meta(input.admin, WRITABLE_SIGNER),
      meta(poolConfigPda(input.programId)[0], READONLY),
      meta(p.pool, WRITABLE),
      meta(p.poolTokenVault, WRITABLE),
      meta(input.adminTokenAccount ?? associatedTokenAddress(input.admin, input.mint, input.tokenProgram), WRITABLE),
      meta(input.mint, READONLY),
      meta(input.tokenProgram, READONLY),
      meta(SYSTEM_PROGRAM_ID, READONLY),
      meta(ASSOCIATED_TOKEN_PROGRAM_ID, READONLY),
    ],
    data: encodePoolVenueInstruction({ kind: 'createMarketPool', args: input.args }),
  };
}

export interface SwapInput {
  programId: Address;
  trader: Address;
  mint: Address;
  tokenProgram: Address;
  quoteMint?: Address;
  quoteTokenProgram?: Address;
  traderTokenAccount?: Address;
  traderQuoteAccount?: Address;
  referrer?: Address;
  args: SwapArgs;
}

export function swapInstruction(input: SwapInput): Instruction {
  const quoteMint = input.quoteMint ?? NATIVE_MINT_ID;
  const quoteTokenProgram = input.quoteTokenProgram ?? TOKEN_PROGRAM_ID;
  const p = poolAddresses(input.programId, input.mint, input.tokenProgram, quoteMint, quoteTokenProgram);
  const accounts = [
    meta(input.trader, WRITABLE_SIGNER),
    meta(p.pool, WRITABLE),
    meta(p.poolTokenVault, WRITABLE),
    meta(p.poolQuoteVault, WRITABLE),
    meta(input.traderTokenAccount ?? associatedTokenAddress(input.trader, input.mint, input.tokenProgram), WRITABLE),
    meta(input.traderQuoteAccount ?? quoteVaultAddress(input.trader, quoteMint, quoteTokenProgram), WRITABLE),
    meta(input.mint, READONLY),
    meta(quoteMint, READONLY),
    meta(input.tokenProgram, READONLY),
    meta(quoteTokenProgram, READONLY),
    meta(SYSTEM_PROGRAM_ID, READONLY),
  ];
  if (input.referrer) accounts.push(meta(input.referrer, WRITABLE));
  return { programAddress: input.programId, accounts, data: encodePoolVenueInstruction({ kind: 'swap', args: input.args }) };
}

export interface PoolClaimFeesInput {
  programId: Address;
  mint: Address;
  quoteMint?: Address;
  quoteTokenProgram?: Address;
  /** The five split wallets in split order (Pool.split). */
  recipients: readonly Address[];
}

export function poolClaimFeesInstruction(input: PoolClaimFeesInput): Instruction {
  const quoteMint = input.quoteMint ?? NATIVE_MINT_ID;
  const quoteTokenProgram = input.quoteTokenProgram ?? TOKEN_PROGRAM_ID;
  const p = poolAddresses(input.programId, input.mint, TOKEN_PROGRAM_ID, quoteMint, quoteTokenProgram);
  return {
    programAddress: input.programId,
    accounts: [
      meta(p.pool, WRITABLE),
      meta(p.poolQuoteVault, WRITABLE),
      meta(quoteMint, READONLY),
      meta(quoteTokenProgram, READONLY),
      ...splitDestinations(input.recipients, quoteMint, quoteTokenProgram).map((a) => meta(a, WRITABLE)),
    ],
    data: encodePoolVenueInstruction({ kind: 'claimFees', args: {} }),
  };
}
