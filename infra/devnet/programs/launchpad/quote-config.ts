// Launchpad SetQuoteConfig (admin): list a quote token, or change or disable its curve shape. The
// quote token program and decimals are read from the quote mint (SOL: the native mint, 9 decimals).
import type { Address } from '@solana/kit';
import { COIN_TOTAL_SUPPLY } from '../../../../schemas/programs/coin-rules.js';
import { QUOTE_CONFIG_SIZE, encodeQuoteConfig } from '../../../../schemas/programs/launchpad/accounts.js';
import { LaunchpadError as E } from '../../../../schemas/programs/launchpad/errors.js';
import type { SetQuoteConfigArgs } from '../../../../schemas/programs/launchpad/instructions.js';
import { quoteConfigPda, quoteConfigSignerSeeds } from '../../../../schemas/programs/launchpad/pdas.js';
import { isSolQuote, SOL_DECIMALS, TOKEN_PROGRAM_ID } from '../../../../schemas/programs/token-addresses.js';
import { accountAt, type InstructionContext } from '../../runtime/program.js';
import { isTokenProgram, readMint } from '../../runtime/token-layout.js';
import { SYSTEM_PROGRAM } from '../../runtime/well-known.js';
import { fail, requireAddress, requireProgram, requireSigner, writeData } from '../launch-shared/checks.js';
import { createAccount } from '../launch-shared/cpi.js';
import { loadGlobal } from './state.js';

export function setQuoteConfig(ctx: InstructionContext, args: SetQuoteConfigArgs): void {
  const admin = accountAt(ctx, 0);
  const configAccount = accountAt(ctx, 2);
  const quoteMint = accountAt(ctx, 3);
  requireSigner(ctx, admin, 'admin');
  const global = loadGlobal(ctx, accountAt(ctx, 1));
  requireProgram(ctx, accountAt(ctx, 4), SYSTEM_PROGRAM, 'system program');
  if (admin.address !== global.admin) fail(ctx, E.Unauthorized, 'only the launchpad admin may list quote tokens');
  const [expected, bump] = quoteConfigPda(ctx.programId, quoteMint.address);
  requireAddress(ctx, configAccount, expected, 'quote config', E.InvalidAccount);
  const { initialVirtualQuote, initialVirtualToken, curveAllotment } = args;
  if (initialVirtualQuote <= 0n || curveAllotment <= 0n || curveAllotment >= initialVirtualToken || curveAllotment >= COIN_TOTAL_SUPPLY) {
    fail(ctx, E.InvalidQuoteConfig, 'the curve needs positive reserves and an allotment below the virtual tokens and the supply');
  }
  let decimals = SOL_DECIMALS;
  let quoteTokenProgram: Address = TOKEN_PROGRAM_ID;
  if (!isSolQuote(quoteMint.address)) {
    const mint = isTokenProgram(quoteMint.owner) ? readMint(quoteMint.data) : null;
    if (!mint?.isInitialized) fail(ctx, E.InvalidAccount, `${quoteMint.address} is not a mint`);
    decimals = mint.decimals;
    quoteTokenProgram = quoteMint.owner;
  }
  ctx.consume(5_000);
  if (configAccount.owner !== ctx.programId) {
    createAccount(ctx, admin, configAccount, QUOTE_CONFIG_SIZE, ctx.programId, quoteConfigSignerSeeds(quoteMint.address, bump));
  }
  writeData(configAccount, encodeQuoteConfig({ bump, quoteMint: quoteMint.address, quoteTokenProgram, quoteDecimals: decimals, ...args }));
}
