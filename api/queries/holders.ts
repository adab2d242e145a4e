// Holder reads of the API, over the holder queries of projections/holders (the one definition of who counts as
// a holder, shared with the health scorer) and the balance history of projections/balances.
export {
  coinHolderPage,
  coinHoldersView,
  holderCounts,
  type HolderBalance,
} from '../../projections/holders/queries.js';
export { ownerBalancesAt } from '../../projections/balances/queries.js';
