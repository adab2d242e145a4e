// The `coins` projector: coin.launched, coin.fee_split_locked and coin.graduated into one row per mint each.
// `curveAllotment` and `initialReserves` are null when the launch event does not carry them (the pool-venue
// route has no curve); bonding progress cannot be computed then.
import type { CoinLaunchedEvent } from '../../schemas/events/index.js';
import { dateTime64 } from '../column-values.js';
import type { LoggedEvent, Projector } from '../projector.js';
import {
  COIN_FEE_SPLITS_TABLE,
  COIN_GRADUATIONS_TABLE,
  COINS_TABLE,
  coinFeeSplitsTable,
  coinGraduationsTable,
  coinsTable,
  type CoinRow,
  type FeeSplitRow,
  type GraduationRow,
} from './table.js';

export function coinRow(event: CoinLaunchedEvent): CoinRow {
  const d = event.data;
  return {
    mint: d.mint,
    eventId: event.id,
    signature: event.signature,
    launchSlot: event.slot,
    launchTime: dateTime64(event.blockTime),
    route: d.route,
    mode: d.mode,
    holdersPaid: d.holdersPaid,
    creator: d.creator,
    payer: d.payer,
    quoteMint: d.quoteMint,
    quoteDecimals: d.quoteDecimals,
    tokenProgram: d.tokenProgram,
    decimals: d.decimals,
    totalSupply: d.totalSupply,
    feeBps: d.feeBps,
    hooks: [...d.hooks],
    antiSniperLimitBps: d.antiSniper?.limitBps ?? null,
    antiSniperWindowSeconds: d.antiSniper?.windowSeconds ?? null,
    curve: d.curve,
    pool: d.pool,
    basketMints: d.basket.map((token) => token.mint),
    basketWeightsBps: d.basket.map((token) => token.weightBps),
    creatorRecipientWallets: d.creatorRecipients.map((recipient) => recipient.wallet),
    creatorRecipientBps: d.creatorRecipients.map((recipient) => recipient.bps),
    untrustedName: d.untrusted.name,
    untrustedSymbol: d.untrusted.symbol,
    untrustedUri: d.untrusted.uri,
    curveAllotment: d.curveAllotment ?? null,
    initialReserveCoin: d.initialReserves?.coin ?? null,
    initialReserveQuote: d.initialReserves?.quote ?? null,
  };
}

export const coinsProjector: Projector = {
  name: 'coins',
  version: 2,
  tables: [coinsTable, coinFeeSplitsTable, coinGraduationsTable],
  canHandle: ['coin.launched', 'coin.fee_split_locked', 'coin.graduated'],
  handle(events: readonly LoggedEvent[]) {
    const coins: CoinRow[] = [];
    const splits: FeeSplitRow[] = [];
    const graduations: GraduationRow[] = [];
    for (const { event } of events) {
      if (event.type === 'coin.launched') coins.push(coinRow(event));
      else if (event.type === 'coin.fee_split_locked') {
        const { mint, referrer, recipients } = event.data;
        const [roles, wallets, bps] = [recipients.map((r) => r.role), recipients.map((r) => r.wallet), recipients.map((r) => r.bps)];
        splits.push({ mint, eventId: event.id, slot: event.slot, referrer, roles, wallets, bps });
      } else if (event.type === 'coin.graduated') {
        graduations.push({ mint: event.data.mint, eventId: event.id, time: dateTime64(event.blockTime), pool: event.data.pool });
      }
    }
    return { [COINS_TABLE]: coins, [COIN_FEE_SPLITS_TABLE]: splits, [COIN_GRADUATIONS_TABLE]: graduations };
  },
};
