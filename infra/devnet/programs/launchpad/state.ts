// The launchpad's view of its accounts: load and check Global, QuoteConfig and Curve (owner, address,
// discriminator), save a curve, check its vaults, and emit events.
import type { Address } from '@solana/kit';
import {
  decodeCurve,
  decodeGlobal,
  decodeQuoteConfig,
  encodeCurve,
  type Curve,
  type LaunchpadGlobal,
  type QuoteConfig,
} from '../../../../schemas/programs/launchpad/accounts.js';
import { LaunchpadError } from '../../../../schemas/programs/launchpad/errors.js';
import { launchpadEvents, type LaunchpadEvents } from '../../../../schemas/programs/launchpad/events.js';
import { curveAddresses, curvePda, curveSignerSeeds, globalPda, quoteConfigPda } from '../../../../schemas/programs/launchpad/pdas.js';
import type { AccountView, InstructionContext } from '../../runtime/program.js';
import { fail, requireAddress, writeData } from '../launch-shared/checks.js';
import type { QuoteToken } from '../launch-shared/quote-moves.js';

export interface LaunchpadIds {
  launchpad: Address;
  poolVenue: Address;
}

const E = LaunchpadError;

export function loadGlobal(ctx: InstructionContext, account: AccountView): LaunchpadGlobal {
  requireAddress(ctx, account, globalPda(ctx.programId)[0], 'global', E.InvalidAccount);
  const global = account.owner === ctx.programId ? decodeGlobal(account.data) : null;
  return global ?? fail(ctx, E.InvalidAccount, 'global account is not initialised');
}

export function loadQuoteConfig(ctx: InstructionContext, account: AccountView, quoteMint: Address): QuoteConfig {
  requireAddress(ctx, account, quoteConfigPda(ctx.programId, quoteMint)[0], 'quote config', E.InvalidAccount);
  const config = account.owner === ctx.programId ? decodeQuoteConfig(account.data) : null;
  if (!config?.enabled) fail(ctx, E.QuoteNotEnabled, `quote token ${quoteMint} is not enabled`);
  return config;
}

export function loadCurve(ctx: InstructionContext, account: AccountView): Curve {
  const curve = account.owner === ctx.programId ? decodeCurve(account.data) : null;
  if (!curve) return fail(ctx, E.InvalidAccount, `${account.address} is not a curve`);
  requireAddress(ctx, account, curvePda(ctx.programId, curve.mint)[0], 'curve', E.InvalidAccount);
  return curve;
}

export function saveCurve(account: AccountView, curve: Curve): void {
  writeData(account, encodeCurve(curve));
}

export function curveSeeds(curve: Curve): Uint8Array[] {
  return curveSignerSeeds(curve.mint, curve.bump);
}

export function curveQuote(curve: Curve, quoteMint: AccountView): QuoteToken {
  return { mint: curve.quoteMint, mintAccount: quoteMint, tokenProgram: curve.quoteTokenProgram, decimals: curve.quoteDecimals };
}

/** The curve's token and quote vaults, and the mint and quote mint, must be the curve's own. */
export function checkCurveAccounts(
  ctx: InstructionContext,
  curve: Curve,
  accounts: { curve: AccountView; tokenVault?: AccountView; quoteVault?: AccountView; mint?: AccountView; quoteMint?: AccountView },
): void {
  const expected = curveAddresses(ctx.programId, curve.mint, curve.tokenProgram, curve.quoteMint, curve.quoteTokenProgram);
  if (accounts.tokenVault) requireAddress(ctx, accounts.tokenVault, expected.curveTokenVault, 'curve token vault', E.InvalidAccount);
  if (accounts.quoteVault) requireAddress(ctx, accounts.quoteVault, expected.curveQuoteVault, 'curve quote vault', E.InvalidAccount);
  if (accounts.mint) requireAddress(ctx, accounts.mint, curve.mint, 'mint', E.InvalidAccount);
  if (accounts.quoteMint) requireAddress(ctx, accounts.quoteMint, curve.quoteMint, 'quote mint', E.InvalidAccount);
}

export function emit<K extends keyof LaunchpadEvents & string>(ctx: InstructionContext, name: K, data: LaunchpadEvents[K]): void {
  ctx.emit(launchpadEvents.encode(name, data));
}
