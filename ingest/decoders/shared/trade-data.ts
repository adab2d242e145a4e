// `trade` data from the launchpad's Trade and the pool venue's Swap events. The trader is the owner of
// the token account the coins moved through (the wallet whose coins moved); the event's trader (the
// signer) when that account is not in the balances, the fee payer as a last resort.
import type { Address } from '@solana/kit';
import type { CurveTradeEvent } from '../../../schemas/programs/launchpad/events.js';
import type { PoolSwapEvent } from '../../../schemas/programs/pool-venue/events.js';
import type { DraftOf } from '../context.js';
import type { TxView } from '../tx-view.js';
import { tokenAccountOwner } from './token-accounts.js';

type TradeData = DraftOf<'trade'>['data'];

function trader(tx: TxView, coinAccount: Address | undefined, signer: Address | undefined): string {
  return tokenAccountOwner(tx, coinAccount) ?? signer ?? tx.feePayer;
}

/** A curve trade; virtual reserves after it. */
export function curveTradeData(tx: TxView, event: CurveTradeEvent, coinAccount: Address | undefined): TradeData {
  return {
    mint: event.mint,
    venue: 'curve',
    market: event.curve,
    trader: trader(tx, coinAccount, event.trader),
    side: event.side,
    coinAmount: event.tokenAmount.toString(),
    quoteAmount: event.quoteAmount.toString(),
    feeAmount: event.fee.toString(),
    referralFee: event.referralFee.toString(),
    referrer: event.referrer,
    quoteMint: event.quoteMint,
    reserves: { coin: event.virtualToken.toString(), quote: event.virtualQuote.toString() },
  };
}

/** A pool swap; effective reserves after it (virtual plus real quote, as the pool prices). */
export function poolTradeData(tx: TxView, event: PoolSwapEvent, coinAccount: Address | undefined): TradeData {
  return {
    mint: event.mint,
    venue: 'pool',
    market: event.pool,
    trader: trader(tx, coinAccount, event.trader),
    side: event.side,
    coinAmount: event.tokenAmount.toString(),
    quoteAmount: event.quoteAmount.toString(),
    feeAmount: event.fee.toString(),
    referralFee: event.referralFee.toString(),
    referrer: event.referrer,
    quoteMint: event.quoteMint,
    reserves: { coin: event.tokenReserve.toString(), quote: (event.virtualQuote + event.quoteReserve).toString() },
  };
}
