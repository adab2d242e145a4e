// Instruction invocation: runs a native program on the transaction's working accounts, enforces
// Solana's account rules around every (cross-program) invocation, and records logs and inner
// instructions as a validator reports them.
import type { Address } from '@solana/kit';
import { createProgramAddressSync } from '../../../schemas/programs/pda.js';
import { instructionErrorText } from './error-text.js';
import {
  Errors,
  ProgramError,
  type AccountMetaInput,
  type AccountView,
  type Clock,
  type CpiInstruction,
  type InstructionContext,
  type NativeProgram,
} from './program.js';
import type { Account, CompiledInnerInstruction } from './types.js';
import { MAX_CPI_DEPTH, rentExemptMinimum } from './well-known.js';

/** A transaction's copy of one account while it executes. */
export interface WorkingAccount {
  readonly address: Address;
  readonly index: number;
  readonly txSigner: boolean;
  readonly txWritable: boolean;
  account: Account;
}

/** State shared by all invocations of one transaction. */
export interface InvocationState {
  readonly programs: ReadonlyMap<string, NativeProgram>;
  readonly accounts: ReadonlyMap<string, WorkingAccount>;
  readonly clock: Clock;
  readonly logs: string[];
  /** Inner instructions of the top-level instruction being executed. */
  inner: CompiledInnerInstruction[];
  computeRemaining: number;
}

class View implements AccountView {
  constructor(
    private readonly working: WorkingAccount,
    readonly isSigner: boolean,
    readonly isWritable: boolean,
  ) {}
  get address(): Address {
    return this.working.address;
  }
  get lamports(): bigint {
    return this.working.account.lamports;
  }
  set lamports(value: bigint) {
    if (value < 0n) throw new ProgramError('InsufficientFunds');
    this.working.account.lamports = value;
  }
  get owner(): Address {
    return this.working.account.owner;
  }
  set owner(value: Address) {
    this.working.account.owner = value;
  }
  get data(): Uint8Array {
    return this.working.account.data;
  }
  set data(value: Uint8Array) {
    this.working.account.data = value;
  }
  get executable(): boolean {
    return this.working.account.executable;
  }
  set executable(value: boolean) {
    this.working.account.executable = value;
  }
}

interface Snapshot {
  working: WorkingAccount;
  writable: boolean;
  lamports: bigint;
  owner: Address;
  data: Uint8Array;
  executable: boolean;
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function isZeroed(data: Uint8Array): boolean {
  for (let i = 0; i < data.length; i++) if (data[i] !== 0) return false;
  return true;
}

/** Solana's per-instruction account checks (the runtime's verify step). */
function verifyAccountChanges(programId: Address, snapshots: Snapshot[]): void {
  let before = 0n;
  let after = 0n;
  for (const s of snapshots) {
    const now = s.working.account;
    before += s.lamports;
    after += now.lamports;
    const ownedByProgram = s.owner === programId;
    if (now.owner !== s.owner) {
      if (!s.writable || !ownedByProgram || !isZeroed(now.data)) throw new ProgramError('ModifiedProgramId');
    }
    if (now.lamports !== s.lamports) {
      if (!s.writable) throw new ProgramError('ReadonlyLamportChange');
      if (now.lamports < s.lamports && !ownedByProgram) throw new ProgramError('ExternalAccountLamportSpend');
    }
    if (now.executable !== s.executable) throw new ProgramError('ExecutableModified');
    if (!bytesEqual(now.data, s.data)) {
      if (!s.writable) throw new ProgramError('ReadonlyDataModified');
      if (!ownedByProgram) {
        throw new ProgramError(now.data.length !== s.data.length ? 'AccountDataSizeChanged' : 'ExternalAccountDataModified');
      }
    }
  }
  if (before !== after) throw new ProgramError('UnbalancedInstruction');
}

export interface ResolvedMeta {
  working: WorkingAccount;
  isSigner: boolean;
  isWritable: boolean;
}

/** Run one instruction (top-level at height 1, or a CPI). Throws ProgramError on failure, after logging it. */
export function invoke(state: InvocationState, programId: Address, metas: ResolvedMeta[], data: Uint8Array, stackHeight: number): void {
  state.logs.push(`Program ${programId} invoke [${stackHeight}]`);
  const program = state.programs.get(programId);
  const unitsAtStart = state.computeRemaining;
  const fail = (error: ProgramError): never => {
    if (program?.bpf) {
      state.logs.push(`Program ${programId} consumed ${unitsAtStart - state.computeRemaining} of ${unitsAtStart} compute units`);
    }
    state.logs.push(`Program ${programId} failed: ${instructionErrorText(error.value)}`);
    throw error;
  };
  if (!program) return fail(new ProgramError('UnsupportedProgramId'));
  if (stackHeight > MAX_CPI_DEPTH) return fail(new ProgramError('CallDepth'));

  const snapshots = new Map<string, Snapshot>();
  for (const meta of metas) {
    const existing = snapshots.get(meta.working.address);
    if (existing) {
      existing.writable ||= meta.isWritable;
      continue;
    }
    const account = meta.working.account;
    snapshots.set(meta.working.address, {
      working: meta.working,
      writable: meta.isWritable,
      lamports: account.lamports,
      owner: account.owner,
      data: account.data.slice(),
      executable: account.executable,
    });
  }
  const views = metas.map((meta) => new View(meta.working, meta.isSigner, meta.isWritable));

  const ctx: InstructionContext = {
    programId,
    accounts: views,
    data,
    clock: state.clock,
    stackHeight,
    log: (message) => state.logs.push(`Program log: ${message}`),
    emit: (...parts) => state.logs.push(`Program data: ${parts.map((p) => Buffer.from(p).toString('base64')).join(' ')}`),
    consume: (units) => {
      state.computeRemaining -= units;
      if (state.computeRemaining < 0) {
        state.computeRemaining = 0;
        throw new ProgramError('ComputationalBudgetExceeded');
      }
    },
    invoke: (instruction, signerSeeds) => {
      // As Solana does at a CPI boundary: the caller's own changes so far must be valid, and what the
      // callee changes becomes the caller's new baseline (the callee verified it against its owner).
      const list = [...snapshots.values()];
      verifyAccountChanges(programId, list);
      cpi(state, programId, metas, instruction, signerSeeds ?? [], stackHeight + 1);
      for (const s of list) {
        const now = s.working.account;
        s.lamports = now.lamports;
        s.owner = now.owner;
        s.data = now.data.slice();
        s.executable = now.executable;
      }
    },
    rentExemptMinimum,
  };

  try {
    program.execute(ctx);
    verifyAccountChanges(programId, [...snapshots.values()]);
  } catch (error) {
    if (error instanceof ProgramError) return fail(error);
    if (error instanceof RangeError) return fail(new ProgramError('InvalidInstructionData'));
    throw error;
  }
  if (program.bpf) {
    state.logs.push(`Program ${programId} consumed ${unitsAtStart - state.computeRemaining} of ${unitsAtStart} compute units`);
  }
  state.logs.push(`Program ${programId} success`);
}

function cpi(
  state: InvocationState,
  callerId: Address,
  callerMetas: ResolvedMeta[],
  instruction: CpiInstruction,
  signerSeeds: Uint8Array[][],
  stackHeight: number,
): void {
  const pdaSigners = new Set<string>();
  for (const seeds of signerSeeds) {
    const pda = createProgramAddressSync(seeds, callerId);
    if (!pda) throw Errors.invalidSeeds();
    pdaSigners.add(pda);
  }
  const callerPrivileges = new Map<string, { signer: boolean; writable: boolean }>();
  for (const meta of callerMetas) {
    const p = callerPrivileges.get(meta.working.address) ?? { signer: false, writable: false };
    p.signer ||= meta.isSigner;
    p.writable ||= meta.isWritable;
    callerPrivileges.set(meta.working.address, p);
  }
  const resolve = (meta: AccountMetaInput): ResolvedMeta => {
    const working = state.accounts.get(meta.address);
    const caller = callerPrivileges.get(meta.address);
    // A callee may only see accounts its caller was given ("Instruction references an unknown account").
    if (!working || !caller) throw new ProgramError('MissingAccount');
    if (meta.isSigner && !(caller.signer || pdaSigners.has(meta.address))) throw new ProgramError('PrivilegeEscalation');
    if (meta.isWritable && !caller.writable) throw new ProgramError('PrivilegeEscalation');
    return { working, isSigner: meta.isSigner, isWritable: meta.isWritable };
  };
  const metas = instruction.accounts.map(resolve);
  const programAccount = state.accounts.get(instruction.programId);
  if (!programAccount || !callerPrivileges.has(instruction.programId)) throw new ProgramError('MissingAccount');
  state.inner.push({
    programIdIndex: programAccount.index,
    accounts: metas.map((m) => m.working.index),
    data: instruction.data,
    stackHeight,
  });
  invoke(state, instruction.programId, metas, instruction.data, stackHeight);
}
