// Token instructions the simulator and faucet need, built with the official program clients.
import { createNoopSigner, type Address, type Instruction } from '@solana/kit';
import {
  getBurnCheckedInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintToInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import { getTransferSolInstruction } from '@solana-program/system';
import { associatedTokenAddress } from '../../../schemas/programs/associated-token.js';
import { ASSOCIATED_TOKEN_PROGRAM } from '../runtime/well-known.js';

export function solTransfer(from: Address, to: Address, lamports: bigint): Instruction {
  return getTransferSolInstruction({ source: createNoopSigner(from), destination: to, amount: lamports });
}

export function createAtaIdempotent(payer: Address, owner: Address, mint: Address, tokenProgram: Address): Instruction {
  return getCreateAssociatedTokenIdempotentInstruction(
    {
      payer: createNoopSigner(payer),
      ata: associatedTokenAddress(owner, mint, tokenProgram),
      owner,
      mint,
      tokenProgram,
    },
    { programAddress: ASSOCIATED_TOKEN_PROGRAM },
  );
}

/** Owner-to-owner transfer between associated token accounts (the destination created if needed). */
export function tokenTransfer(input: {
  payer: Address;
  from: Address;
  to: Address;
  mint: Address;
  amount: bigint;
  decimals: number;
  tokenProgram: Address;
}): Instruction[] {
  return [
    createAtaIdempotent(input.payer, input.to, input.mint, input.tokenProgram),
    getTransferCheckedInstruction(
      {
        source: associatedTokenAddress(input.from, input.mint, input.tokenProgram),
        mint: input.mint,
        destination: associatedTokenAddress(input.to, input.mint, input.tokenProgram),
        authority: createNoopSigner(input.from),
        amount: input.amount,
        decimals: input.decimals,
      },
      { programAddress: input.tokenProgram },
    ),
  ];
}

export function mintTo(input: { mint: Address; owner: Address; authority: Address; amount: bigint; tokenProgram: Address }): Instruction {
  return getMintToInstruction(
    {
      mint: input.mint,
      token: associatedTokenAddress(input.owner, input.mint, input.tokenProgram),
      mintAuthority: createNoopSigner(input.authority),
      amount: input.amount,
    },
    { programAddress: input.tokenProgram },
  );
}

export function burnFromOwner(input: { owner: Address; mint: Address; amount: bigint; decimals: number; tokenProgram: Address }): Instruction {
  return getBurnCheckedInstruction(
    {
      account: associatedTokenAddress(input.owner, input.mint, input.tokenProgram),
      mint: input.mint,
      authority: createNoopSigner(input.owner),
      amount: input.amount,
      decimals: input.decimals,
    },
    { programAddress: input.tokenProgram },
  );
}
