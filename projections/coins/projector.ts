// The `coins` projector: coin.launched, coin.fee_split_locked and coin.graduated into one row per mint each.
// `curveAllotment` and `initialReserves` are read when the launch event carries them (optional fields the
// decoders may add); without them bonding progress cannot be computed and the columns stay null.
import type { CoinLaunchedEvent, CoinFeeSplitLockedEvent, CoinGraduatedEvent } from '../../schemas/events/index.js';
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

/** Launch facts some decoders add to coin.launched; read only when present. */
type OptionalCurveFacts = { curveAllotment?: string; initialReserves?: { coin: string; quote: string } };

export function coinRow(event: CoinLaunchedEvent): CoinRow {
  const d = event.data;
  const curveFacts = d as typeof d & OptionalCurveFacts;
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
    curveAllotment: curveFacts.curveAllotment ?? null,
    initialReserveCoin: curveFacts.initialReserves?.coin ?? null,
    initialReserveQuote: curveFacts.initialReserves?.quote ?? null,
  };
}

export function feeSplitRow(event: CoinFeeSplitLockedEvent): FeeSplitRow {
  const { mint, referrer, recipients } = event.data;
  return {
    mint,
    eventId: event.id,
    slot: event.slot,
    referrer,
    roles: recipients.map((recipient) => recipient.role),
    wallets: recipients.map((recipient) => recipient.wallet),
    bps: recipients.map((recipient) => recipient.bps),
  };
}

export function graduationRow(event: CoinGraduatedEvent): GraduationRow {
  const d = event.data;
  return {
    mint: d.mint,
    eventId: event.id,
    signature: event.signature,
    slot: event.slot,
    time: dateTime64(event.blockTime),
    curve: d.curve,
    pool: d.pool,
    coinAmount: d.coinAmount,
    quoteAmount: d.quoteAmount,
  };
}

export const coinsProjector: Projector = {
  name: 'coins',
  version: 1,
  tables: [coinsTable, coinFeeSplitsTable, coinGraduationsTable],
  canHandle: ['coin.launched', 'coin.fee_split_locked', 'coin.graduated'],
  handle(events: readonly LoggedEvent[]) {
    const coins: CoinRow[] = [];
    const splits: FeeSplitRow[] = [];
    const graduations: GraduationRow[] = [];
    for (const { event } of events) {
      if (event.type === 'coin.launched') coins.push(coinRow(event));
      else if (event.type === 'coin.fee_split_locked') splits.push(feeSplitRow(event));
      else if (event.type === 'coin.graduated') graduations.push(graduationRow(event));
    }
    return { [COINS_TABLE]: coins, [COIN_FEE_SPLITS_TABLE]: splits, [COIN_GRADUATIONS_TABLE]: graduations };
  },
};
