// Every decoder, and decoding one raw transaction into events: launches first (so a coin launched in
// this very transaction is known to the decoders after them), then the rest in a fixed order, so a
// replay of the raw-tx log yields the same events with the same ids in the same order.
import { assertNever, type Event } from '../../schemas/events/index.js';
import { coinInfoFromLaunch, type CoinInfo } from '../known-coins/known-coins.js';
import type { RawTransaction } from '../raw/raw-transaction.js';
import type { DecodeContext, Decoder, EventDraft } from './context.js';
import * as launchpadClaimFees from './launchpad/claim-fees.js';
import * as launchpadCreateCoin from './launchpad/create-coin.js';
import * as launchpadGraduate from './launchpad/graduate.js';
import * as launchpadLockFeeSplit from './launchpad/lock-fee-split.js';
import * as launchpadSetQuoteConfig from './launchpad/set-quote-config.js';
import * as launchpadTrade from './launchpad/trade.js';
import * as creatorSent from './memo/creator-sent.js';
import * as payoutRound from './memo/payout-round.js';
import * as payoutSent from './memo/payout-sent.js';
import * as platformBurned from './memo/platform-burned.js';
import * as priceUpdated from './memo/price-updated.js';
import * as poolClaimFees from './pool-venue/claim-fees.js';
import * as poolCreatePool from './pool-venue/create-pool.js';
import * as poolSwap from './pool-venue/swap.js';
import * as fundBalances from './system/fund-balances.js';
import * as tokenBalances from './token/balances.js';
import * as paidCalls from './token/paid-calls.js';
import { txView, type TxView } from './tx-view.js';

export { decodeContext, type DecodeContext, type Decoder, type EventDraft } from './context.js';
export { txView, type Invocation, type TxView } from './tx-view.js';

export const LAUNCH_DECODERS: readonly Decoder[] = [launchpadCreateCoin.decode, poolCreatePool.decode];

export const DECODERS: readonly Decoder[] = [
  launchpadLockFeeSplit.decode,
  launchpadTrade.decode,
  launchpadClaimFees.decode,
  launchpadGraduate.decode,
  launchpadSetQuoteConfig.decode,
  poolSwap.decode,
  poolClaimFees.decode,
  tokenBalances.decode,
  payoutRound.decode,
  payoutSent.decode,
  creatorSent.decode,
  platformBurned.decode,
  priceUpdated.decode,
  fundBalances.decode,
  paidCalls.decode,
];

/** Coins launched in a transaction (CoinCreated, PoolCreated of launch pools), without registering them. */
export function launchedCoins(tx: TxView, ctx: DecodeContext): CoinInfo[] {
  return LAUNCH_DECODERS.flatMap((decode) => decode(tx, ctx)).flatMap((event) =>
    event.type === 'coin.launched' ? [coinInfoFromLaunch(event.data, tx.slot)] : [],
  );
}

/** Every event of ours in a raw transaction; registers the coins it launches in `ctx.coins`. Throws when the
 * transaction's indices are inconsistent (the pipeline logs and skips it). */
export function decodeTransaction(raw: RawTransaction, ctx: DecodeContext): EventDraft[] {
  const tx = txView(raw);
  const launches = LAUNCH_DECODERS.flatMap((decode) => decode(tx, ctx));
  for (const event of launches) if (event.type === 'coin.launched') ctx.coins.add(coinInfoFromLaunch(event.data, tx.slot));
  return [...launches, ...DECODERS.flatMap((decode) => decode(tx, ctx))];
}

/** Platform-wide facts go under this key of the coin-events topic. */
export const PLATFORM_KEY = 'platform';

/** The coin-events key of an event: its coin's mint, or `platform` for facts of the whole platform. */
export function eventKey(event: Event): string {
  switch (event.type) {
    case 'coin.launched':
    case 'coin.fee_split_locked':
    case 'trade':
    case 'token.balance_changed':
    case 'coin.graduated':
    case 'fees.claimed':
    case 'payout.round':
    case 'payout.sent':
    case 'payout.owed':
    case 'creator.sent':
      return event.data.mint;
    case 'revenue':
      return event.data.mint ?? PLATFORM_KEY;
    case 'platform.burned':
    case 'price.updated':
    case 'fund.balance':
    case 'quote.configured':
      return PLATFORM_KEY;
    default:
      return assertNever(event);
  }
}
