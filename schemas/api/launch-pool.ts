// Schemas of the pool-venue launch route (spec 4.2): prepare, submit and confirm. Field bounds come from
// launch-fields.ts; rules between fields are checked here too, on whatever parsed, so one answer lists
// every problem. Rules that need the chain or the store (terms, hooks menu, offered basket tokens, a fresh
// mint) are the handler's.
import { z } from 'zod';
import { COIN_MODES } from '../programs/coin-rules.js';
import { signature } from './fields.js';
import {
  addressField,
  basketField,
  buyBpsField,
  descriptionField,
  expect,
  feeBpsField,
  hooksField,
  imageField,
  looseRecord,
  nameField,
  nonEmptyArray,
  recipientsField,
  socialsField,
  signatureField,
  tickerField,
  unknownKeys,
  wireTransactionField,
} from './launch-fields.js';

const POOL_PREPARE_FIELDS = [
  'creator',
  'mint',
  'name',
  'ticker',
  'description',
  'socials',
  'image',
  'mode',
  'feeBps',
  'basket',
  'recipients',
  'buyBps',
  'rollIn',
  'hooks',
];

/** Body of `POST /launch/prepare`. */
export const poolPrepareBody = z
  .strictObject(
    {
      creator: addressField('the creator wallet address').describe('The wallet that launches and signs; it pays the launch and any first buy'),
      mint: addressField('the address of a fresh keypair you hold').describe(
        "Address of a fresh keypair the caller holds; used only when the service's address pool is empty (`mintSource: browser`)",
      ),
      name: nameField,
      ticker: tickerField,
      description: descriptionField.optional(),
      socials: socialsField.optional(),
      image: imageField.optional(),
      mode: z.enum(COIN_MODES, { error: expect('holder or creator') }).describe('holder: holders are paid rewards; creator: the creator earns the fees'),
      feeBps: feeBpsField,
      basket: basketField.optional(),
      recipients: recipientsField.optional(),
      buyBps: buyBpsField.optional(),
      rollIn: z
        .literal(false, { error: 'is not offered on this network: leave it out or set it to false' })
        .optional()
        .describe('Not offered on this network: absent or false'),
      hooks: hooksField.optional(),
    },
    { error: unknownKeys(POOL_PREPARE_FIELDS) },
  )
  .superRefine(
    (raw, ctx) => {
      const body = looseRecord(raw);
      if (typeof body.creator === 'string' && body.creator === body.mint) {
        ctx.addIssue({ code: 'custom', path: ['mint'], message: 'must be a fresh keypair of its own, not the creator wallet' });
      }
      if (body.mode === 'creator' && nonEmptyArray(body.basket)) {
        ctx.addIssue({ code: 'custom', path: ['basket'], message: 'is for holder-mode coins: remove it or set mode to holder' });
      }
      if (body.mode === 'holder' && nonEmptyArray(body.recipients)) {
        ctx.addIssue({ code: 'custom', path: ['recipients'], message: 'are for creator-mode coins: remove them or set mode to creator' });
      }
    },
    { when: () => true },
  )
  .describe('A coin launched straight into a SOL pool');

export const firstBuy = z
  .object({
    bps: z.int().min(1).max(10_000).describe('Share of supply bought, bps'),
    tokens: z.string().describe('Coins bought, raw units (6 decimals)'),
    maxLamports: z.string().describe('Most the buy can cost, fee included, lamports'),
  })
  .nullable()
  .describe("The creator's first buy inside the launch; null without one");

/** `POST /launch/prepare`. */
export const poolPrepareResponse = z.object({
  mint: z.string().describe('The coin mint'),
  pool: z.string().describe('The launch pool the coin trades in'),
  transaction: z.string().describe('Unsigned v0 transaction, base64: sign with `creator` (and the mint keypair when `mintSource` is browser)'),
  lastValidBlockHeight: z.int().min(0).describe('Submit before the chain passes this block height'),
  buy: firstBuy,
  mintSource: z
    .enum(['pool', 'browser'])
    .describe("pool: a mint from the service's address pool, signed by the service at submit; browser: the caller's mint, which the caller signs"),
});

/** Body of `POST /launch/submit`. */
export const poolSubmitBody = z.strictObject(
  {
    mint: addressField('the mint prepare returned').describe('`mint` from prepare'),
    transaction: wireTransactionField,
  },
  { error: unknownKeys(['mint', 'transaction']) },
);

/** The confirmed launch. */
export const poolLaunchResult = z.object({
  mint: z.string(),
  pool: z.string(),
  creator: z.string(),
  signature,
  slot: z.int().min(0).describe('Slot the launch landed in'),
  mintSource: z.enum(['pool', 'browser']),
  buy: firstBuy,
});

export const submitPending = z.object({
  status: z.literal('pending'),
  signature: signature.describe('Call POST /launch/confirm with it; never sign and send again'),
});

/** `POST /launch/submit`. */
export const poolSubmitResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('confirmed'), signature, result: poolLaunchResult }),
  submitPending,
]);

/** Body of `POST /launch/confirm`. */
export const poolConfirmBody = z.strictObject(
  {
    mint: addressField('the mint prepare returned').describe('`mint` from prepare'),
    signature: signatureField('the signature submit returned'),
  },
  { error: unknownKeys(['mint', 'signature']) },
);

export type PoolPrepareBody = z.output<typeof poolPrepareBody>;
export type PoolPrepareResponse = z.output<typeof poolPrepareResponse>;
export type PoolSubmitBody = z.output<typeof poolSubmitBody>;
export type PoolSubmitResponse = z.output<typeof poolSubmitResponse>;
export type PoolLaunchResult = z.output<typeof poolLaunchResult>;
export type PoolConfirmBody = z.output<typeof poolConfirmBody>;
