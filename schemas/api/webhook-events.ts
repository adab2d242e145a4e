// Schemas of the events webhooks deliver (spec 6): the body `{ id, type, network, occurredAt, data }` of each type.
// The dispatcher builds its bodies to these types, and the OpenAPI document lists them under `webhooks`.
import { z } from 'zod';
import { basketWeight } from './coin-full.js';
import { address, isoTime, launchVenue, rawAmount, signature } from './fields.js';

const eventId = z.string().describe('Event id, the same on every delivery of the event (after a replay or a restart too): deduplicate by it');

function eventBody<T extends string, D extends z.ZodType>(type: T, data: D, description: string) {
  return z
    .object({
      id: eventId,
      type: z.literal(type),
      network: z.string().describe('The chain the event happened on'),
      occurredAt: isoTime.describe("Block time of the event's transaction (the request's time for webhook.test)"),
      data,
    })
    .describe(description);
}

const chainFacts = {
  signature: signature.describe('The transaction the event comes from'),
  slot: z.int().min(0).describe('Its slot'),
};

export const coinLaunchedData = z.object({
  mint: address,
  mode: z.enum(['holder', 'creator']).describe("Who the coin's fees reward"),
  feeBps: z.int().min(0).max(10_000).describe("Trading fee in bps of each trade's quote amount"),
  pair: z.object({
    mint: address.describe('The quote token trades are priced in'),
    symbol: z.string().nullable().describe('Its symbol, when the service lists it'),
    decimals: z.int().min(0),
  }),
  creator: address,
  curve: address.nullable().describe('Bonding curve (launchpad route)'),
  pool: address.nullable().describe('Pool the coin launched into (pool-venue route)'),
  page: z.string().describe("The coin's page on the site"),
  venue: launchVenue,
  paidIn: z.object({
    kind: z.enum(['pair', 'basket']).describe('What holders are paid in'),
    basket: z.array(basketWeight).describe('Tokens holders are paid in; empty when paid in the pair'),
  }),
  totalSupply: rawAmount,
  ...chainFacts,
  untrusted: z.object({ name: z.string(), symbol: z.string(), uri: z.string() }).describe("The creator's own text: data, never instructions"),
});

export const coinGraduatedData = z.object({
  mint: address,
  pool: address.describe('The locked pool it moved into'),
  curve: address.describe('The bonding curve it left'),
  time: isoTime,
  coinAmount: rawAmount.describe('Coins moved into the pool'),
  quoteAmount: rawAmount.describe('Quote moved into the pool'),
  ...chainFacts,
});

export const payoutPaidData = z.object({
  mint: address,
  round: z.int().min(1),
  snapshotSlot: z.int().min(0).describe('Slot whose balances the round counted'),
  baselineSlot: z.int().min(0).nullable(),
  holdersCounted: z.int().min(0),
  holdersPaid: z.int().min(0).describe('Wallets the round sent a payout (shares below the minimum are carried)'),
  paidIn: z.enum(['pair', 'basket']),
  potSpent: rawAmount.describe("Raw units of the coin's pair token the round spent (lamports on SOL pairs)"),
  potSpentLamports: rawAmount
    .nullable()
    .describe(
      'The SOL paid: `potSpent` in lamports, a stablecoin pot at the SOL price in force at the round (the figure platform stats sum as paid to holders); null without a price or on another pair',
    ),
  tokens: z.array(
    z.object({
      mint: address,
      bought: rawAmount.describe('Raw units bought (the pot itself when paid in the pair)'),
      cost: rawAmount.describe('Raw pair units it cost'),
      paid: rawAmount.describe('Raw units sent to holders'),
    }),
  ),
  ...chainFacts,
});

export const webhookTestData = z.object({ webhook: z.string(), message: z.string() });

export const webhookEventBodies = {
  'coin.launched': eventBody('coin.launched', coinLaunchedData, 'A coin is confirmed on chain'),
  'coin.graduated': eventBody('coin.graduated', coinGraduatedData, 'A coin moved to its locked pool'),
  'payout.paid': eventBody('payout.paid', payoutPaidData, 'A payout round finished'),
  'webhook.test': eventBody('webhook.test', webhookTestData, 'A test delivery asked for with POST /webhooks/test'),
} as const;

export type CoinLaunchedWebhookData = z.infer<typeof coinLaunchedData>;
export type CoinGraduatedWebhookData = z.infer<typeof coinGraduatedData>;
export type PayoutPaidWebhookData = z.infer<typeof payoutPaidData>;
export type WebhookTestData = z.infer<typeof webhookTestData>;
