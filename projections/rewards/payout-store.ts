// Every payout sent, resident in memory for the wallet rewards' model (reward-model.ts): each coin's payouts as
// read from reward_payouts (FINAL: one row per (coin, round, event id)), and each wallet's, newest first (time, slot,
// log offset, then event id). A coin's payouts are replaced whole when they change, and only the wallets among its
// old or new payees are put together again. A coin's payouts are held as columns (typed arrays; addresses,
// signatures and event-id tails as numbers into one table of strings) and a wallet's as numbers naming a coin's
// block and a row in it: about 70 bytes a payout plus 100 a distinct wallet or signature (356,000 payouts to 51,000
// wallets in 46,000 transactions take about 35 MB), and few objects for the collector to trace.
import type { Olap } from '../../infra/olap/olap.js';
import { InternedStrings } from '../interned-strings.js';
import { compareText } from '../text-order.js';
import { REWARD_PAYOUTS_TABLE } from './table.js';
import type { WalletPayout } from './wallet-queries.js';

/** One payout sent, as read: every column as text. */
type SentPayout = Record<'wallet' | 'round' | 'token' | 'amount' | 'signature' | 'tail' | 'ms' | 'slot' | 'logOffset', string>;

/** The payouts of each coin of `mints` (coins without any are absent); `tail` is the event id after `<signature>:`
 * (every event id starts so, schemas/events/envelope.ts), `ms` the block time in milliseconds. */
export async function readCoinPayouts(olap: Olap, mints: readonly string[]): Promise<Map<string, SentPayout[]>> {
  const rows = await olap.query<SentPayout & { mint: string }>(
    `SELECT mint, wallet, toString(round) AS round, token, toString(amount) AS amount, signature,
       substring(eventId, length(signature) + 2) AS tail, toString(toUnixTimestamp64Milli(time)) AS ms,
       toString(slot) AS slot, toString(logOffset) AS logOffset
     FROM ${REWARD_PAYOUTS_TABLE} FINAL WHERE mint IN {mints:Array(String)}`,
    { mints: [...mints] },
  );
  const byCoin = new Map<string, SentPayout[]>();
  for (const row of rows) {
    let list = byCoin.get(row.mint);
    if (list === undefined) byCoin.set(row.mint, (list = []));
    list.push(row);
  }
  return byCoin;
}

const U64_MAX = (1n << 64n) - 1n;
/** A wallet's payout is named by block * ROWS + row (a coin of more payouts than this is beyond the model). */
const ROWS = 2 ** 24;

/** One coin's payouts as columns: addresses, signatures and event-id tails as numbers into the store's strings;
 * amounts of 2^64 raw units or more in `bigAmounts`, by row. */
function coinBlock(mint: string, rows: readonly SentPayout[], strings: InternedStrings) {
  const n = rows.length;
  const ids = () => new Uint32Array(n);
  const numbers = () => new Float64Array(n);
  const columns = {
    mint,
    wallet: ids(),
    round: ids(),
    token: ids(),
    signature: ids(),
    tail: ids(),
    ms: numbers(),
    slot: numbers(),
    logOffset: numbers(),
    amount: new BigUint64Array(n),
    bigAmounts: new Map<number, string>(),
  };
  for (const [i, row] of rows.entries()) {
    columns.wallet[i] = strings.id(row.wallet);
    columns.round[i] = Number(row.round);
    columns.token[i] = strings.id(row.token);
    columns.signature[i] = strings.id(row.signature);
    columns.tail[i] = strings.id(row.tail);
    columns.ms[i] = Number(row.ms);
    columns.slot[i] = Number(row.slot);
    columns.logOffset[i] = Number(row.logOffset);
    const amount = BigInt(row.amount);
    if (amount <= U64_MAX) columns.amount[i] = amount;
    else columns.bigAmounts.set(i, row.amount);
  }
  return columns;
}

type Block = ReturnType<typeof coinBlock>;

export class PayoutStore {
  private readonly strings = new InternedStrings();
  private readonly blocks = new Map<number, Block>();
  /** Each coin's block. */
  private readonly coins = new Map<string, number>();
  /** Each wallet's payouts (block * ROWS + row), newest first, and the stamp of their last change. */
  private readonly wallets = new Map<string, { payouts: number[]; stamp: number }>();
  private blockCount = 0;

  /** Sets the payouts of each coin in `byCoin` (an empty list: none); the wallets whose payouts changed take
   * `stamp`. */
  replace(byCoin: ReadonlyMap<string, readonly SentPayout[]>, stamp: number): void {
    /** The payouts each touched wallet gets, and the blocks replaced (whose payouts every wallet loses). */
    const touched = new Map<string, number[]>();
    const replaced = new Set<number>();
    const payoutsOf = (wallet: number) => {
      const text = this.strings.text(wallet);
      let list = touched.get(text);
      if (list === undefined) touched.set(text, (list = []));
      return list;
    };
    for (const [mint, rows] of byCoin) {
      const old = this.coins.get(mint);
      if (old !== undefined) {
        for (const wallet of this.blocks.get(old)!.wallet) payoutsOf(wallet);
        this.blocks.delete(old);
        replaced.add(old);
      }
      const id = this.blockCount++;
      const block = coinBlock(mint, rows, this.strings);
      this.blocks.set(id, block);
      this.coins.set(mint, id);
      for (const [row, wallet] of block.wallet.entries()) payoutsOf(wallet).push(id * ROWS + row);
    }
    for (const [wallet, payouts] of touched) {
      const kept = (this.wallets.get(wallet)?.payouts ?? []).filter((ref) => !replaced.has(Math.floor(ref / ROWS)));
      this.wallets.set(wallet, { payouts: [...kept, ...payouts].sort(this.newestFirst), stamp });
    }
  }

  /** The wallet's latest `limit` payouts (of `coin` only when set), newest first. */
  walletPayouts(wallet: string, coin: string | null, limit: number): WalletPayout[] {
    const out: WalletPayout[] = [];
    for (const ref of this.wallets.get(wallet)?.payouts ?? []) {
      if (out.length >= limit) break;
      const block = this.blocks.get(Math.floor(ref / ROWS))!;
      const row = ref % ROWS;
      if (coin !== null && block.mint !== coin) continue;
      out.push({
        coin: block.mint,
        round: block.round[row]!,
        token: this.strings.text(block.token[row]!),
        amount: block.bigAmounts.get(row) ?? block.amount[row]!.toString(),
        signature: this.strings.text(block.signature[row]!),
        time: Math.floor(block.ms[row]! / 1000),
      });
    }
    return out;
  }

  /** Stamp of the last change of the wallet's payouts; 0 when it never had any. */
  walletStamp(wallet: string): number {
    return this.wallets.get(wallet)?.stamp ?? 0;
  }

  private eventId(block: Block, row: number): string {
    return `${this.strings.text(block.signature[row]!)}:${this.strings.text(block.tail[row]!)}`;
  }

  private readonly newestFirst = (a: number, b: number): number => {
    const x = this.blocks.get(Math.floor(a / ROWS))!;
    const y = this.blocks.get(Math.floor(b / ROWS))!;
    const i = a % ROWS;
    const j = b % ROWS;
    return y.ms[j]! - x.ms[i]! || y.slot[j]! - x.slot[i]! || y.logOffset[j]! - x.logOffset[i]! || compareText(this.eventId(y, j), this.eventId(x, i));
  };
}
