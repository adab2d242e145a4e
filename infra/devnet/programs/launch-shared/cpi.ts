// Cross-program calls the launchpad and the pool venue make: System (create accounts, transfers),
// SPL Token / Token-2022 (mint, revoke, transfer) and the ATA program, built with the standard
// instruction layouts so the devnet's token programs run exactly what mainnet's would.
import type { Address } from '@solana/kit';
import {
  AuthorityType,
  getInitializeMint2InstructionDataEncoder,
  getMintToInstructionDataEncoder,
  getSetAuthorityInstructionDataEncoder,
  getTransferCheckedInstructionDataEncoder,
} from '@solana-program/token';
import {
  getAllocateInstructionDataEncoder,
  getAssignInstructionDataEncoder,
  getCreateAccountInstructionDataEncoder,
  getTransferSolInstructionDataEncoder,
} from '@solana-program/system';
import type { AccountView, InstructionContext } from '../../runtime/program.js';
import { readMint, readTokenAccount } from '../../runtime/token-layout.js';
import { ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM } from '../../runtime/well-known.js';

type Seeds = Uint8Array[];
const bytes = (data: ArrayLike<number>): Uint8Array => new Uint8Array(data);
const meta = (account: AccountView | Address, isSigner: boolean, isWritable: boolean) => ({
  address: typeof account === 'string' ? account : account.address,
  isSigner,
  isWritable,
});

export function transferLamports(ctx: InstructionContext, from: AccountView, to: AccountView, lamports: bigint): void {
  if (lamports === 0n) return;
  ctx.invoke({
    programId: SYSTEM_PROGRAM,
    accounts: [meta(from, true, true), meta(to, false, true)],
    data: bytes(getTransferSolInstructionDataEncoder().encode({ amount: lamports })),
  });
}

/** Create a rent-exempt account owned by `owner`; `seeds` sign for a PDA target. Works when the PDA
 * already holds lamports (top up, allocate, assign), as Anchor's init does. */
export function createAccount(ctx: InstructionContext, payer: AccountView, target: AccountView, space: number, owner: Address, seeds?: Seeds): void {
  const rent = ctx.rentExemptMinimum(space);
  const signers = seeds ? [seeds] : undefined;
  if (target.lamports === 0n) {
    ctx.invoke(
      {
        programId: SYSTEM_PROGRAM,
        accounts: [meta(payer, true, true), meta(target, true, true)],
        data: bytes(getCreateAccountInstructionDataEncoder().encode({ lamports: rent, space, programAddress: owner })),
      },
      signers,
    );
    return;
  }
  if (target.lamports < rent) transferLamports(ctx, payer, target, rent - target.lamports);
  const one = [meta(target, true, true)];
  ctx.invoke({ programId: SYSTEM_PROGRAM, accounts: one, data: bytes(getAllocateInstructionDataEncoder().encode({ space })) }, signers);
  ctx.invoke({ programId: SYSTEM_PROGRAM, accounts: one, data: bytes(getAssignInstructionDataEncoder().encode({ programAddress: owner })) }, signers);
}

/** A fresh mint (the mint signs its own creation) with `authority` as mint authority and no freeze authority. */
export function createMint(ctx: InstructionContext, payer: AccountView, mint: AccountView, tokenProgram: Address, decimals: number, authority: Address): void {
  createAccount(ctx, payer, mint, 82, tokenProgram);
  ctx.invoke({
    programId: tokenProgram,
    accounts: [meta(mint, false, true)],
    data: bytes(getInitializeMint2InstructionDataEncoder().encode({ decimals, mintAuthority: authority, freezeAuthority: null })),
  });
}

/** CreateIdempotent on the ATA program: the associated token account of `owner` for `mint`. */
export function createAssociatedTokenAccount(
  ctx: InstructionContext,
  payer: AccountView,
  ata: AccountView,
  owner: Address,
  mint: AccountView,
  tokenProgram: Address,
): void {
  ctx.invoke({
    programId: ASSOCIATED_TOKEN_PROGRAM,
    accounts: [
      meta(payer, true, true),
      meta(ata, false, true),
      meta(owner, false, false),
      meta(mint, false, false),
      meta(SYSTEM_PROGRAM, false, false),
      meta(tokenProgram, false, false),
    ],
    data: Uint8Array.of(1),
  });
}

export function mintTo(
  ctx: InstructionContext,
  tokenProgram: Address,
  mint: AccountView,
  destination: AccountView,
  authority: Address,
  amount: bigint,
  seeds: Seeds,
): void {
  ctx.invoke(
    {
      programId: tokenProgram,
      accounts: [meta(mint, false, true), meta(destination, false, true), meta(authority, true, false)],
      data: bytes(getMintToInstructionDataEncoder().encode({ amount })),
    },
    [seeds],
  );
}

/** SetAuthority(MintTokens, None): the supply is fixed from then on. */
export function revokeMintAuthority(ctx: InstructionContext, tokenProgram: Address, mint: AccountView, authority: Address, seeds: Seeds): void {
  ctx.invoke(
    {
      programId: tokenProgram,
      accounts: [meta(mint, false, true), meta(authority, true, false)],
      data: bytes(getSetAuthorityInstructionDataEncoder().encode({ authorityType: AuthorityType.MintTokens, newAuthority: null })),
    },
    [seeds],
  );
}

/** TransferChecked; `seeds` when the authority is the calling program's PDA. */
export function transferTokens(
  ctx: InstructionContext,
  tokenProgram: Address,
  source: AccountView,
  mint: AccountView,
  destination: AccountView,
  authority: Address,
  amount: bigint,
  decimals: number,
  seeds?: Seeds,
): void {
  if (amount === 0n) return;
  ctx.invoke(
    {
      programId: tokenProgram,
      accounts: [meta(source, false, true), meta(mint, false, false), meta(destination, false, true), meta(authority, true, false)],
      data: bytes(getTransferCheckedInstructionDataEncoder().encode({ amount, decimals })),
    },
    seeds ? [seeds] : undefined,
  );
}

/** Balance of a token account, or null when the account is not one. */
export function tokenBalance(account: AccountView): bigint | null {
  return readTokenAccount(account.data)?.amount ?? null;
}

/** A coin's whole fixed supply: a fresh mint whose authority is the market PDA, the PDA's token
 * vault (its ATA), the supply minted into it, then the mint authority revoked. No freeze authority. */
export function mintFixedSupply(
  ctx: InstructionContext,
  input: { payer: AccountView; mint: AccountView; vault: AccountView; owner: Address; seeds: Seeds; tokenProgram: Address; decimals: number; supply: bigint },
): void {
  createMint(ctx, input.payer, input.mint, input.tokenProgram, input.decimals, input.owner);
  createAssociatedTokenAccount(ctx, input.payer, input.vault, input.owner, input.mint, input.tokenProgram);
  mintTo(ctx, input.tokenProgram, input.mint, input.vault, input.owner, input.supply, input.seeds);
  revokeMintAuthority(ctx, input.tokenProgram, input.mint, input.owner, input.seeds);
}

/** Decimals of a mint account (0 when it is not one). */
export function mintDecimals(mint: AccountView): number {
  return readMint(mint.data)?.decimals ?? 0;
}
