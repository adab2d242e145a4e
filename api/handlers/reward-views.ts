// The response objects of the rewards routes (spec 2.5, 2.9, 2.10) from what is read of them (rewards.ts,
// wallet-rewards.ts, creators.ts).
import type { CreatorSend, CreatorTotals } from '../../projections/creators/queries.js';
import type { CoinRewards } from '../../projections/rewards/coin-rewards.js';
import type { PotTotals, RewardCoin, RoundPayouts, RoundRow } from '../../projections/rewards/queries.js';
import type { TokenTotals } from '../../projections/rewards/token-totals.js';
import type { WalletOwed, WalletPayout } from '../../projections/rewards/wallet-queries.js';
import type { CreatorResponse } from '../../schemas/api/creators.js';
import { isoFromSeconds } from '../../schemas/api/fields.js';
import type { CoinRewardsResponse, HolderRewards, RoundView } from '../../schemas/api/rewards.js';
import type { WalletRewardsResponse } from '../../schemas/api/wallet-rewards.js';
import { centsNow, centsOf } from './reward-usd.js';

const quoteOf = (coin: RewardCoin) => ({ mint: coin.quoteMint, decimals: coin.quoteDecimals });

/** Earned, sent and waiting (earned not sent yet) of a creator-mode coin. */
const earningsView = ({ earned, sent }: CreatorTotals) => ({
  earned: earned.toString(),
  sent: sent.toString(),
  waiting: (earned > sent ? earned - sent : 0n).toString(),
});

/** What a holder-mode coin's pot took in, spent and holds (taken in less spent). */
const potView = ({ takenIn, spent }: Pick<PotTotals, 'takenIn' | 'spent'>) => ({
  holds: (takenIn > spent ? takenIn - spent : 0n).toString(),
  takenIn: takenIn.toString(),
  spent: spent.toString(),
});

/** A creator-mode coin's answer. */
export function creatorRewardsView(coin: RewardCoin, totals: CreatorTotals): CoinRewardsResponse {
  return { mint: coin.mint, quote: quoteOf(coin), mode: 'creator', creator: earningsView(totals) };
}

/** A holder-mode coin's answer; `quoteMicroUsd` is the quote token's latest price (null without one). */
export function holderRewardsView(
  coin: RewardCoin,
  pot: PotTotals,
  totals: readonly TokenTotals[],
  quoteMicroUsd: bigint | null,
  rounds: RoundView[],
): HolderRewards {
  const quote = quoteOf(coin);
  return {
    mint: coin.mint,
    quote,
    mode: 'holder',
    pot: potView(pot),
    paidByToken: totals.map((token) => {
      const now = centsNow(token.token, token.paid, token.last, { ...quote, microUsd: quoteMicroUsd });
      return {
        token: token.token,
        paid: token.paid.toString(),
        cost: token.cost.toString(),
        usdCentsAtPayout: centsOf(token.costMicroUsd, coin.quoteDecimals).toString(),
        unpricedRounds: token.unpricedRounds,
        usdCentsNow: now === null ? null : now.toString(),
      };
    }),
    rounds,
  };
}

/** One round with what its payouts sent. */
export function roundView(round: RoundRow, paid: RoundPayouts | undefined): RoundView {
  return {
    round: round.round,
    signature: round.signature,
    time: isoFromSeconds(round.time),
    snapshotSlot: round.snapshotSlot,
    baselineSlot: round.baselineSlot,
    holdersCounted: round.holdersCounted,
    potSpent: round.potSpent.toString(),
    paidIn: round.paidIn,
    tokens: round.tokens.map((token) => ({
      mint: token.mint,
      bought: token.bought.toString(),
      cost: token.cost.toString(),
      paid: (paid?.paid.get(token.mint) ?? 0n).toString(),
    })),
    payouts: {
      holdersPaid: paid?.wallets ?? 0,
      signatures: paid?.signatures ?? [],
      lastAt: paid?.lastAt === null || paid?.lastAt === undefined ? null : isoFromSeconds(paid.lastAt),
    },
  };
}

/** A wallet's answer: its payouts newest first and what it is owed, per coin. */
export function walletRewardsView(wallet: string, paid: readonly WalletPayout[], owed: readonly WalletOwed[]): WalletRewardsResponse {
  return { wallet, paid: paid.map((row) => ({ ...row, time: isoFromSeconds(row.time) })), owed: [...owed] };
}

/** A creator's answer: the coins it launched (newest first) with what each earned, and the latest payments. */
export function creatorView(wallet: string, coins: readonly CoinRewards[], sends: readonly CreatorSend[]): CreatorResponse {
  return {
    wallet,
    coins: coins.map(({ coin, creator, pot }) => ({
      mint: coin.mint,
      user: { name: coin.name, symbol: coin.symbol },
      mode: coin.mode,
      createdAt: isoFromSeconds(coin.createdAt),
      quote: quoteOf(coin),
      creator: coin.mode === 'creator' ? earningsView(creator) : null,
      pot: coin.mode === 'holder' ? potView(pot) : null,
      roundCount: coin.mode === 'holder' ? pot.rounds : null,
    })),
    recentSends: sends.map(({ coin, wallet: recipient, token, amount, signature, time }) => ({
      coin,
      wallet: recipient,
      token,
      amount,
      signature,
      time: isoFromSeconds(time),
    })),
  };
}
