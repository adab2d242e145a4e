// What both prepares share: the rules that need the store or configuration (terms accepted, basket tokens the
// service offers, live hooks), the mint a launch may use, the hourly prepare limit (5 a wallet over both routes,
// counted and recorded in one store transaction), and how a list of problems becomes one answer.
import type { Address } from '@solana/kit';
import type { OpTransaction } from '../../infra/opstore/op-store.js';
import { addressField } from '../../schemas/api/launch-fields.js';
import { launchableHookIds } from '../../schemas/hooks-menu.js';
import type { LaunchContext } from './launch-context.js';
import { LaunchError } from './launch-error.js';
import { launchesInFlight, launchPrepareWindows, launches, type LaunchRecord } from './records.js';
import { hasAcceptedTerms, termsProblem } from './terms-handlers.js';

export const PREPARES_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

const validAddress = (value: unknown): value is Address => addressField().safeParse(value).success;

/** Problems of the creator that need the store: terms not accepted. */
export async function creatorProblems(lc: LaunchContext, creator: unknown): Promise<string[]> {
  if (!validAddress(creator)) return [];
  return (await hasAcceptedTerms(lc, creator)) ? [] : [termsProblem(creator)];
}

/** Basket tokens must be ones the service offers (the keepers buy them on their market pools). */
export function basketProblems(lc: LaunchContext, basket: unknown): string[] {
  if (!Array.isArray(basket)) return [];
  const offered = lc.config.mints.basket;
  return basket.flatMap((entry: unknown, i) => {
    const mint = (entry as { mint?: unknown } | null)?.mint;
    if (!validAddress(mint) || offered.includes(mint)) return [];
    return [`basket[${i}].mint: ${mint} is not a basket token the service offers; choose from ${offered.join(', ')}`];
  });
}

/** Hooks must be live ids of the hooks menu while it is open. */
export function hookProblems(lc: LaunchContext, hooks: unknown): string[] {
  if (!Array.isArray(hooks) || hooks.length === 0) return [];
  if (!lc.config.hooks.open) return ['hooks: this network takes no launches with hooks right now (GET /hooks says open: false); leave hooks out'];
  const live = launchableHookIds(lc.config.hooks);
  return hooks.flatMap((id: unknown, i) =>
    typeof id === 'string' && /^[a-z0-9-]{1,32}$/.test(id) && !live.includes(id)
      ? [`hooks[${i}]: ${id} is not a live hook of GET /hooks; live hooks: ${live.join(', ') || 'none'}`]
      : [],
  );
}

/** A launch already recorded at `mint`: a prepared one of the same creator may be prepared again (it is
 * replaced); anything else is a problem. */
export async function mintInUseProblem(lc: LaunchContext, mint: unknown, creator: unknown): Promise<string | null> {
  if (!validAddress(mint)) return null;
  const existing = await lc.opstore.get(launches, mint);
  if (!existing) return null;
  if (existing.state === 'prepared' && existing.creator === creator) return null;
  return `mint: ${mint} is already used by another launch; generate a fresh keypair`;
}

/** Throw the collected problems: 403 when the terms are the only problem, else 400. */
export function throwProblems(problems: string[]): void {
  if (problems.length === 0) return;
  const termsOnly = problems.every((p) => p.includes('has not accepted the launch terms'));
  throw new LaunchError(termsOnly ? 403 : 400, problems);
}

/** Inside the prepare's transaction: count the wallet's prepares in the last hour over both routes, refuse
 * the sixth with 429, else record this one. */
export async function countPrepare(tx: OpTransaction, wallet: string, now: number): Promise<void> {
  const window = await tx.get(launchPrepareWindows, wallet);
  const recent = (window?.at ?? []).filter((at) => at > now - HOUR_MS);
  if (recent.length >= PREPARES_PER_HOUR) {
    const next = new Date(recent[recent.length - PREPARES_PER_HOUR]! + HOUR_MS).toISOString();
    throw new LaunchError(429, [`creator: at most ${PREPARES_PER_HOUR} launch prepares a wallet an hour over both routes; prepare again after ${next}`]);
  }
  if (window) await tx.update(launchPrepareWindows, wallet, { at: [...recent, now] });
  else await tx.insert(launchPrepareWindows, { id: wallet, at: [now] });
}

/** Fields of a launch record that only submit, sending and the sweep move on from their prepared values. */
type ProgressFields = 'state' | 'submittedHash' | 'signed' | 'signatures' | 'sent' | 'landedSlot' | 'reason' | 'createdAt' | 'updatedAt';

/** Write a freshly prepared launch record (progress fields at their start, prepared at `nowMs`), replacing a
 * prepared one of the same creator at the same mint. */
export async function putLaunch(tx: OpTransaction, prepared: Omit<LaunchRecord, ProgressFields>, nowMs: number): Promise<void> {
  const record: LaunchRecord = {
    ...prepared,
    state: 'prepared',
    submittedHash: null,
    signed: [],
    signatures: [],
    sent: 0,
    landedSlot: null,
    reason: null,
    createdAt: nowMs,
    updatedAt: nowMs,
  };
  const existing = await tx.get(launches, record.id);
  const inFlight = { state: 'prepared' as const, since: record.createdAt };
  if (await tx.get(launchesInFlight, record.id)) await tx.update(launchesInFlight, record.id, inFlight);
  else await tx.insert(launchesInFlight, { id: record.id, ...inFlight });
  if (!existing) {
    await tx.insert(launches, record);
    return;
  }
  if (existing.state !== 'prepared' || existing.creator !== record.creator) {
    throw new LaunchError(400, [`mint: ${record.id} is already used by another launch; generate a fresh keypair`]);
  }
  const { id: _id, ...rest } = record;
  await tx.update(launches, record.id, rest);
}

export function socialsJson(socials: { x?: string; telegram?: string; website?: string } | undefined): string {
  return JSON.stringify({ x: socials?.x ?? null, telegram: socials?.telegram ?? null, website: socials?.website ?? null });
}

/** The metadata URI must fit the chain's 200 bytes. */
export function checkUri(uri: string): void {
  if (Buffer.byteLength(uri, 'utf8') > 200) {
    throw new LaunchError(503, ['launching is misconfigured on this service (SITE_URL too long for a metadata URI); try again later']);
  }
}
