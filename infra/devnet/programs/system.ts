// The System program: create, assign, allocate and transfer, with Solana's checks, logs and errors.
import type { Address } from '@solana/kit';
import { addressFromBytes } from '../../../schemas/base58.js';
import { accountAt, Errors, type InstructionContext, type NativeProgram } from '../runtime/program.js';
import { SYSTEM_PROGRAM } from '../runtime/well-known.js';

/** SystemError codes (custom program errors). */
export const SystemError = { AccountAlreadyInUse: 0, ResultWithNegativeLamports: 1, InvalidAccountDataLength: 3 } as const;
const MAX_PERMITTED_DATA_LENGTH = 10n * 1024n * 1024n;

function inUse(ctx: InstructionContext, index: number): boolean {
  const account = accountAt(ctx, index);
  return account.lamports > 0n || account.data.length > 0 || account.owner !== SYSTEM_PROGRAM;
}

function requireSigner(ctx: InstructionContext, index: number, what: string): void {
  const account = accountAt(ctx, index);
  if (!account.isSigner) {
    ctx.log(`${what}: account ${account.address} must sign`);
    throw Errors.missingRequiredSignature();
  }
}

function transfer(ctx: InstructionContext, fromIndex: number, toIndex: number, lamports: bigint): void {
  const from = accountAt(ctx, fromIndex);
  const to = accountAt(ctx, toIndex);
  if (!from.isSigner) {
    ctx.log(`Transfer: \`from\` account ${from.address} must sign`);
    throw Errors.missingRequiredSignature();
  }
  if (from.data.length > 0) {
    ctx.log('Transfer: `from` must not carry data');
    throw Errors.invalidArgument();
  }
  if (lamports > from.lamports) {
    ctx.log(`Transfer: insufficient lamports ${from.lamports}, need ${lamports}`);
    throw Errors.custom(SystemError.ResultWithNegativeLamports);
  }
  from.lamports -= lamports;
  to.lamports += lamports;
}

function allocateAndAssign(ctx: InstructionContext, index: number, space: bigint, owner: Address | null): void {
  const account = accountAt(ctx, index);
  requireSigner(ctx, index, 'Allocate');
  if (space > 0n) {
    if (account.data.length > 0 || account.owner !== SYSTEM_PROGRAM) {
      ctx.log(`Allocate: account Address { address: ${account.address}, base: None } already in use`);
      throw Errors.custom(SystemError.AccountAlreadyInUse);
    }
    if (space > MAX_PERMITTED_DATA_LENGTH) throw Errors.custom(SystemError.InvalidAccountDataLength);
    account.data = new Uint8Array(Number(space));
  }
  if (owner && owner !== account.owner) account.owner = owner;
}

export const systemProgram: NativeProgram = {
  id: SYSTEM_PROGRAM,
  name: 'system',
  bpf: false,
  execute(ctx) {
    ctx.consume(150);
    const data = ctx.data;
    if (data.length < 4) throw Errors.invalidInstructionData();
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const kind = view.getUint32(0, true);
    switch (kind) {
      case 0: {
        // CreateAccount { lamports: u64, space: u64, owner: Pubkey }
        if (data.length < 52) throw Errors.invalidInstructionData();
        const lamports = view.getBigUint64(4, true);
        const space = view.getBigUint64(12, true);
        const owner = addressFromBytes(data, 20);
        if (inUse(ctx, 1)) {
          ctx.log(`Create Account: account Address { address: ${accountAt(ctx, 1).address}, base: None } already in use`);
          throw Errors.custom(SystemError.AccountAlreadyInUse);
        }
        allocateAndAssign(ctx, 1, space, owner);
        transfer(ctx, 0, 1, lamports);
        return;
      }
      case 1: {
        // Assign { owner }
        if (data.length < 36) throw Errors.invalidInstructionData();
        requireSigner(ctx, 0, 'Assign');
        accountAt(ctx, 0).owner = addressFromBytes(data, 4);
        return;
      }
      case 2: {
        // Transfer { lamports }
        if (data.length < 12) throw Errors.invalidInstructionData();
        transfer(ctx, 0, 1, view.getBigUint64(4, true));
        return;
      }
      case 8: {
        // Allocate { space }
        if (data.length < 12) throw Errors.invalidInstructionData();
        allocateAndAssign(ctx, 0, view.getBigUint64(4, true), null);
        return;
      }
      case 9: {
        // AllocateWithSeed is not offered; AssignWithSeed etc. likewise.
        throw Errors.invalidInstructionData();
      }
      default:
        throw Errors.invalidInstructionData();
    }
  },
};
