// The `coins` projector: coin.launched and coin.graduated into one row per mint each.
// `curveAllotment` and `initialReserves` are null when the launch event does not carry them (the pool-venue
// route has no curve); bonding progress cannot be computed then.
import type { CoinLaunchedEvent } from '../../schemas/events/index.js';
import { dateTime64, type LoggedEvent, type Projector } from '../projector.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE, coinGraduationsTable, coinsTable } from './table.js';

/** A coins row: the launch facts, the nested ones in columns of their own (the mint and freeze authorities are not kept). */
export function coinRow(event: CoinLaunchedEvent) {
  const { antiSniper, basket, creatorRecipients, untrusted, curveAllotment, initialReserves, mintAuthority, freezeAuthority, ...launch } = event.data;
  return {
    ...launch,
    eventId: event.id,
    signature: event.signature,
    launchSlot: event.slot,
    launchTime: dateTime64(event.blockTime),
    antiSniperLimitBps: antiSniper?.limitBps ?? null,
    antiSniperWindowSeconds: antiSniper?.windowSeconds ?? null,
    basketMints: basket.map((token) => token.mint),
    basketWeightsBps: basket.map((token) => token.weightBps),
    creatorRecipientWallets: creatorRecipients.map((recipient) => recipient.wallet),
    creatorRecipientBps: creatorRecipients.map((recipient) => recipient.bps),
    untrustedName: untrusted.name,
    untrustedSymbol: untrusted.symbol,
    untrustedUri: untrusted.uri,
    curveAllotment: curveAllotment ?? null,
    initialReserveCoin: initialReserves?.coin ?? null,
    initialReserveQuote: initialReserves?.quote ?? null,
  };
}

/** A coins row as written; read back, its 64-bit and wider integers are decimal text. */
export type CoinRow = ReturnType<typeof coinRow>;

export const coinsProjector: Projector = {
  name: 'coins',
  version: 3,
  tables: [coinsTable, coinGraduationsTable],
  canHandle: ['coin.launched', 'coin.graduated'],
  handle(events: readonly LoggedEvent[]) {
    const graduations = events.flatMap(({ event }) =>
      event.type === 'coin.graduated' ? [{ mint: event.data.mint, eventId: event.id, time: dateTime64(event.blockTime), pool: event.data.pool }] : [],
    );
    const coins = events.flatMap(({ event }) => (event.type === 'coin.launched' ? [coinRow(event)] : []));
    return { [COINS_TABLE]: coins, [COIN_GRADUATIONS_TABLE]: graduations };
  },
};
