// The shape of the per-token totals of a coin's payout rounds (spec 2.5 `paidByToken`, computed by coin-ledger.ts
// from the resident rows) and how a quote token is priced: raw units sent to holders, raw quote units
// they cost, that cost in US cents at the quote token's price when each round bought, the rounds left out of that
// figure for lack of a price, and the latest round's buy (the token's latest price in quote units).
//
// The quote token's price at a round is the SOL price in force at the round's block time (the last price.updated
// at or before it, as projections/prices priceAt reads it) for SOL, one dollar for the stablecoin, and none for
// any other quote token.

/** How the coin's quote token is priced in US dollars. */
export type QuotePricing = { kind: 'sol' } | { kind: 'fixed'; microUsd: bigint } | { kind: 'none' };

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
