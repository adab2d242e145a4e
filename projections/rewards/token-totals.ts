// The per-token totals of a coin's payout rounds (spec 2.5 `paidByToken`): raw units sent to holders, raw quote
// units they cost, that cost in micro-USD at the quote token's price when each round bought, the rounds left out of
// that figure for lack of a price, and the latest round's buy (the token's latest price in quote units).
import type { RoundRow } from './queries.js';

export interface TokenTotals {
  token: string;
  /** Raw units of the token sent to holders. */
  paid: bigint;
  /** Raw quote units the rounds spent on it. */
  cost: bigint;
  /** Sum over priced rounds of cost x the quote's micro-USD per whole unit (divide by 10^decimals x 10^4 for cents). */
  costMicroUsd: bigint;
  /** Rounds that bought the token without a quote price in force. */
  unpricedRounds: number;
  /** The latest round's buy of the token: raw units bought and raw quote units paid. */
  last: { bought: bigint; cost: bigint };
}

/** Per-token totals of a coin's rounds, given newest first (as CoinRewards holds them), in the order of first purchase
 * (round, slot, then token), given the quote token's price at each round (micro-USD per whole unit; null: none). */
export function tokenTotalsOf(rounds: readonly RoundRow[], paidByToken: ReadonlyMap<string, bigint>, quotePriceAt: (round: RoundRow) => bigint | null) {
  const tokens = new Map<string, { totals: TokenTotals; unpriced: Set<number>; first: RoundRow }>();
  for (const round of rounds) {
    const microUsd = quotePriceAt(round);
    for (const { mint, ...amounts } of round.tokens) {
      const [bought, cost] = [BigInt(amounts.bought), BigInt(amounts.cost)];
      // Newest first: the round a token is first met in holds its latest buy, the one it is last met in its first.
      let token = tokens.get(mint);
      if (token === undefined) {
        const totals = { token: mint, paid: paidByToken.get(mint) ?? 0n, cost: 0n, costMicroUsd: 0n, unpricedRounds: 0, last: { bought, cost } };
        tokens.set(mint, (token = { totals, unpriced: new Set(), first: round }));
      }
      token.first = round;
      token.totals.cost += cost;
      if (microUsd === null) token.unpriced.add(round.round);
      else token.totals.costMicroUsd += cost * microUsd;
    }
  }
  return [...tokens.values()]
    .sort((a, b) => a.first.round - b.first.round || a.first.slot - b.first.slot || (a.totals.token < b.totals.token ? -1 : 1))
    .map(({ totals, unpriced }) => ({ ...totals, unpricedRounds: unpriced.size }));
}
