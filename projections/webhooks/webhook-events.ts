// The events webhooks deliver (spec 6), made from the event log: `coin.launched` from a launch, `coin.graduated` from a
// graduation, `payout.paid` from a payout round with the payouts that followed it. Each id is derived from the log
// event's own deterministic id, so a replay of the log, a restart or a rebuild gives the same id and receivers can
// deduplicate by it. Creator text sits under `untrusted`; amounts are raw-unit strings; venues are named by route.
// The data of each type is typed by its schema in schemas/api/webhook-events.ts.
import { createHash } from 'node:crypto';
import type { CoinGraduatedEvent, CoinLaunchedEvent, Event, PayoutRoundEvent, PayoutSentEvent } from '../../schemas/events/index.js';
import type { CoinGraduatedWebhookData, CoinLaunchedWebhookData, PayoutPaidWebhookData } from '../../schemas/api/webhook-events.js';
import type { WebhookEventType } from '../../schemas/api/webhooks.js';
import { isoFromSeconds } from '../../schemas/api/fields.js';
import { lamportsValue, type ValuingMints } from '../prices/sol-value.js';

export interface WebhookEvent {
  id: string;
  type: WebhookEventType | 'webhook.test';
  /** The coin it is about: webhooks for some mints match on it. */
  mint: string | null;
  /** The JSON body delivered: `{ id, type, network, occurredAt, data }`. */
  body: string;
}

export interface EventContext {
  network: string;
  /** Public root of the site: coin pages. */
  siteUrl: string;
  /** The symbol of a pair (quote) token, or null when the service does not know it. */
  pairSymbol: (mint: string) => string | null;
  /** The mints amounts are valued in SOL by. */
  valuing: ValuingMints;
}

/** The id of the webhook event made from the log event `logEventId`. */
export function webhookEventId(type: WebhookEventType, logEventId: string): string {
  return `evt_${createHash('sha256').update(`${type}|${logEventId}`).digest('hex').slice(0, 32)}`;
}

function webhookEvent(ctx: EventContext, type: WebhookEventType, source: Event, mint: string, data: object): WebhookEvent {
  const id = webhookEventId(type, source.id);
  const body = JSON.stringify({ id, type, network: ctx.network, occurredAt: isoFromSeconds(source.blockTime), data });
  return { id, type, mint, body };
}

export function coinLaunched(ctx: EventContext, event: CoinLaunchedEvent): WebhookEvent {
  const d = event.data;
  const data: CoinLaunchedWebhookData = {
    mint: d.mint,
    mode: d.mode,
    feeBps: d.feeBps,
    pair: { mint: d.quoteMint, symbol: ctx.pairSymbol(d.quoteMint), decimals: d.quoteDecimals },
    creator: d.creator,
    curve: d.curve,
    pool: d.pool,
    page: `${ctx.siteUrl}/coins/${d.mint}`,
    venue: d.route,
    paidIn: { kind: d.holdersPaid, basket: d.basket.map((token) => ({ mint: token.mint, weight: token.weightBps })) },
    totalSupply: d.totalSupply,
    signature: event.signature,
    slot: event.slot,
    untrusted: { name: d.untrusted.name, symbol: d.untrusted.symbol, uri: d.untrusted.uri },
  };
  return webhookEvent(ctx, 'coin.launched', event, d.mint, data);
}

export function coinGraduated(ctx: EventContext, event: CoinGraduatedEvent): WebhookEvent {
  const d = event.data;
  const data: CoinGraduatedWebhookData = {
    mint: d.mint,
    pool: d.pool,
    curve: d.curve,
    time: isoFromSeconds(event.blockTime),
    coinAmount: d.coinAmount,
    quoteAmount: d.quoteAmount,
    signature: event.signature,
    slot: event.slot,
  };
  return webhookEvent(ctx, 'coin.graduated', event, d.mint, data);
}

/** A payout round as the log tells it: the round's transaction, then its payouts. */
export class OpenRound {
  private readonly paidWallets = new Set<string>();
  private readonly paidByToken = new Map<string, bigint>();

  constructor(readonly round: PayoutRoundEvent) {}

  get key(): string {
    return roundKey(this.round.data.mint, this.round.data.round);
  }

  add(payout: PayoutSentEvent): void {
    this.paidWallets.add(payout.data.wallet);
    this.paidByToken.set(payout.data.token, (this.paidByToken.get(payout.data.token) ?? 0n) + BigInt(payout.data.amount));
  }

  /** `payout.paid`: the round with what its payouts sent, its pot valued at `solMicroUsd` (the SOL price in force at
   * the round; null when none is known). */
  finish(ctx: EventContext, solMicroUsd: bigint | null): WebhookEvent {
    const d = this.round.data;
    // Rounds logged before events named their quote token: a round paid in the pair bought the quote token itself.
    const quoteMint = d.quoteMint ?? (d.paidIn === 'pair' ? (d.tokens[0]?.mint ?? null) : null);
    const potSpentLamports = lamportsValue(BigInt(d.potSpent), quoteMint, ctx.valuing, solMicroUsd);
    const data: PayoutPaidWebhookData = {
      mint: d.mint,
      round: d.round,
      snapshotSlot: d.snapshotSlot,
      baselineSlot: d.baselineSlot,
      holdersCounted: d.holdersCounted,
      holdersPaid: this.paidWallets.size,
      paidIn: d.paidIn,
      potSpent: d.potSpent,
      potSpentLamports: potSpentLamports === null ? null : potSpentLamports.toString(),
      tokens: d.tokens.map((token) => ({
        mint: token.mint,
        bought: token.bought,
        cost: token.cost,
        paid: (this.paidByToken.get(token.mint) ?? 0n).toString(),
      })),
      signature: this.round.signature,
      slot: this.round.slot,
    };
    return webhookEvent(ctx, 'payout.paid', this.round, d.mint, data);
  }
}

export function roundKey(mint: string, round: number): string {
  return `${mint}#${round}`;
}
