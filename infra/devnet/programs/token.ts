// SPL Token and Token-2022 as devnet programs: one implementation of the base instruction set
// (mints, accounts, transfers, delegates, freezing, wrapped SOL), parameterised by program id, with
// the real byte layouts, TokenError codes, log lines and near-mainnet compute costs. Token-2022 adds
// the ImmutableOwner account extension (its associated token accounts are 170 bytes). Multisig
// authorities are refused with a logged reason; instructions that need return data only validate.
import { address, type Address } from '@solana/kit';
import { addressFromBytes } from '../../../schemas/base58.js';
import { accountAt, Errors, ProgramError, type AccountView, type InstructionContext, type NativeProgram } from '../runtime/program.js';
import {
  ACCOUNT_TYPE_OFFSET,
  AccountType,
  EXTENSION_IMMUTABLE_OWNER,
  extensionEntries,
  MINT_SIZE,
  MULTISIG_SIZE,
  readMint,
  readTokenAccount,
  TOKEN_ACCOUNT_SIZE,
  TokenAccountStatus,
  writeExtensionHeader,
  writeMint,
  writeTokenAccount,
  type MintState,
  type TokenAccountState,
} from '../runtime/token-layout.js';
import type { Account, InstructionErrorValue } from '../runtime/types.js';
import { NATIVE_MINT, rentExemptMinimum, SYSTEM_PROGRAM, SYSVAR_RENT, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../runtime/well-known.js';

/** TokenError codes (Token-2022 continues the same enum). */
export const TokenError = {
  NotRentExempt: 0,
  InsufficientFunds: 1,
  InvalidMint: 2,
  MintMismatch: 3,
  OwnerMismatch: 4,
  FixedSupply: 5,
  AlreadyInUse: 6,
  InvalidNumberOfProvidedSigners: 7,
  InvalidNumberOfRequiredSigners: 8,
  UninitializedState: 9,
  NativeNotSupported: 10,
  NonNativeHasBalance: 11,
  InvalidInstruction: 12,
  InvalidState: 13,
  Overflow: 14,
  AuthorityTypeNotSupported: 15,
  MintCannotFreeze: 16,
  AccountFrozen: 17,
  MintDecimalsMismatch: 18,
  NonNativeNotSupported: 19,
  ImmutableOwner: 34,
} as const;

/** What the programs print for each error (`PrintProgramError`). */
const ERROR_LOG: Record<number, string> = {
  0: 'Error: Lamport balance below rent-exempt threshold',
  1: 'Error: insufficient funds',
  2: 'Error: Invalid Mint',
  3: 'Error: Account not associated with this Mint',
  4: 'Error: owner does not match',
  5: 'Error: the total supply of this token is fixed',
  6: 'Error: account or token already in use',
  7: 'Error: Invalid number of provided signers',
  8: 'Error: Invalid number of required signers',
  9: 'Error: State is uninitialized',
  10: 'Error: Instruction does not support native tokens',
  11: 'Error: Non-native account can only be closed if its balance is zero',
  12: 'Error: Invalid instruction',
  13: 'Error: Invalid account state for operation',
  14: 'Error: Operation overflowed',
  15: 'Error: Account does not support specified authority type',
  16: 'Error: This token mint cannot freeze accounts',
  17: 'Error: Account is frozen',
  18: 'Error: decimals different from the Mint decimals',
  19: 'Error: Instruction does not support non-native tokens',
  34: 'The owner authority cannot be changed',
};

/** Token-2022's wrapped-SOL mint (the legacy program's is So111…112). */
export const TOKEN_2022_NATIVE_MINT = address('9pan9bMn5HatX4EJdBwg9VgCa7Uz5HL8N1m5D3NdXejP');
const INCINERATOR = address('1nc1nerator11111111111111111111111111111111');
const U64_MAX = 2n ** 64n - 1n;
const AuthorityType = { MintTokens: 0, FreezeAccount: 1, AccountOwner: 2, CloseAccount: 3 } as const;

/** Compute units per instruction: [SPL Token, Token-2022], close to what mainnet reports. */
const UNITS: Record<string, readonly [number, number]> = {
  InitializeMint: [2_967, 3_262],
  InitializeAccount: [4_527, 4_980],
  InitializeMultisig: [2_800, 3_100],
  Transfer: [4_645, 6_183],
  Approve: [2_904, 3_192],
  Revoke: [2_777, 3_049],
  SetAuthority: [3_248, 3_571],
  MintTo: [4_538, 5_929],
  Burn: [4_753, 6_106],
  CloseAccount: [2_916, 3_207],
  FreezeAccount: [4_255, 4_680],
  ThawAccount: [4_268, 4_693],
  TransferChecked: [6_200, 7_953],
  ApproveChecked: [4_457, 4_902],
  MintToChecked: [4_586, 6_025],
  BurnChecked: [4_794, 6_201],
  InitializeAccount2: [4_388, 4_826],
  SyncNative: [3_045, 3_349],
  InitializeAccount3: [4_188, 4_606],
  InitializeMultisig2: [2_700, 3_000],
  InitializeMint2: [2_780, 3_058],
  GetAccountDataSize: [1_569, 1_622],
  InitializeImmutableOwner: [1_405, 1_427],
  AmountToUiAmount: [2_147, 2_435],
};
const UNPACK_UNITS = 300;

interface Flavor {
  id: Address;
  is2022: boolean;
  nativeMint: Address;
}

const tokenError = (code: number): ProgramError => new ProgramError({ Custom: code });

/** Instruction data reader; running short is TokenError::InvalidInstruction, as the programs unpack. */
class Reader {
  private offset = 0;
  constructor(private readonly data: Uint8Array) {}
  private need(n: number): void {
    if (this.offset + n > this.data.length) throw tokenError(TokenError.InvalidInstruction);
  }
  u8(): number {
    this.need(1);
    return this.data[this.offset++]!;
  }
  u64(): bigint {
    this.need(8);
    const value = new DataView(this.data.buffer, this.data.byteOffset + this.offset, 8).getBigUint64(0, true);
    this.offset += 8;
    return value;
  }
  address(): Address {
    this.need(32);
    const value = addressFromBytes(this.data, this.offset);
    this.offset += 32;
    return value;
  }
  optionAddress(): Address | null {
    const tag = this.u8();
    if (tag === 0) return null;
    if (tag !== 1) throw tokenError(TokenError.InvalidInstruction);
    return this.address();
  }
  remaining(): number {
    return this.data.length - this.offset;
  }
}

function errorLog(value: InstructionErrorValue): string | null {
  if (typeof value === 'string') return value === 'ComputationalBudgetExceeded' ? null : `Error: ${value}`;
  if ('Custom' in value) return ERROR_LOG[value.Custom] ?? 'Error: Unknown';
  return null;
}

function isRentExempt(ctx: InstructionContext, account: AccountView): boolean {
  return account.lamports >= ctx.rentExemptMinimum(account.data.length);
}

function checkRentSysvar(account: AccountView): void {
  if (account.address !== SYSVAR_RENT) throw Errors.invalidArgument();
}

function checkProgramOwner(f: Flavor, account: AccountView): void {
  if (account.owner !== f.id) throw Errors.incorrectProgramId();
}

/** The base-state length rules: exactly 165 bytes for SPL Token; Token-2022 allows extensions after it. */
function checkAccountLayout(f: Flavor, data: Uint8Array, initialized: boolean): void {
  if (!f.is2022) {
    if (data.length !== TOKEN_ACCOUNT_SIZE) throw Errors.invalidAccountData();
    return;
  }
  if (data.length < TOKEN_ACCOUNT_SIZE || data.length === MULTISIG_SIZE) throw Errors.invalidAccountData();
  if (data.length > TOKEN_ACCOUNT_SIZE) {
    const type = data[ACCOUNT_TYPE_OFFSET];
    if (type !== AccountType.Account && (initialized || type !== AccountType.Uninitialized)) throw Errors.invalidAccountData();
  }
}

function unpackAccount(f: Flavor, account: AccountView): TokenAccountState {
  checkAccountLayout(f, account.data, true);
  const state = readTokenAccount(account.data);
  if (!state) throw Errors.uninitializedAccount();
  return state;
}

/** Account::unpack_unchecked plus the is_initialized check of the initialize instructions. */
function requireUninitializedAccount(f: Flavor, account: AccountView): void {
  checkAccountLayout(f, account.data, false);
  if (account.data[108] !== TokenAccountStatus.Uninitialized) throw tokenError(TokenError.AlreadyInUse);
}

function unpackMint(account: AccountView): MintState {
  if (account.data.length !== MINT_SIZE) throw Errors.invalidAccountData();
  const mint = readMint(account.data)!;
  if (!mint.isInitialized) throw Errors.uninitializedAccount();
  return mint;
}

function requireValidMint(f: Flavor, mint: AccountView): MintState {
  checkProgramOwner(f, mint);
  try {
    return unpackMint(mint);
  } catch {
    throw tokenError(TokenError.InvalidMint);
  }
}

function ownedBySystemOrIncinerator(state: TokenAccountState): boolean {
  return state.owner === SYSTEM_PROGRAM || state.owner === INCINERATOR;
}

function validateOwner(ctx: InstructionContext, f: Flavor, expected: Address, authority: AccountView): void {
  if (authority.address !== expected) throw tokenError(TokenError.OwnerMismatch);
  if (authority.owner === f.id && authority.data.length === MULTISIG_SIZE) {
    ctx.log('Error: multisig authorities are not supported by the devnet');
    throw Errors.invalidAccountData();
  }
  if (!authority.isSigner) throw Errors.missingRequiredSignature();
}

/** Owner or delegate authorises spending `amount`; a delegate's allowance shrinks (unless `keepAllowance`). */
function authorizeSpend(ctx: InstructionContext, f: Flavor, state: TokenAccountState, authority: AccountView, amount: bigint, keepAllowance: boolean): void {
  if (state.delegate !== null && authority.address === state.delegate) {
    validateOwner(ctx, f, state.delegate, authority);
    if (state.delegatedAmount < amount) throw tokenError(TokenError.InsufficientFunds);
    if (keepAllowance) return;
    state.delegatedAmount -= amount;
    if (state.delegatedAmount === 0n) state.delegate = null;
    return;
  }
  validateOwner(ctx, f, state.owner, authority);
}

function checkedAdd(a: bigint, b: bigint): bigint {
  if (a + b > U64_MAX) throw tokenError(TokenError.Overflow);
  return a + b;
}

function checkedSub(a: bigint, b: bigint): bigint {
  if (b > a) throw tokenError(TokenError.Overflow);
  return a - b;
}

function checkExpectedMint(mint: AccountView | null, state: TokenAccountState, decimals: number | null): void {
  if (!mint || decimals === null) return;
  if (mint.address !== state.mint) throw tokenError(TokenError.MintMismatch);
  if (unpackMint(mint).decimals !== decimals) throw tokenError(TokenError.MintDecimalsMismatch);
}

function initializeMint(ctx: InstructionContext, decimals: number, mintAuthority: Address, freezeAuthority: Address | null, rentSysvar: boolean): void {
  const mint = accountAt(ctx, 0);
  if (rentSysvar) checkRentSysvar(accountAt(ctx, 1));
  if (mint.data.length !== MINT_SIZE) throw Errors.invalidAccountData();
  const current = readMint(mint.data)!;
  if (current.isInitialized) throw tokenError(TokenError.AlreadyInUse);
  if (!isRentExempt(ctx, mint)) throw tokenError(TokenError.NotRentExempt);
  writeMint(mint.data, { ...current, mintAuthority, decimals, isInitialized: true, freezeAuthority });
}

function initializeAccount(ctx: InstructionContext, f: Flavor, ownerArg: Address | null, rentSysvar: boolean): void {
  const account = accountAt(ctx, 0);
  const mint = accountAt(ctx, 1);
  let next = 2;
  const owner = ownerArg ?? accountAt(ctx, next++).address;
  if (rentSysvar) checkRentSysvar(accountAt(ctx, next));
  requireUninitializedAccount(f, account);
  if (!isRentExempt(ctx, account)) throw tokenError(TokenError.NotRentExempt);
  const isNative = mint.address === f.nativeMint;
  if (!isNative || f.is2022) requireValidMint(f, mint);
  const reserve = isNative ? ctx.rentExemptMinimum(account.data.length) : null;
  writeTokenAccount(account.data, {
    mint: mint.address,
    owner,
    amount: reserve === null ? 0n : checkedSub(account.lamports, reserve),
    delegate: null,
    state: TokenAccountStatus.Initialized,
    isNative: reserve,
    delegatedAmount: 0n,
    closeAuthority: null,
  });
  if (account.data.length > TOKEN_ACCOUNT_SIZE) account.data[ACCOUNT_TYPE_OFFSET] = AccountType.Account;
}

function transfer(ctx: InstructionContext, f: Flavor, amount: bigint, decimals: number | null): void {
  let i = 0;
  const source = accountAt(ctx, i++);
  const mint = decimals === null ? null : accountAt(ctx, i++);
  const destination = accountAt(ctx, i++);
  const authority = accountAt(ctx, i);
  const src = unpackAccount(f, source);
  const dst = unpackAccount(f, destination);
  if (src.state === TokenAccountStatus.Frozen || dst.state === TokenAccountStatus.Frozen) {
    throw tokenError(TokenError.AccountFrozen);
  }
  if (src.amount < amount) throw tokenError(TokenError.InsufficientFunds);
  if (src.mint !== dst.mint) throw tokenError(TokenError.MintMismatch);
  checkExpectedMint(mint, src, decimals);
  const selfTransfer = source.address === destination.address;
  authorizeSpend(ctx, f, src, authority, amount, selfTransfer);
  if (selfTransfer || amount === 0n || f.is2022) {
    checkProgramOwner(f, source);
    checkProgramOwner(f, destination);
  }
  if (selfTransfer) return;
  src.amount = checkedSub(src.amount, amount);
  dst.amount = checkedAdd(dst.amount, amount);
  if (src.isNative !== null) {
    source.lamports = checkedSub(source.lamports, amount);
    destination.lamports = checkedAdd(destination.lamports, amount);
  }
  writeTokenAccount(source.data, src);
  writeTokenAccount(destination.data, dst);
}

function approve(ctx: InstructionContext, f: Flavor, amount: bigint, decimals: number | null): void {
  let i = 0;
  const source = accountAt(ctx, i++);
  const mint = decimals === null ? null : accountAt(ctx, i++);
  const delegate = accountAt(ctx, i++);
  const owner = accountAt(ctx, i);
  const state = unpackAccount(f, source);
  if (state.state === TokenAccountStatus.Frozen) throw tokenError(TokenError.AccountFrozen);
  checkExpectedMint(mint, state, decimals);
  validateOwner(ctx, f, state.owner, owner);
  writeTokenAccount(source.data, { ...state, delegate: delegate.address, delegatedAmount: amount });
}

function revoke(ctx: InstructionContext, f: Flavor): void {
  const source = accountAt(ctx, 0);
  const state = unpackAccount(f, source);
  const authority = accountAt(ctx, 1);
  if (state.state === TokenAccountStatus.Frozen) throw tokenError(TokenError.AccountFrozen);
  // Token-2022 also lets the delegate give up its allowance.
  const byDelegate = f.is2022 && state.delegate !== null && authority.address === state.delegate;
  validateOwner(ctx, f, byDelegate ? state.delegate! : state.owner, authority);
  writeTokenAccount(source.data, { ...state, delegate: null, delegatedAmount: 0n });
}

function isAccountLayout(f: Flavor, data: Uint8Array): boolean {
  return f.is2022 ? data.length >= TOKEN_ACCOUNT_SIZE && data.length !== MULTISIG_SIZE : data.length === TOKEN_ACCOUNT_SIZE;
}

function setAuthority(ctx: InstructionContext, f: Flavor, authorityType: number, newAuthority: Address | null): void {
  const target = accountAt(ctx, 0);
  const authority = accountAt(ctx, 1);
  if (isAccountLayout(f, target.data)) {
    const state = unpackAccount(f, target);
    if (state.state === TokenAccountStatus.Frozen) throw tokenError(TokenError.AccountFrozen);
    if (authorityType === AuthorityType.AccountOwner) {
      validateOwner(ctx, f, state.owner, authority);
      if (f.is2022 && extensionEntries(target.data).has(EXTENSION_IMMUTABLE_OWNER)) {
        throw tokenError(TokenError.ImmutableOwner);
      }
      if (newAuthority === null) throw tokenError(TokenError.InvalidInstruction);
      state.owner = newAuthority;
      state.delegate = null;
      state.delegatedAmount = 0n;
      if (state.isNative !== null) state.closeAuthority = null;
    } else if (authorityType === AuthorityType.CloseAccount) {
      validateOwner(ctx, f, state.closeAuthority ?? state.owner, authority);
      state.closeAuthority = newAuthority;
    } else {
      throw tokenError(TokenError.AuthorityTypeNotSupported);
    }
    writeTokenAccount(target.data, state);
  } else if (target.data.length === MINT_SIZE) {
    const mint = unpackMint(target);
    if (authorityType === AuthorityType.MintTokens) {
      if (mint.mintAuthority === null) throw tokenError(TokenError.FixedSupply);
      validateOwner(ctx, f, mint.mintAuthority, authority);
      mint.mintAuthority = newAuthority;
    } else if (authorityType === AuthorityType.FreezeAccount) {
      if (mint.freezeAuthority === null) throw tokenError(TokenError.MintCannotFreeze);
      validateOwner(ctx, f, mint.freezeAuthority, authority);
      mint.freezeAuthority = newAuthority;
    } else {
      throw tokenError(TokenError.AuthorityTypeNotSupported);
    }
    writeMint(target.data, mint);
  } else {
    throw Errors.invalidArgument();
  }
}

function mintTo(ctx: InstructionContext, f: Flavor, amount: bigint, decimals: number | null): void {
  const mintAccount = accountAt(ctx, 0);
  const destination = accountAt(ctx, 1);
  const authority = accountAt(ctx, 2);
  const dst = unpackAccount(f, destination);
  if (dst.state === TokenAccountStatus.Frozen) throw tokenError(TokenError.AccountFrozen);
  if (dst.isNative !== null) throw tokenError(TokenError.NativeNotSupported);
  if (mintAccount.address !== dst.mint) throw tokenError(TokenError.MintMismatch);
  const mint = unpackMint(mintAccount);
  if (decimals !== null && decimals !== mint.decimals) throw tokenError(TokenError.MintDecimalsMismatch);
  if (mint.mintAuthority === null) throw tokenError(TokenError.FixedSupply);
  validateOwner(ctx, f, mint.mintAuthority, authority);
  if (amount === 0n) {
    checkProgramOwner(f, mintAccount);
    checkProgramOwner(f, destination);
  }
  dst.amount = checkedAdd(dst.amount, amount);
  mint.supply = checkedAdd(mint.supply, amount);
  writeTokenAccount(destination.data, dst);
  writeMint(mintAccount.data, mint);
}

function burn(ctx: InstructionContext, f: Flavor, amount: bigint, decimals: number | null): void {
  const source = accountAt(ctx, 0);
  const mintAccount = accountAt(ctx, 1);
  const authority = accountAt(ctx, 2);
  const src = unpackAccount(f, source);
  const mint = unpackMint(mintAccount);
  if (src.state === TokenAccountStatus.Frozen) throw tokenError(TokenError.AccountFrozen);
  if (src.isNative !== null) throw tokenError(TokenError.NativeNotSupported);
  if (src.amount < amount) throw tokenError(TokenError.InsufficientFunds);
  if (mintAccount.address !== src.mint) throw tokenError(TokenError.MintMismatch);
  if (decimals !== null && decimals !== mint.decimals) throw tokenError(TokenError.MintDecimalsMismatch);
  if (!ownedBySystemOrIncinerator(src)) authorizeSpend(ctx, f, src, authority, amount, false);
  if (amount === 0n) {
    checkProgramOwner(f, source);
    checkProgramOwner(f, mintAccount);
  }
  src.amount = checkedSub(src.amount, amount);
  mint.supply = checkedSub(mint.supply, amount);
  writeTokenAccount(source.data, src);
  writeMint(mintAccount.data, mint);
}

function closeAccount(ctx: InstructionContext, f: Flavor): void {
  const source = accountAt(ctx, 0);
  const destination = accountAt(ctx, 1);
  const authority = accountAt(ctx, 2);
  if (source.address === destination.address) throw Errors.invalidAccountData();
  const state = unpackAccount(f, source);
  if (state.isNative === null && state.amount !== 0n) throw tokenError(TokenError.NonNativeHasBalance);
  if (!ownedBySystemOrIncinerator(state)) {
    validateOwner(ctx, f, state.closeAuthority ?? state.owner, authority);
  } else if (destination.address !== INCINERATOR) {
    throw Errors.invalidAccountData();
  }
  destination.lamports = checkedAdd(destination.lamports, source.lamports);
  source.lamports = 0n;
  source.data = new Uint8Array(0);
  source.owner = SYSTEM_PROGRAM;
}

function toggleFreeze(ctx: InstructionContext, f: Flavor, freeze: boolean): void {
  const source = accountAt(ctx, 0);
  const mintAccount = accountAt(ctx, 1);
  const authority = accountAt(ctx, 2);
  const state = unpackAccount(f, source);
  if ((state.state === TokenAccountStatus.Frozen) === freeze) throw tokenError(TokenError.InvalidState);
  if (state.isNative !== null) throw tokenError(TokenError.NativeNotSupported);
  if (mintAccount.address !== state.mint) throw tokenError(TokenError.MintMismatch);
  const mint = unpackMint(mintAccount);
  if (mint.freezeAuthority === null) throw tokenError(TokenError.MintCannotFreeze);
  validateOwner(ctx, f, mint.freezeAuthority, authority);
  state.state = freeze ? TokenAccountStatus.Frozen : TokenAccountStatus.Initialized;
  writeTokenAccount(source.data, state);
}

function syncNative(ctx: InstructionContext, f: Flavor): void {
  const account = accountAt(ctx, 0);
  checkProgramOwner(f, account);
  const state = unpackAccount(f, account);
  if (state.isNative === null) throw tokenError(TokenError.NonNativeNotSupported);
  const amount = checkedSub(account.lamports, state.isNative);
  if (amount < state.amount) throw tokenError(TokenError.InvalidState);
  writeTokenAccount(account.data, { ...state, amount });
}

function initializeImmutableOwner(ctx: InstructionContext, f: Flavor): void {
  const account = accountAt(ctx, 0);
  requireUninitializedAccount(f, account);
  if (!f.is2022) {
    ctx.log('Please upgrade to SPL Token 2022 for immutable owner support');
    return;
  }
  if (account.data.length <= TOKEN_ACCOUNT_SIZE) throw Errors.invalidAccountData();
  account.data[ACCOUNT_TYPE_OFFSET] = AccountType.Account;
  if (!writeExtensionHeader(account.data, EXTENSION_IMMUTABLE_OWNER, 0)) throw Errors.invalidAccountData();
}

function createTokenProgram(name: string, f: Flavor): NativeProgram {
  const column = f.is2022 ? 1 : 0;
  const run = (ctx: InstructionContext): void => {
    // Unpacking costs a little even when it fails; the rest is charged once the instruction is known.
    ctx.consume(UNPACK_UNITS);
    const r = new Reader(ctx.data);
    const tag = r.u8();
    const begin = (instruction: string): void => {
      ctx.consume(UNITS[instruction]![column] - UNPACK_UNITS);
      ctx.log(`Instruction: ${instruction}`);
    };
    switch (tag) {
      case 0:
      case 20: {
        const decimals = r.u8();
        const authority = r.address();
        const freeze = r.optionAddress();
        begin(tag === 0 ? 'InitializeMint' : 'InitializeMint2');
        return initializeMint(ctx, decimals, authority, freeze, tag === 0);
      }
      case 1:
        begin('InitializeAccount');
        return initializeAccount(ctx, f, null, true);
      case 16:
      case 18: {
        const owner = r.address();
        begin(tag === 16 ? 'InitializeAccount2' : 'InitializeAccount3');
        return initializeAccount(ctx, f, owner, tag === 16);
      }
      case 2:
      case 19:
        r.u8();
        begin(tag === 2 ? 'InitializeMultisig' : 'InitializeMultisig2');
        ctx.log('Error: multisig accounts are not supported by the devnet');
        throw tokenError(TokenError.InvalidInstruction);
      case 3:
      case 12: {
        const amount = r.u64();
        const decimals = tag === 12 ? r.u8() : null;
        begin(tag === 3 ? 'Transfer' : 'TransferChecked');
        return transfer(ctx, f, amount, decimals);
      }
      case 4:
      case 13: {
        const amount = r.u64();
        const decimals = tag === 13 ? r.u8() : null;
        begin(tag === 4 ? 'Approve' : 'ApproveChecked');
        return approve(ctx, f, amount, decimals);
      }
      case 5:
        begin('Revoke');
        return revoke(ctx, f);
      case 6: {
        const authorityType = r.u8();
        if (authorityType > (f.is2022 ? 16 : 3)) throw tokenError(TokenError.InvalidInstruction);
        const newAuthority = r.optionAddress();
        begin('SetAuthority');
        return setAuthority(ctx, f, authorityType, newAuthority);
      }
      case 7:
      case 14: {
        const amount = r.u64();
        const decimals = tag === 14 ? r.u8() : null;
        begin(tag === 7 ? 'MintTo' : 'MintToChecked');
        return mintTo(ctx, f, amount, decimals);
      }
      case 8:
      case 15: {
        const amount = r.u64();
        const decimals = tag === 15 ? r.u8() : null;
        begin(tag === 8 ? 'Burn' : 'BurnChecked');
        return burn(ctx, f, amount, decimals);
      }
      case 9:
        begin('CloseAccount');
        return closeAccount(ctx, f);
      case 10:
      case 11:
        begin(tag === 10 ? 'FreezeAccount' : 'ThawAccount');
        return toggleFreeze(ctx, f, tag === 10);
      case 17:
        begin('SyncNative');
        return syncNative(ctx, f);
      case 21: {
        // Token-2022 reads the extension types the new account needs (u16 each).
        if (f.is2022 && r.remaining() % 2 !== 0) throw tokenError(TokenError.InvalidInstruction);
        begin('GetAccountDataSize');
        requireValidMint(f, accountAt(ctx, 0));
        return;
      }
      case 22:
        begin('InitializeImmutableOwner');
        return initializeImmutableOwner(ctx, f);
      case 23: {
        r.u64();
        begin('AmountToUiAmount');
        requireValidMint(f, accountAt(ctx, 0));
        return;
      }
      default:
        if (tag === 24 || (f.is2022 && tag <= 44)) ctx.log(`Error: instruction ${tag} is not supported by the devnet`);
        throw tokenError(TokenError.InvalidInstruction);
    }
  };
  return {
    id: f.id,
    name,
    bpf: true,
    execute(ctx) {
      try {
        run(ctx);
      } catch (error) {
        if (!(error instanceof ProgramError)) throw error;
        const line = errorLog(error.value);
        if (line) ctx.log(line);
        throw error;
      }
    },
  };
}

export const tokenProgram = createTokenProgram('spl-token', { id: TOKEN_PROGRAM, is2022: false, nativeMint: NATIVE_MINT });
export const token2022Program = createTokenProgram('spl-token-2022', {
  id: TOKEN_2022_PROGRAM,
  is2022: true,
  nativeMint: TOKEN_2022_NATIVE_MINT,
});

/** The legacy program's wrapped-SOL mint account as mainnet holds it (9 decimals, no authorities). */
export function nativeMintAccount(): Account {
  const data = new Uint8Array(MINT_SIZE);
  writeMint(data, { mintAuthority: null, supply: 0n, decimals: 9, isInitialized: true, freezeAuthority: null });
  return { lamports: rentExemptMinimum(MINT_SIZE), data, owner: TOKEN_PROGRAM, executable: false, rentEpoch: 0n };
}
