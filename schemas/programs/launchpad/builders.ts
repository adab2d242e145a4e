// Launchpad instruction builders: one function per instruction returning a @solana/kit Instruction,
// PDAs and vaults derived synchronously, so the simulator, the launch routes and the tests send the
// same bytes. Trader token accounts default to the trader's ATAs (SOL quotes: the trader itself).
import { AccountRole, type Address, type Instruction } from '@solana/kit';
import { poolAddresses } from '../pool-venue/pdas.js';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  associatedTokenAddress,
  isSolQuote,
  NATIVE_MINT_ID,
  quoteVaultAddress,
  SYSTEM_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '../token-addresses.js';
import { encodeLaunchpadInstruction, type BuyArgs, type CreateCoinArgs, type SellArgs, type SetQuoteConfigArgs } from './instructions.js';
import { curveAddresses, globalPda, quoteConfigPda } from './pdas.js';

const { READONLY, WRITABLE, READONLY_SIGNER, WRITABLE_SIGNER } = AccountRole;
const meta = (address: Address, role: AccountRole) => ({ address, role });

/** The token program of a coin: Token-2022 when it has hooks, else SPL Token. */
export function coinTokenProgram(hooks: number): Address {
  return hooks !== 0 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
}

export interface CreateCoinInput {
  programId: Address;
  payer: Address;
  creator: Address;
  mint: Address;
  /** SOL (the native mint) by default. */
  quoteMint?: Address;
  quoteTokenProgram?: Address;
  args: CreateCoinArgs;
}

export function createCoinInstruction(input: CreateCoinInput): Instruction {
  const quoteMint = input.quoteMint ?? NATIVE_MINT_ID;
  const quoteTokenProgram = input.quoteTokenProgram ?? TOKEN_PROGRAM_ID;
  const tokenProgram = coinTokenProgram(input.args.hooks);
  const c = curveAddresses(input.programId, input.mint, tokenProgram, quoteMint, quoteTokenProgram);
  return {
    programAddress: input.programId,
    accounts: [
      meta(input.payer, WRITABLE_SIGNER),
      meta(input.creator, input.creator === input.payer ? WRITABLE_SIGNER : READONLY_SIGNER),
      meta(input.mint, WRITABLE_SIGNER),
      meta(c.curve, WRITABLE),
      meta(c.curveTokenVault, WRITABLE),
      meta(c.curveQuoteVault, WRITABLE),
      meta(quoteMint, READONLY),
      meta(globalPda(input.programId)[0], READONLY),
      meta(quoteConfigPda(input.programId, quoteMint)[0], READONLY),
      meta(tokenProgram, READONLY),
      meta(quoteTokenProgram, READONLY),
      meta(SYSTEM_PROGRAM_ID, READONLY),
      meta(ASSOCIATED_TOKEN_PROGRAM_ID, READONLY),
    ],
    data: encodeLaunchpadInstruction({ kind: 'createCoin', args: input.args }),
  };
}

export interface TradeInput {
  programId: Address;
  trader: Address;
  mint: Address;
  tokenProgram: Address;
  quoteMint?: Address;
  quoteTokenProgram?: Address;
  traderTokenAccount?: Address;
  traderQuoteAccount?: Address;
  /** Wallet paid the referral share of the fee (SOL pairs). */
  referrer?: Address;
}

function tradeAccounts(input: TradeInput) {
  const quoteMint = input.quoteMint ?? NATIVE_MINT_ID;
  const quoteTokenProgram = input.quoteTokenProgram ?? TOKEN_PROGRAM_ID;
  const c = curveAddresses(input.programId, input.mint, input.tokenProgram, quoteMint, quoteTokenProgram);
  const accounts = [
    meta(input.trader, WRITABLE_SIGNER),
    meta(c.curve, WRITABLE),
    meta(c.curveTokenVault, WRITABLE),
    meta(c.curveQuoteVault, WRITABLE),
    meta(input.traderTokenAccount ?? associatedTokenAddress(input.trader, input.mint, input.tokenProgram), WRITABLE),
    meta(input.traderQuoteAccount ?? quoteVaultAddress(input.trader, quoteMint, quoteTokenProgram), WRITABLE),
    meta(input.mint, READONLY),
    meta(quoteMint, READONLY),
    meta(input.tokenProgram, READONLY),
    meta(quoteTokenProgram, READONLY),
    meta(SYSTEM_PROGRAM_ID, READONLY),
  ];
  if (input.referrer) accounts.push(meta(input.referrer, WRITABLE));
  return accounts;
}

export function buyInstruction(input: TradeInput & { args: BuyArgs }): Instruction {
  return { programAddress: input.programId, accounts: tradeAccounts(input), data: encodeLaunchpadInstruction({ kind: 'buy', args: input.args }) };
}

export function sellInstruction(input: TradeInput & { args: SellArgs }): Instruction {
  return { programAddress: input.programId, accounts: tradeAccounts(input), data: encodeLaunchpadInstruction({ kind: 'sell', args: input.args }) };
}

export function lockFeeSplitInstruction(input: { programId: Address; creator: Address; mint: Address; referrer: Address | null }): Instruction {
  const c = curveAddresses(input.programId, input.mint, TOKEN_PROGRAM_ID, NATIVE_MINT_ID, TOKEN_PROGRAM_ID);
  return {
    programAddress: input.programId,
    accounts: [meta(input.creator, READONLY_SIGNER), meta(c.curve, WRITABLE), meta(globalPda(input.programId)[0], READONLY)],
    data: encodeLaunchpadInstruction({ kind: 'lockFeeSplit', args: { referrer: input.referrer } }),
  };
}

export interface ClaimFeesInput {
  programId: Address;
  mint: Address;
  quoteMint?: Address;
  quoteTokenProgram?: Address;
  /** The five split wallets in split order (Curve.split); mapped to their quote ATAs for SPL quotes. */
  recipients: readonly Address[];
}

/** Destination accounts of a split's wallets: the wallets for SOL, their quote ATAs otherwise. */
export function splitDestinations(recipients: readonly Address[], quoteMint: Address, quoteTokenProgram: Address): Address[] {
  return recipients.map((wallet) => (isSolQuote(quoteMint) ? wallet : associatedTokenAddress(wallet, quoteMint, quoteTokenProgram)));
}

export function claimFeesInstruction(input: ClaimFeesInput): Instruction {
  const quoteMint = input.quoteMint ?? NATIVE_MINT_ID;
  const quoteTokenProgram = input.quoteTokenProgram ?? TOKEN_PROGRAM_ID;
  const c = curveAddresses(input.programId, input.mint, TOKEN_PROGRAM_ID, quoteMint, quoteTokenProgram);
  return {
    programAddress: input.programId,
    accounts: [
      meta(c.curve, WRITABLE),
      meta(c.curveQuoteVault, WRITABLE),
      meta(quoteMint, READONLY),
      meta(quoteTokenProgram, READONLY),
      ...splitDestinations(input.recipients, quoteMint, quoteTokenProgram).map((a) => meta(a, WRITABLE)),
    ],
    data: encodeLaunchpadInstruction({ kind: 'claimFees', args: {} }),
  };
}

export interface GraduateInput {
  programId: Address;
  poolVenueProgramId: Address;
  payer: Address;
  mint: Address;
  tokenProgram: Address;
  quoteMint?: Address;
  quoteTokenProgram?: Address;
}

export function graduateInstruction(input: GraduateInput): Instruction {
  const quoteMint = input.quoteMint ?? NATIVE_MINT_ID;
  const quoteTokenProgram = input.quoteTokenProgram ?? TOKEN_PROGRAM_ID;
  const c = curveAddresses(input.programId, input.mint, input.tokenProgram, quoteMint, quoteTokenProgram);
  const p = poolAddresses(input.poolVenueProgramId, input.mint, input.tokenProgram, quoteMint, quoteTokenProgram);
  return {
    programAddress: input.programId,
    accounts: [
      meta(input.payer, WRITABLE_SIGNER),
      meta(c.curve, WRITABLE),
      meta(c.curveTokenVault, WRITABLE),
      meta(c.curveQuoteVault, WRITABLE),
      meta(input.mint, READONLY),
      meta(quoteMint, READONLY),
      meta(p.pool, WRITABLE),
      meta(p.poolTokenVault, WRITABLE),
      meta(p.poolQuoteVault, WRITABLE),
      meta(input.tokenProgram, READONLY),
      meta(quoteTokenProgram, READONLY),
      meta(SYSTEM_PROGRAM_ID, READONLY),
      meta(ASSOCIATED_TOKEN_PROGRAM_ID, READONLY),
      meta(input.poolVenueProgramId, READONLY),
      meta(globalPda(input.programId)[0], READONLY),
    ],
    data: encodeLaunchpadInstruction({ kind: 'graduate', args: {} }),
  };
}

export function setQuoteConfigInstruction(input: { programId: Address; admin: Address; quoteMint: Address; args: SetQuoteConfigArgs }): Instruction {
  return {
    programAddress: input.programId,
    accounts: [
      meta(input.admin, WRITABLE_SIGNER),
      meta(globalPda(input.programId)[0], READONLY),
      meta(quoteConfigPda(input.programId, input.quoteMint)[0], WRITABLE),
      meta(input.quoteMint, READONLY),
      meta(SYSTEM_PROGRAM_ID, READONLY),
    ],
    data: encodeLaunchpadInstruction({ kind: 'setQuoteConfig', args: input.args }),
  };
}
