// The Associated Token Account program: Create, CreateIdempotent and RecoverNested, as the real
// program runs them. It derives the ATA from [wallet, token program, mint], sizes it through the
// token program (GetAccountDataSize), funds it with System program CPIs signed by the PDA, then has
// the token program mark it immutable-owner and initialise it (InitializeImmutableOwner, InitializeAccount3).
import type { Address } from '@solana/kit';
import { addressToBytes } from '../../../schemas/base58.js';
import { associatedTokenAddressAndBump } from '../../../schemas/programs/associated-token.js';
import { accountAt, Errors, type AccountView, type CpiInstruction, type InstructionContext, type NativeProgram } from '../runtime/program.js';
import {
  ACCOUNT_TYPE_OFFSET,
  AccountType,
  EXTENSION_IMMUTABLE_OWNER,
  IMMUTABLE_OWNER_ACCOUNT_SIZE,
  MINT_SIZE,
  readMint,
  readTokenAccount,
  TOKEN_ACCOUNT_SIZE,
} from '../runtime/token-layout.js';
import { ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM, TOKEN_2022_PROGRAM } from '../runtime/well-known.js';

/** AssociatedTokenAccountError codes. */
export const AssociatedTokenError = { InvalidOwner: 0 } as const;

/** Compute units of the program's own work; CPIs are charged by their callees on top. */
const UNITS = { parse: 3_000, perBumpTry: 1_500, create: 4_000, perCpi: 1_000, recover: 6_000 } as const;
const bytes = (value: Address): Uint8Array => addressToBytes(value);

function u32u64(tag: number, ...values: bigint[]): Uint8Array {
  const data = new Uint8Array(4 + 8 * values.length);
  const view = new DataView(data.buffer);
  view.setUint32(0, tag, true);
  for (const [i, v] of values.entries()) view.setBigUint64(4 + 8 * i, v, true);
  return data;
}

const meta = (account: AccountView | Address, isSigner: boolean, isWritable: boolean) => ({
  address: typeof account === 'string' ? account : account.address,
  isSigner,
  isWritable,
});

/** Derive the ATA (charging the syscalls) and check it is the account given. */
function derive(ctx: InstructionContext, wallet: Address, mint: Address, tokenProgram: Address, given: Address, what: string): number {
  const [expected, bump] = associatedTokenAddressAndBump(wallet, mint, tokenProgram);
  ctx.consume(UNITS.perBumpTry * (256 - bump));
  if (expected !== given) {
    ctx.log(`Error: ${what} address does not match seed derivation`);
    throw Errors.invalidSeeds();
  }
  return bump;
}

function cpi(ctx: InstructionContext, instruction: CpiInstruction, seeds?: Uint8Array[][]): void {
  ctx.consume(UNITS.perCpi);
  ctx.invoke(instruction, seeds);
}

/** StateWithExtensions::<Account>::unpack, enough to tell an initialised token account. */
function tokenAccountState(data: Uint8Array) {
  if (data.length < TOKEN_ACCOUNT_SIZE) return null;
  if (data.length > TOKEN_ACCOUNT_SIZE && data[ACCOUNT_TYPE_OFFSET] !== AccountType.Account) return null;
  return readTokenAccount(data);
}

function create(ctx: InstructionContext, idempotent: boolean): void {
  const funder = accountAt(ctx, 0);
  const ata = accountAt(ctx, 1);
  const wallet = accountAt(ctx, 2);
  const mint = accountAt(ctx, 3);
  accountAt(ctx, 4); // the System program, reached by CPI
  const tokenProgram = accountAt(ctx, 5).address;
  const bump = derive(ctx, wallet.address, mint.address, tokenProgram, ata.address, 'Associated');

  if (idempotent && ata.owner === tokenProgram) {
    const existing = tokenAccountState(ata.data);
    if (existing) {
      if (existing.owner !== wallet.address) {
        ctx.log('Associated token account owner does not match address derivation');
        throw Errors.custom(AssociatedTokenError.InvalidOwner);
      }
      if (existing.mint !== mint.address) throw Errors.invalidAccountData();
      return;
    }
  }
  if (ata.owner !== SYSTEM_PROGRAM) throw Errors.illegalOwner();
  ctx.consume(UNITS.create);

  const seeds = [[bytes(wallet.address), bytes(tokenProgram), bytes(mint.address), Uint8Array.of(bump)]];
  // The token program answers GetAccountDataSize by return data; the devnet has none, so the size
  // the program would return (base account, plus ImmutableOwner on Token-2022) is computed here.
  cpi(ctx, {
    programId: tokenProgram,
    accounts: [meta(mint, false, false)],
    data: Uint8Array.of(21, EXTENSION_IMMUTABLE_OWNER, 0),
  });
  const space = tokenProgram === TOKEN_2022_PROGRAM ? IMMUTABLE_OWNER_ACCOUNT_SIZE : TOKEN_ACCOUNT_SIZE;
  const rent = ctx.rentExemptMinimum(space);
  const system = (accounts: ReturnType<typeof meta>[], data: Uint8Array, signed: boolean) =>
    cpi(ctx, { programId: SYSTEM_PROGRAM, accounts, data }, signed ? seeds : undefined);
  if (ata.lamports > 0n) {
    if (rent > ata.lamports) system([meta(funder, true, true), meta(ata, false, true)], u32u64(2, rent - ata.lamports), false);
    system([meta(ata, true, true)], u32u64(8, BigInt(space)), true);
    const assign = new Uint8Array(36);
    assign.set(bytes(tokenProgram), 4);
    new DataView(assign.buffer).setUint32(0, 1, true);
    system([meta(ata, true, true)], assign, true);
  } else {
    const createAccount = new Uint8Array(52);
    createAccount.set(u32u64(0, rent, BigInt(space)));
    createAccount.set(bytes(tokenProgram), 20);
    system([meta(funder, true, true), meta(ata, true, true)], createAccount, true);
  }

  ctx.log('Initialize the associated token account');
  cpi(ctx, { programId: tokenProgram, accounts: [meta(ata, false, true)], data: Uint8Array.of(22) });
  const initialize = new Uint8Array(33);
  initialize[0] = 18;
  initialize.set(bytes(wallet.address), 1);
  cpi(ctx, { programId: tokenProgram, accounts: [meta(ata, false, true), meta(mint, false, false)], data: initialize });
}

/** Move tokens out of an ATA owned by another ATA of the same wallet, then close it. */
function recoverNested(ctx: InstructionContext): void {
  const nested = accountAt(ctx, 0);
  const nestedMint = accountAt(ctx, 1);
  const destination = accountAt(ctx, 2);
  const ownerAta = accountAt(ctx, 3);
  const ownerMint = accountAt(ctx, 4);
  const wallet = accountAt(ctx, 5);
  const tokenProgram = accountAt(ctx, 6).address;
  const bump = derive(ctx, wallet.address, ownerMint.address, tokenProgram, ownerAta.address, 'Owner associated');
  derive(ctx, ownerAta.address, nestedMint.address, tokenProgram, nested.address, 'Nested associated');
  derive(ctx, wallet.address, nestedMint.address, tokenProgram, destination.address, 'Destination associated');
  ctx.consume(UNITS.recover);
  if (!wallet.isSigner) {
    ctx.log('Wallet of the owner associated token account must sign');
    throw Errors.missingRequiredSignature();
  }
  if (ownerMint.owner !== tokenProgram) {
    ctx.log('Owner mint not owned by provided token program');
    throw Errors.illegalOwner();
  }
  if (ownerAta.owner !== tokenProgram) {
    ctx.log('Owner associated token account not owned by provided token program, recreate the owner associated token account first');
    throw Errors.illegalOwner();
  }
  const ownerState = tokenAccountState(ownerAta.data);
  if (!ownerState) throw Errors.invalidAccountData();
  if (ownerState.owner !== wallet.address) {
    ctx.log('Owner associated token account not owned by provided wallet');
    throw Errors.custom(AssociatedTokenError.InvalidOwner);
  }
  if (nested.owner !== tokenProgram) {
    ctx.log('Nested associated token account not owned by provided token program');
    throw Errors.illegalOwner();
  }
  const nestedState = tokenAccountState(nested.data);
  if (!nestedState) throw Errors.invalidAccountData();
  if (nestedState.owner !== ownerAta.address) {
    ctx.log('Nested associated token account not owned by provided associated token account');
    throw Errors.custom(AssociatedTokenError.InvalidOwner);
  }
  if (nestedMint.owner !== tokenProgram) {
    ctx.log('Nested mint account not owned by provided token program');
    throw Errors.illegalOwner();
  }
  const mintState = nestedMint.data.length >= MINT_SIZE ? readMint(nestedMint.data) : null;
  if (!mintState?.isInitialized) throw Errors.uninitializedAccount();

  const seeds = [[bytes(wallet.address), bytes(tokenProgram), bytes(ownerMint.address), Uint8Array.of(bump)]];
  const transferChecked = new Uint8Array(10);
  transferChecked[0] = 12;
  new DataView(transferChecked.buffer).setBigUint64(1, nestedState.amount, true);
  transferChecked[9] = mintState.decimals;
  const signer = meta(ownerAta, true, false);
  cpi(
    ctx,
    {
      programId: tokenProgram,
      accounts: [meta(nested, false, true), meta(nestedMint, false, false), meta(destination, false, true), signer],
      data: transferChecked,
    },
    seeds,
  );
  cpi(ctx, { programId: tokenProgram, accounts: [meta(nested, false, true), meta(wallet, false, true), signer], data: Uint8Array.of(9) }, seeds);
}

export const associatedTokenProgram: NativeProgram = {
  id: ASSOCIATED_TOKEN_PROGRAM,
  name: 'associated-token-account',
  bpf: true,
  execute(ctx) {
    ctx.consume(UNITS.parse);
    const data = ctx.data;
    // Borsh enum: empty data is Create; otherwise exactly one tag byte.
    if (data.length > 1 || (data.length === 1 && data[0]! > 2)) throw Errors.invalidInstructionData();
    const kind = data.length === 0 ? 0 : data[0]!;
    ctx.log(['Create', 'CreateIdempotent', 'RecoverNested'][kind]!);
    if (kind === 2) recoverNested(ctx);
    else create(ctx, kind === 1);
  },
};
