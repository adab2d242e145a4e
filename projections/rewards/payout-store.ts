// Every payout sent, resident in memory for the wallet rewards' model (reward-model.ts): each coin's payouts as
// read from reward_payouts (FINAL: one row per (coin, round, event id)), and each wallet's, newest first (time, slot,
// log offset, then event id). A coin's payouts are replaced whole when they change, and only the wallets among
// its old or new payees are put together again. Addresses and signatures are shared strings: about 200 bytes a
// payout, most of it the event id.
import type { Olap } from '../../infra/olap/olap.js';
import { SharedStrings } from '../shared-strings.js';
import { compareText } from '../text-order.js';
import { REWARD_PAYOUTS_TABLE } from './table.js';
import type { WalletPayout } from './wallet-queries.js';

/** One payout sent, as the model holds it. */
export interface Payout extends WalletPayout {
  wallet: string;
  /** Block time in milliseconds. */
  ms: number;
  slot: number;
  logOffset: number;
  eventId: string;
}

/** The payouts of each coin of `mints` (coins without any are absent). */
export async function readCoinPayouts(olap: Olap, mints: readonly string[]): Promise<Map<string, Payout[]>> {
  const rows = await olap.query<Omit<Payout, 'ms' | 'slot' | 'logOffset'> & { ms: string; slot: string; logOffset: string; mint: string }>(
    `SELECT mint, wallet, round, token, toString(amount) AS amount, signature, toUnixTimestamp64Milli(time) AS ms, slot, logOffset, eventId
     FROM ${REWARD_PAYOUTS_TABLE} FINAL WHERE mint IN {mints:Array(String)}`,
    { mints: [...mints] },
  );
  const byCoin = new Map<string, Payout[]>();
  for (const { mint, ms, slot, logOffset, ...row } of rows) {
    let list = byCoin.get(mint);
    if (list === undefined) byCoin.set(mint, (list = []));
    const time = Number(ms);
    list.push({ ...row, coin: mint, round: Number(row.round), ms: time, time: Math.floor(time / 1000), slot: Number(slot), logOffset: Number(logOffset) });
  }
  return byCoin;
}

const newestFirst = (a: Payout, b: Payout): number => b.ms - a.ms || b.slot - a.slot || b.logOffset - a.logOffset || compareText(b.eventId, a.eventId);

export class PayoutStore {
  private readonly coins = new Map<string, Payout[]>();
  /** Each wallet's payouts, newest first, and the stamp of their last change. */
  private readonly wallets = new Map<string, { rows: Payout[]; stamp: number }>();
  private readonly strings = new SharedStrings();

  /** Sets the payouts of each coin in `byCoin` (an empty list: none); the wallets whose payouts changed take
   * `stamp`. */
  replace(byCoin: ReadonlyMap<string, readonly Payout[]>, stamp: number): void {
    const touched = new Map<string, Payout[]>();
    for (const [mint, rows] of byCoin) {
      for (const old of this.coins.get(mint) ?? []) if (!touched.has(old.wallet)) touched.set(old.wallet, []);
      const held = rows.map((row) => this.share(row));
      this.coins.set(mint, held);
      for (const row of held) {
        const list = touched.get(row.wallet);
        if (list === undefined) touched.set(row.wallet, [row]);
        else list.push(row);
      }
    }
    for (const [wallet, rows] of touched) {
      const kept = (this.wallets.get(wallet)?.rows ?? []).filter((row) => !byCoin.has(row.coin));
      this.wallets.set(wallet, { rows: [...kept, ...rows].sort(newestFirst), stamp });
    }
  }

  /** The wallet's latest `limit` payouts (of `coin` only when set), newest first. */
  walletPayouts(wallet: string, coin: string | null, limit: number): WalletPayout[] {
    const out: WalletPayout[] = [];
    for (const row of this.wallets.get(wallet)?.rows ?? []) {
      if (out.length >= limit) break;
      if (coin !== null && row.coin !== coin) continue;
      out.push({ coin: row.coin, round: row.round, token: row.token, amount: row.amount, signature: row.signature, time: row.time });
    }
    return out;
  }

  /** Stamp of the last change of the wallet's payouts; 0 when it never had any. */
  walletStamp(wallet: string): number {
    return this.wallets.get(wallet)?.stamp ?? 0;
  }

  /** `row` with its addresses and signature as the strings already held for them. */
  private share(row: Payout): Payout {
    const strings = this.strings;
    return {
      ...row,
      coin: strings.share(row.coin),
      wallet: strings.share(row.wallet),
      token: strings.share(row.token),
      signature: strings.share(row.signature),
    };
  }
}
