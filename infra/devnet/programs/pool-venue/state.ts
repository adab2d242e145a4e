// The pool venue's view of its accounts: load and check its Config and Pools (owner, address,
// discriminator), save a pool, check its vaults, and emit events.
import type { Address } from '@solana/kit';
import { decodePool, decodePoolConfig, encodePool, type Pool, type PoolVenueConfig } from '../../../../schemas/programs/pool-venue/accounts.js';
import { PoolVenueError as E } from '../../../../schemas/programs/pool-venue/constants.js';
import { poolVenueEvents, type PoolVenueEvents } from '../../../../schemas/programs/pool-venue/events.js';
import { poolAddresses, poolConfigPda, poolSignerSeeds } from '../../../../schemas/programs/pool-venue/pdas.js';
import type { AccountView, InstructionContext } from '../../runtime/program.js';
import { fail, requireAddress, writeData } from '../launch-shared/checks.js';
import type { QuoteToken } from '../launch-shared/quote-moves.js';

export interface PoolVenueIds {
  poolVenue: Address;
  launchpad: Address;
}

export function loadConfig(ctx: InstructionContext, account: AccountView): PoolVenueConfig {
  requireAddress(ctx, account, poolConfigPda(ctx.programId)[0], 'config', E.InvalidAccount);
  const config = account.owner === ctx.programId ? decodePoolConfig(account.data) : null;
  return config ?? fail(ctx, E.InvalidAccount, 'the pool venue config is not initialised');
}

export function loadPool(ctx: InstructionContext, account: AccountView): Pool {
  const pool = account.owner === ctx.programId ? decodePool(account.data) : null;
  if (!pool) return fail(ctx, E.InvalidAccount, `${account.address} is not a pool`);
  const expected = poolAddresses(ctx.programId, pool.mint, pool.tokenProgram, pool.quoteMint, pool.quoteTokenProgram);
  requireAddress(ctx, account, expected.pool, 'pool', E.InvalidAccount);
  return pool;
}

export function savePool(account: AccountView, pool: Pool): void {
  writeData(account, encodePool(pool));
}

export function poolSeeds(pool: Pool): Uint8Array[] {
  return poolSignerSeeds(pool.mint, pool.quoteMint, pool.bump);
}

export function poolQuote(pool: Pool, quoteMint: AccountView): QuoteToken {
  return { mint: pool.quoteMint, mintAccount: quoteMint, tokenProgram: pool.quoteTokenProgram, decimals: pool.quoteDecimals };
}

/** The pool's vaults, mint and quote mint must be the pool's own. */
export function checkPoolAccounts(
  ctx: InstructionContext,
  pool: Pool,
  accounts: { tokenVault?: AccountView; quoteVault?: AccountView; mint?: AccountView; quoteMint?: AccountView },
): void {
  const expected = poolAddresses(ctx.programId, pool.mint, pool.tokenProgram, pool.quoteMint, pool.quoteTokenProgram);
  if (accounts.tokenVault) requireAddress(ctx, accounts.tokenVault, expected.poolTokenVault, 'pool token vault', E.InvalidAccount);
  if (accounts.quoteVault) requireAddress(ctx, accounts.quoteVault, expected.poolQuoteVault, 'pool quote vault', E.InvalidAccount);
  if (accounts.mint) requireAddress(ctx, accounts.mint, pool.mint, 'mint', E.InvalidAccount);
  if (accounts.quoteMint) requireAddress(ctx, accounts.quoteMint, pool.quoteMint, 'quote mint', E.InvalidAccount);
}

export function emit<K extends keyof PoolVenueEvents & string>(ctx: InstructionContext, name: K, data: PoolVenueEvents[K]): void {
  ctx.emit(poolVenueEvents.encode(name, data));
}

/** PoolCreated for a pool just written, then FeeSplitLocked when this creation locks its split (launch
 * pools; a graduated pool's split was announced by the launchpad). */
export function emitPoolCreated(
  ctx: InstructionContext,
  poolAddress: Address,
  pool: Pool,
  payer: Address,
  text: { name: string; symbol: string; uri: string },
): void {
  emit(ctx, 'PoolCreated', {
    pool: poolAddress,
    kind: pool.kind,
    mint: pool.mint,
    quoteMint: pool.quoteMint,
    quoteDecimals: pool.quoteDecimals,
    tokenProgram: pool.tokenProgram,
    creator: pool.creator,
    payer,
    mode: pool.mode,
    holdersPaid: pool.holdersPaid,
    hooks: pool.hooks,
    feeBps: pool.feeBps,
    antiSniperLimitBps: pool.antiSniperLimitBps,
    antiSniperWindowSeconds: pool.antiSniperWindowSeconds,
    totalSupply: pool.totalSupply,
    virtualQuote: pool.virtualQuote,
    tokenReserve: pool.tokenReserve,
    quoteReserve: pool.quoteReserve,
    basket: pool.basket,
    creatorRecipients: pool.creatorRecipients,
    curve: pool.curve,
    ...text,
    slot: ctx.clock.slot,
    timestamp: ctx.clock.unixTimestamp,
  });
  if (pool.splitLocked && pool.kind === 'launch') {
    emit(ctx, 'FeeSplitLocked', {
      mint: pool.mint,
      market: poolAddress,
      referrer: pool.referrer,
      recipients: pool.split,
      timestamp: ctx.clock.unixTimestamp,
    });
  }
}
