// Account and signer checks both launch programs apply, failing with a logged reason: custom error
// codes for the programs' own rules, Solana's standard errors for signers and program ids.
import type { Address } from '@solana/kit';
import { Errors, type AccountView, type InstructionContext } from '../../runtime/program.js';

/** Log the reason and fail with the program's custom error `code`. */
export function fail(ctx: InstructionContext, code: number, message: string): never {
  ctx.log(`Error: ${message}`);
  throw Errors.custom(code, message);
}

export function requireSigner(ctx: InstructionContext, account: AccountView, what: string): void {
  if (account.isSigner) return;
  ctx.log(`Error: ${what} ${account.address} must sign`);
  throw Errors.missingRequiredSignature();
}

/** The account must be `expected` (a derived address, a vault, a configured wallet). */
export function requireAddress(ctx: InstructionContext, account: AccountView, expected: Address, what: string, code: number): void {
  if (account.address !== expected) fail(ctx, code, `${what} must be ${expected}, got ${account.address}`);
}

export function requireProgram(ctx: InstructionContext, account: AccountView, expected: Address, what: string): void {
  if (account.address === expected) return;
  ctx.log(`Error: ${what} must be ${expected}`);
  throw Errors.incorrectProgramId();
}

/** Overwrite an account's data in place (same length), as a program writes its own state. */
export function writeData(account: AccountView, data: Uint8Array): void {
  if (data.length !== account.data.length) throw Errors.accountDataTooSmall();
  account.data.set(data);
}
