// `coin.launched` data from the launchpad's CoinCreated and the pool venue's PoolCreated (launch pools):
// everything fixed at launch, the creator's text under `untrusted`, and what projections need for
// bonding progress (the curve's allotment and the reserves the market opened with).
import { COIN_DECIMALS } from '../../../schemas/events/index.js';
import { HOOK_ANTI_SNIPER, hookIdsFromFlags } from '../../../schemas/programs/coin-rules.js';
import type { CoinCreatedEvent } from '../../../schemas/programs/launchpad/events.js';
import type { PoolCreatedEvent } from '../../../schemas/programs/pool-venue/events.js';
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../../../schemas/programs/token-addresses.js';
import type { DraftOf } from '../context.js';

type LaunchData = DraftOf<'coin.launched'>['data'];

/** `spl` or `token-2022`; null for any other owner program (not a coin of ours). */
export function tokenProgramName(programId: string): 'spl' | 'token-2022' | null {
  return programId === TOKEN_PROGRAM_ID ? 'spl' : programId === TOKEN_2022_PROGRAM_ID ? 'token-2022' : null;
}

function common(e: CoinCreatedEvent | PoolCreatedEvent, tokenProgram: 'spl' | 'token-2022') {
  const antiSniper = (e.hooks & HOOK_ANTI_SNIPER) !== 0;
  return {
    mint: e.mint,
    creator: e.creator,
    payer: e.payer,
    mode: e.mode,
    holdersPaid: e.holdersPaid,
    quoteMint: e.quoteMint,
    quoteDecimals: e.quoteDecimals,
    tokenProgram,
    decimals: COIN_DECIMALS,
    totalSupply: e.totalSupply.toString(),
    feeBps: e.feeBps,
    hooks: hookIdsFromFlags(e.hooks),
    antiSniper: antiSniper ? { limitBps: e.antiSniperLimitBps, windowSeconds: e.antiSniperWindowSeconds } : null,
    basket: e.basket.map((b) => ({ mint: b.mint, weightBps: b.weightBps })),
    untrusted: { name: e.name, symbol: e.symbol, uri: e.uri },
  } as const;
}

/** Launchpad: creator-mode earnings go to the creator alone. */
export function curveLaunchData(e: CoinCreatedEvent): LaunchData | null {
  const tokenProgram = tokenProgramName(e.tokenProgram);
  if (!tokenProgram) return null;
  return {
    ...common(e, tokenProgram),
    route: 'launchpad',
    curve: e.curve,
    pool: null,
    creatorRecipients: e.mode === 'creator' ? [{ wallet: e.creator, bps: 10_000 }] : [],
    curveAllotment: e.curveAllotment.toString(),
    initialReserves: { coin: e.virtualToken.toString(), quote: e.virtualQuote.toString() },
  };
}

/** Pool venue launch pool: opens at its effective reserves (virtual plus real quote). */
export function poolLaunchData(e: PoolCreatedEvent): LaunchData | null {
  const tokenProgram = tokenProgramName(e.tokenProgram);
  if (!tokenProgram || e.kind !== 'launch') return null;
  return {
    ...common(e, tokenProgram),
    route: 'pool-venue',
    curve: null,
    pool: e.pool,
    creatorRecipients: e.creatorRecipients.map((r) => ({ wallet: r.wallet, bps: r.bps })),
    initialReserves: { coin: e.tokenReserve.toString(), quote: (e.virtualQuote + e.quoteReserve).toString() },
  };
}
