// Schemas of the launchpad launch route (spec 4.3): prepare, submit and status. A bonding-curve coin in
// holder mode, paired with SOL (default), the dollar stablecoin or a token the launchpad lists, with an
// optional first buy (SOL pairs, at most 10% of supply) and the locked fee split. Rules that need the chain
// or the store (listed pairs, offered basket tokens, sponsorship budget) are the handler's.
import { z } from 'zod';
import { HOLDERS_PAID } from '../programs/coin-rules.js';
import { NATIVE_MINT_ID } from '../programs/token-addresses.js';
import { signature } from './fields.js';
import {
  addressField,
  basketField,
  descriptionField,
  expect,
  imageField,
  lamportsField,
  looseRecord,
  nameField,
  nonEmptyArray,
  socialsField,
  tickerField,
  unknownKeys,
  wireTransactionField,
} from './launch-fields.js';
import { submitPending } from './launch-pool.js';

const LAUNCHPAD_PREPARE_FIELDS = [
  'creator',
  'mint',
  'name',
  'ticker',
  'image',
  'description',
  'quoteMint',
  'holdersPaid',
  'basket',
  'buyLamports',
  'socials',
  'sponsored',
  'referrer',
];

/** Body of `POST /launch/launchpad/prepare`. */
export const launchpadPrepareBody = z
  .strictObject(
    {
      creator: addressField('the creator wallet address').describe('The wallet that launches and signs every transaction'),
      mint: addressField('the address of a fresh keypair you hold').describe(
        'Address of a fresh keypair the caller holds; the launchpad creates the coin there',
      ),
      name: nameField,
      ticker: tickerField,
      image: imageField,
      description: descriptionField.optional(),
      quoteMint: addressField('a quote token mint address')
        .optional()
        .describe(`The pair: SOL (${NATIVE_MINT_ID}, the default), the dollar stablecoin, or another token the launchpad lists`),
      holdersPaid: z
        .enum(HOLDERS_PAID, { error: expect('pair or basket') })
        .optional()
        .describe('What holder rewards are paid in: the pair token, or a basket (then give `basket`); default: basket when one is given, else pair'),
      basket: basketField.optional(),
      buyLamports: lamportsField('the first buy')
        .optional()
        .describe("Creator's first buy, lamports spent fee included (decimal string); SOL pairs only; it may buy at most 10% of supply"),
      socials: socialsField.optional(),
      sponsored: z
        .boolean({ error: expect('true or false') })
        .optional()
        .describe(
          'Ask the service to pay the launch costs: true requires it (refused with the reason when the wallet or the day does not qualify), false declines it; absent: sponsored when it qualifies',
        ),
      referrer: addressField("the referrer's wallet address")
        .optional()
        .describe('Wallet that referred the creator: paid 5% of every creator fee; absent: that 5% goes to platform-token liquidity'),
    },
    { error: unknownKeys(LAUNCHPAD_PREPARE_FIELDS) },
  )
  .superRefine(
    (raw, ctx) => {
      const body = looseRecord(raw);
      if (typeof body.creator === 'string' && body.creator === body.mint) {
        ctx.addIssue({ code: 'custom', path: ['mint'], message: 'must be a fresh keypair of its own, not the creator wallet' });
      }
      if (typeof body.creator === 'string' && body.creator === body.referrer) {
        ctx.addIssue({ code: 'custom', path: ['referrer'], message: 'must be another wallet than the creator; leave it out when nobody referred you' });
      }
      if (body.holdersPaid === 'basket' && !nonEmptyArray(body.basket)) {
        ctx.addIssue({ code: 'custom', path: ['basket'], message: 'required when holdersPaid is basket: give 1 to 4 basket tokens with weights' });
      }
      if (body.holdersPaid === 'pair' && nonEmptyArray(body.basket)) {
        ctx.addIssue({ code: 'custom', path: ['basket'], message: 'is only used when holders are paid in it: remove it or set holdersPaid to basket' });
      }
      const solPair = body.quoteMint === undefined || body.quoteMint === NATIVE_MINT_ID;
      if (!solPair && nonEmptyArray(body.basket)) {
        ctx.addIssue({
          code: 'custom',
          path: ['basket'],
          message: 'needs a SOL pair (the keepers buy basket tokens with SOL): leave quoteMint out or pay holders in the pair',
        });
      }
      if (body.buyLamports !== undefined && !solPair) {
        ctx.addIssue({ code: 'custom', path: ['buyLamports'], message: 'is for SOL pairs only: remove it or leave quoteMint out' });
      }
    },
    { when: () => true },
  )
  .describe('A coin launched on the bonding curve');

/** `POST /launch/launchpad/prepare`. */
export const launchpadPrepareResponse = z.object({
  mint: z.string(),
  transactions: z
    .array(z.string())
    .min(1)
    .max(2)
    .describe(
      'Unsigned v0 transactions, base64, in order: one (the coin and its fee split) without a first buy; two (the coin and its first buy, then the fee split) with one, or when one transaction would leave wallets less than 300 bytes for their own instructions',
    ),
  buyTokens: z.string().nullable().describe('Coins the first buy gets, raw units; null without a buy'),
  buyMaxLamports: z.string().nullable().describe('What the first buy costs at most, fee included, lamports; null without a buy'),
  sponsored: z.boolean().describe('true: the service pays; leave the fee payer signature empty, the service signs at submit'),
  lastValidBlockHeight: z.int().min(0).describe('Submit every transaction before the chain passes this block height'),
});

/** Body of `POST /launch/launchpad/submit`. */
export const launchpadSubmitBody = z.strictObject(
  {
    mint: addressField('the mint prepare returned').describe('`mint` from prepare'),
    transactions: z
      .array(wireTransactionField, { error: expect('the array of signed transactions, base64, in the order prepare returned them') })
      .min(1, { error: 'must hold every transaction prepare returned, signed, in order' })
      .max(2, { error: 'must hold only the transactions prepare returned (at most 2)' })
      .describe('Every transaction prepare returned, signed, in the same order, base64'),
  },
  { error: unknownKeys(['mint', 'transactions']) },
);

export const launchpadLaunchResult = z.object({
  mint: z.string(),
  curve: z.string().describe('The bonding curve'),
  creator: z.string(),
  quoteMint: z.string(),
  signatures: z.array(signature).describe('Signatures of the sent transactions, in order'),
  slot: z.int().min(0).describe('Slot the last transaction landed in'),
  sponsored: z.boolean(),
  buyTokens: z.string().nullable(),
  page: z.string().describe("The coin's page"),
});

/** `POST /launch/launchpad/submit`. */
export const launchpadSubmitResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('confirmed'), signature, result: launchpadLaunchResult }),
  submitPending.extend({ signature: signature.describe('Poll GET /launch/launchpad/status; never sign and send again') }),
]);

export const LAUNCHPAD_STATUSES = ['prepared', 'sending', 'confirmed', 'abandoned'] as const;

export const launchpadStatusQuery = z.object({
  mint: addressField('the mint prepare returned').describe('`mint` from prepare'),
});

/** `GET /launch/launchpad/status`. */
export const launchpadStatusResponse = z.object({
  mint: z.string(),
  status: z
    .enum(LAUNCHPAD_STATUSES)
    .describe('prepared: waiting for submit; sending: sent, not all landed; confirmed: landed; abandoned: can no longer land (expired or failed)'),
  page: z.string().nullable().describe("The coin's page once confirmed; null before"),
});

export type LaunchpadPrepareBody = z.output<typeof launchpadPrepareBody>;
export type LaunchpadPrepareResponse = z.output<typeof launchpadPrepareResponse>;
export type LaunchpadSubmitBody = z.output<typeof launchpadSubmitBody>;
export type LaunchpadSubmitResponse = z.output<typeof launchpadSubmitResponse>;
export type LaunchpadLaunchResult = z.output<typeof launchpadLaunchResult>;
export type LaunchpadStatusResponse = z.output<typeof launchpadStatusResponse>;
