// `coin.launched`: a coin confirmed on chain, on either route, with everything fixed at launch.
import { z } from 'zod';
import { defineEvent } from './envelope.js';
import { address, amount, bps, paidIn, tokenDecimals, tokenProgram } from './fields.js';
import { untrustedCoinText } from './untrusted.js';

/** Coins have 6 decimals. */
export const COIN_DECIMALS = 6;
export const MAX_BASKET_TOKENS = 8;
export const MAX_CREATOR_RECIPIENTS = 8;
export const ANTI_SNIPER_HOOK = 'anti-sniper';

const hookId = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, { error: 'expected a hook id like anti-sniper' });

export const coinLaunchedData = z
  .strictObject({
    /** The coin's mint. */
    mint: address,
    /** Where it launched: the launchpad's bonding curve or straight into a pool venue. */
    route: z.enum(['launchpad', 'pool-venue']),
    /** The wallet that launched it. */
    creator: address,
    /** Fee payer of the launch transaction (the creator, or a sponsor). */
    payer: address,
    /** Who the fees reward: the coin's holders or its creator. */
    mode: z.enum(['holder', 'creator']),
    /** What holders are paid in: the pair (quote) token or the basket. */
    holdersPaid: paidIn,
    /** Mint of the quote (pair) token trades are priced in. */
    quoteMint: address,
    /** Decimals of the quote token. */
    quoteDecimals: tokenDecimals,
    /** Token program owning the coin's mint. */
    tokenProgram,
    /** The coin's decimals (always 6). */
    decimals: z.literal(COIN_DECIMALS),
    /** Total supply minted, raw units. */
    totalSupply: amount,
    /** Trading fee in bps of each trade's quote amount. */
    feeBps: bps,
    /** Hooks fixed at launch, e.g. `anti-sniper`; empty for a standard coin. */
    hooks: z.array(hookId).max(16),
    /** Anti-sniper settings: the most one wallet may buy (bps of supply) during the window; null without the hook. */
    antiSniper: z.strictObject({ limitBps: bps.min(1), windowSeconds: z.int().positive() }).nullable(),
    /** Bonding curve account (launchpad route); null on the pool-venue route. */
    curve: address.nullable(),
    /** Pool account when there is one at launch; null otherwise. */
    pool: address.nullable(),
    /** Tokens holders are paid in, with weights in bps summing to 10000; empty when paid in the pair. */
    basket: z.array(z.strictObject({ mint: address, weightBps: bps.min(1) })).max(MAX_BASKET_TOKENS),
    /** Wallets the creator's share goes to, with their shares in bps. */
    creatorRecipients: z.array(z.strictObject({ wallet: address, bps })).max(MAX_CREATOR_RECIPIENTS),
    /** The creator's own text, never interpreted. */
    untrusted: untrustedCoinText,
    /** Coins the bonding curve sells before the coin graduates, raw units (launchpad route). Bonding progress =
     * (initialReserves.coin - trade.reserves.coin) / curveAllotment. Absent on the pool-venue route and in
     * events written before the field existed. */
    curveAllotment: amount.optional(),
    /** Reserves the market opened with, raw units: a curve's virtual reserves, or a launch pool's effective
     * reserves (virtual plus real quote), the same measure as `trade.reserves`. Absent in older events. */
    initialReserves: z.strictObject({ coin: amount, quote: amount }).optional(),
    /** The mint's authorities once the launch transaction ran, as its token instructions left them (InitializeMint,
     * SetAuthority): an address while set, null when none. Absent when the transaction did not create the mint and
     * in events written before the fields existed. */
    mintAuthority: address.nullable().optional(),
    freezeAuthority: address.nullable().optional(),
  })
  .superRefine((data, ctx) => {
    const weights = data.basket.reduce((sum, token) => sum + token.weightBps, 0);
    if (data.basket.length > 0 && weights !== 10_000) {
      ctx.addIssue({ code: 'custom', path: ['basket'], message: `basket weights must sum to 10000 bps, got ${weights}` });
    }
    if (new Set(data.basket.map((token) => token.mint)).size !== data.basket.length) {
      ctx.addIssue({ code: 'custom', path: ['basket'], message: 'basket mints must be distinct' });
    }
    if (data.holdersPaid === 'basket' && data.basket.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['basket'], message: 'holders paid in a basket need a non-empty basket' });
    }
    const creatorBps = data.creatorRecipients.reduce((sum, recipient) => sum + recipient.bps, 0);
    if (creatorBps > 10_000) {
      ctx.addIssue({ code: 'custom', path: ['creatorRecipients'], message: `creator shares exceed 10000 bps: ${creatorBps}` });
    }
    if (new Set(data.hooks).size !== data.hooks.length) {
      ctx.addIssue({ code: 'custom', path: ['hooks'], message: 'hooks must be distinct' });
    }
    if (data.hooks.includes(ANTI_SNIPER_HOOK) !== (data.antiSniper !== null)) {
      ctx.addIssue({ code: 'custom', path: ['antiSniper'], message: 'antiSniper settings are present exactly when the anti-sniper hook is' });
    }
    if (data.curveAllotment !== undefined && data.route !== 'launchpad') {
      ctx.addIssue({ code: 'custom', path: ['curveAllotment'], message: 'curveAllotment is only set on the launchpad route' });
    }
    if ((data.route === 'launchpad') !== (data.curve !== null)) {
      ctx.addIssue({ code: 'custom', path: ['curve'], message: 'curve is set exactly on the launchpad route' });
    }
  });

export const coinLaunchedEvent = defineEvent('coin.launched', coinLaunchedData);

export type CoinLaunchedData = z.infer<typeof coinLaunchedData>;
export type CoinLaunchedEvent = z.infer<typeof coinLaunchedEvent>;
