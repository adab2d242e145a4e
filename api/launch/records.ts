// The launch routes' collections in the operational store: terms acceptances (once per wallet per version),
// launches (one per mint, from prepare to confirmed or abandoned, with the creator's text that is not on
// chain), their images, the prepares counted for the hourly limit, and the sponsor's spending per day.
import { z } from 'zod';
import { defineCollection } from '../../infra/opstore/op-store.js';

export const termsAcceptances = defineCollection(
  'launch_terms_acceptances',
  z.object({
    /** `${wallet}:${version}` */
    id: z.string(),
    wallet: z.string(),
    version: z.string(),
    signedAt: z.string(),
    signature: z.string(),
    acceptedAt: z.number().int(),
  }),
);
export type TermsAcceptance = z.infer<typeof termsAcceptances.schema>;

export const LAUNCH_ROUTES = ['pool-venue', 'launchpad'] as const;
export const LAUNCH_STATES = ['prepared', 'sending', 'confirmed', 'abandoned'] as const;
export type LaunchState = (typeof LAUNCH_STATES)[number];

export const launches = defineCollection(
  'launches',
  z.object({
    /** The mint. */
    id: z.string(),
    route: z.enum(LAUNCH_ROUTES),
    creator: z.string(),
    state: z.enum(LAUNCH_STATES),
    mintSource: z.enum(['pool', 'browser']),
    sponsored: z.boolean(),
    /** The curve (launchpad) or pool (pool venue). */
    market: z.string(),
    quoteMint: z.string(),
    /** Unsigned prepared transactions, base64, in order. */
    prepared: z.array(z.string()),
    lastValidBlockHeight: z.number().int(),
    /** sha256 of the submitted transactions (joined), hex; null before submit. */
    submittedHash: z.string().nullable(),
    /** The fully signed transactions as sent or to be sent, base64, in order. */
    signed: z.array(z.string()),
    signatures: z.array(z.string()),
    /** How many of `signed` have been handed to the chain. */
    sent: z.number().int(),
    landedSlot: z.number().int().nullable(),
    /** Why the launch was abandoned, in words. */
    reason: z.string().nullable(),
    /** The creator's text kept off chain. */
    description: z.string().nullable(),
    /** JSON of { x, telegram, website } (nulls for missing). */
    socials: z.string(),
    /** JSON of the launch settings as asked (name, ticker, mode, fee, basket, recipients with labels, buy, hooks). */
    settings: z.string(),
    /** JSON of the first buy as prepared, or null. */
    buy: z.string().nullable(),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
  }),
);
export type LaunchRecord = z.infer<typeof launches.schema>;

export const launchImages = defineCollection(
  'launch_images',
  z.object({
    /** The mint. */
    id: z.string(),
    type: z.string(),
    base64: z.string(),
  }),
);

/** The hourly prepare limit, one record a wallet: the times of its prepares in the last hour (a read by id,
 * however many launches the store holds). */
export const launchPrepareWindows = defineCollection(
  'launch_prepare_windows',
  z.object({
    /** The wallet. */
    id: z.string(),
    /** Epoch ms of its prepares within the last hour, oldest first. */
    at: z.array(z.number().int()),
  }),
);

/** A sponsored launch's reservation, one record a mint (released when the launch is abandoned). */
export const sponsorSpending = defineCollection(
  'launch_sponsor_spending',
  z.object({
    /** The mint of the sponsored launch. */
    id: z.string(),
    wallet: z.string(),
    /** UTC day, YYYY-MM-DD. */
    day: z.string(),
    /** Lamports reserved for the launch's costs, decimal string. */
    lamports: z.string(),
    /** Set when the launch was abandoned before it could land: its reservation no longer counts. */
    released: z.boolean(),
    at: z.number().int(),
  }),
);
export type SponsorSpending = z.infer<typeof sponsorSpending.schema>;

/** The sponsor's day, one record a UTC day: what its live reservations add up to and whose they are. */
export const sponsorDays = defineCollection(
  'launch_sponsor_days',
  z.object({
    /** UTC day, YYYY-MM-DD. */
    id: z.string(),
    /** Lamports reserved by the day's live sponsored launches, decimal string. */
    lamports: z.string(),
    /** The wallet of each live sponsored launch of the day (a wallet once per launch). */
    wallets: z.array(z.string()),
  }),
);

/** Launches not yet confirmed or abandoned, for the background sweep (small, unlike `launches`). */
export const launchesInFlight = defineCollection(
  'launches_in_flight',
  z.object({
    /** The mint. */
    id: z.string(),
    state: z.enum(['prepared', 'sending']),
    since: z.number().int(),
  }),
);
