// Holder reads of the API, over the holder queries of projections/holders (the one definition of who counts as
// a holder, shared with the health scorer) and the balance history of projections/balances.
export { coinHolderFacts, holderCounts, nextBaselineSlot, topHolders, type CoinHolderFacts, type HolderBalance } from '../../projections/holders/queries.js';
export { ownerBalancesAt } from '../../projections/balances/queries.js';
