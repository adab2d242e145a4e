// Sponsored launches (spec 4.3 rule 3, section 8): the service's sponsor pays a launchpad launch's costs when
// the wallet holds at least 0.05 SOL, has had fewer than 5 sponsored launches this UTC day, and the day's
// sponsored costs stay within 1 SOL. Costs are reserved at prepare (fees and the rent of every account the
// launch creates) and given back when the launch is abandoned.
import type { Address } from '@solana/kit';
import type { OpTransaction } from '../../infra/opstore/op-store.js';
import { CURVE_SIZE } from '../../schemas/programs/launchpad/accounts.js';
import { isSolQuote } from '../../schemas/programs/token-addresses.js';
import type { LaunchContext } from './launch-context.js';
import { sponsorDays, sponsorSpending } from './records.js';

export const SPONSOR_DAILY_LAMPORTS = 1_000_000_000n;
export const SPONSORED_PER_WALLET_PER_DAY = 5;
export const SPONSOR_MIN_BALANCE_LAMPORTS = 50_000_000n;
const LAMPORTS_PER_SIGNATURE = 5_000n;
const MINT_SIZE = 82;
const TOKEN_ACCOUNT_SIZE = 165;

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** What a sponsored launchpad launch costs its fee payer at most: signature fees and the rent of the
 * accounts it creates (curve, mint, vaults, the creator's coin account for a first buy, a referrer's quote
 * account for token pairs). */
export async function sponsoredCost(lc: LaunchContext, launch: { quoteMint: Address; buy: boolean; referrer: boolean; signatures: number }): Promise<bigint> {
  const tokenAccounts = 1 + (isSolQuote(launch.quoteMint) ? 0 : 1) + (launch.buy ? 1 : 0) + (launch.referrer && !isSolQuote(launch.quoteMint) ? 1 : 0);
  const [curve, mint, account] = await Promise.all([lc.chain.rentExempt(CURVE_SIZE), lc.chain.rentExempt(MINT_SIZE), lc.chain.rentExempt(TOKEN_ACCOUNT_SIZE)]);
  return curve + mint + account * BigInt(tokenAccounts) + LAMPORTS_PER_SIGNATURE * BigInt(launch.signatures);
}

/** Why a sponsorship cannot be had before looking at the day's spending (no sponsor key, too little SOL). */
export async function sponsorUnavailable(lc: LaunchContext, creator: Address): Promise<string | null> {
  const sponsor = lc.keys ? await lc.keys.stored('sponsor') : null;
  if (sponsor === null || sponsor !== lc.config.wallets.sponsor) return 'sponsored launches are not offered on this service right now';
  const balance = await lc.chain.balance(creator);
  if (balance < SPONSOR_MIN_BALANCE_LAMPORTS) {
    return `sponsored launches are for wallets holding at least 0.05 SOL; ${creator} holds ${balance} lamports`;
  }
  return null;
}

/** Inside the prepare's transaction: why the day's budget refuses this sponsorship, or null. */
export async function sponsorBudgetProblem(tx: OpTransaction, wallet: string, cost: bigint, now: number): Promise<string | null> {
  const day = await tx.get(sponsorDays, utcDay(now));
  const mine = (day?.wallets ?? []).filter((w) => w === wallet).length;
  if (mine >= SPONSORED_PER_WALLET_PER_DAY)
    return `a wallet gets at most ${SPONSORED_PER_WALLET_PER_DAY} sponsored launches a UTC day; ${wallet} has had ${mine} today`;
  if (BigInt(day?.lamports ?? '0') + cost > SPONSOR_DAILY_LAMPORTS) return 'the sponsor has spent its 1 SOL for today (UTC); try again tomorrow';
  return null;
}

/** Inside a transaction: reserve `cost` of today's budget for the launch at `mint` (replacing an earlier
 * reservation of the same launch). */
export async function reserveSponsorship(tx: OpTransaction, mint: string, wallet: string, cost: bigint, now: number): Promise<void> {
  await releaseSponsorship(tx, mint);
  const id = utcDay(now);
  const day = await tx.get(sponsorDays, id);
  const totals = { lamports: (BigInt(day?.lamports ?? '0') + cost).toString(), wallets: [...(day?.wallets ?? []), wallet] };
  if (day) await tx.update(sponsorDays, id, totals);
  else await tx.insert(sponsorDays, { id, ...totals });
  const record = { wallet, day: id, lamports: cost.toString(), released: false, at: now };
  if (await tx.get(sponsorSpending, mint)) await tx.update(sponsorSpending, mint, record);
  else await tx.insert(sponsorSpending, { id: mint, ...record });
}

/** Inside a transaction: give back the reservation of the launch at `mint`, if it holds one. */
export async function releaseSponsorship(tx: OpTransaction, mint: string): Promise<void> {
  const spending = await tx.get(sponsorSpending, mint);
  if (!spending || spending.released) return;
  await tx.update(sponsorSpending, mint, { released: true });
  const day = await tx.get(sponsorDays, spending.day);
  if (!day) return;
  const wallets = [...day.wallets];
  const at = wallets.indexOf(spending.wallet);
  if (at >= 0) wallets.splice(at, 1);
  const left = BigInt(day.lamports) - BigInt(spending.lamports);
  await tx.update(sponsorDays, spending.day, { lamports: (left > 0n ? left : 0n).toString(), wallets });
}
