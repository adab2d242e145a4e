// Every payout sent, resident in memory for the wallet rewards' model (reward-model.ts): by wallet, newest first
// (time, slot, log offset, then event id). Columns in typed arrays and addresses, signatures and event-id tails
// interned, about 70 bytes a payout plus 100 a distinct wallet or signature: 356,000 payouts to 51,000 wallets in
// 46,000 transactions take about 35 MB.
//
// Rows come in bulk (the first load) and then as increments per coin: the payouts of the coin from its latest slot
// loaded on (a coin's events are written in chain order). An increment can repeat rows already loaded at that slot
// (the store's FINAL view holds one row per (coin, round, event id)); those are recognised and left out.
import { InternedStrings } from '../interned-strings.js';
import { compareText } from '../text-order.js';
import { widened } from '../typed-columns.js';
import type { PayoutRow } from './ledger-reads.js';
import type { WalletPayout } from './wallet-queries.js';

interface WalletRows {
  /** Row ids, newest first (time, slot, log offset, event id; all descending). */
  rows: number[];
  /** Stamp of the last change of this wallet's rows. */
  stamp: number;
}

interface CoinRows {
  /** Latest slot loaded, and the rows at it (the only ones an increment can repeat). */
  lastSlot: number;
  edge: number[];
}

const U64_MAX = (1n << 64n) - 1n;

export class PayoutStore {
  private size = 0;
  private capacity = 0;
  private coinIds = new Int32Array(0);
  private tokenIds = new Int32Array(0);
  private rounds = new Uint32Array(0);
  private signatureIds = new Int32Array(0);
  private tailIds = new Int32Array(0);
  /** 1 when the event id is the signature, ':' and the tail; 0 when the tail is the whole event id. */
  private prefixed = new Uint8Array(0);
  private ms = new Float64Array(0);
  private slots = new Float64Array(0);
  private logOffsets = new Float64Array(0);
  private amounts = new BigUint64Array(0);
  /** Amounts of 2^64 raw units or more, by row. */
  private readonly bigAmounts = new Map<number, string>();
  private readonly addresses = new InternedStrings();
  private readonly signatures = new InternedStrings();
  private readonly tails = new InternedStrings();
  private readonly wallets = new Map<string, WalletRows>();
  private readonly coins = new Map<string, CoinRows>();
  private readonly unsorted = new Set<WalletRows>();

  /** The latest slot loaded of the coin; -1 before any. */
  lastSlot(mint: string): number {
    return this.coins.get(mint)?.lastSlot ?? -1;
  }

  /** Stamp of the last change of the wallet's payouts; 0 when it has none. */
  walletStamp(wallet: string): number {
    return this.wallets.get(wallet)?.stamp ?? 0;
  }

  /** Room for `rows` more rows (the first load knows how many it reads). */
  expect(rows: number): void {
    this.reserve(this.size + rows, true);
  }

  /** Adds rows not loaded yet. The wallets' lists are in order again after `settle`. */
  add(rows: readonly PayoutRow[], stamp: number): void {
    /** Per coin, its latest slot before these rows and the events at it (round and event id), made when a row at
     * that slot comes: the rows that may be there already. */
    const edges = new Map<string, { slot: number; ids: number[]; events: Set<string> | null }>();
    this.reserve(this.size + rows.length, false);
    for (const row of rows) {
      let coin = this.coins.get(row.mint);
      if (coin === undefined) this.coins.set(row.mint, (coin = { lastSlot: -1, edge: [] }));
      let edge = edges.get(row.mint);
      if (edge === undefined) edges.set(row.mint, (edge = { slot: coin.lastSlot, ids: [...coin.edge], events: null }));
      if (row.slot === edge.slot) {
        edge.events ??= new Set(edge.ids.map((id) => `${this.rounds[id]}|${this.eventIdOf(id)}`));
        const event = `${row.round}|${row.eventId}`;
        if (edge.events.has(event)) continue;
        edge.events.add(event);
      }
      const id = this.append(row);
      if (row.slot > coin.lastSlot) {
        coin.lastSlot = row.slot;
        coin.edge = [id];
      } else if (row.slot === coin.lastSlot) coin.edge.push(id);
      let wallet = this.wallets.get(row.wallet);
      if (wallet === undefined) this.wallets.set(row.wallet, (wallet = { rows: [], stamp }));
      wallet.rows.push(id);
      wallet.stamp = stamp;
      this.unsorted.add(wallet);
    }
  }

  /** Puts the lists of the wallets that got rows back in order (newest first). */
  settle(): void {
    // Sorted into a copy of its exact length: a list grown by pushes keeps room for more, and most never grow again.
    for (const wallet of this.unsorted) wallet.rows = wallet.rows.slice().sort(this.newestFirst);
    this.unsorted.clear();
  }

  /** The wallet's latest `limit` payouts (of `coin` only when set), newest first. */
  walletPayouts(wallet: string, coin: string | null, limit: number): WalletPayout[] {
    const rows = this.wallets.get(wallet)?.rows ?? [];
    const coinId = coin === null ? -1 : this.addresses.find(coin);
    if (coin !== null && coinId < 0) return [];
    const out: WalletPayout[] = [];
    for (const id of rows) {
      if (out.length >= limit) break;
      if (coinId >= 0 && this.coinIds[id] !== coinId) continue;
      out.push({
        coin: this.addresses.text(this.coinIds[id]!),
        round: this.rounds[id]!,
        token: this.addresses.text(this.tokenIds[id]!),
        amount: this.amountOf(id),
        signature: this.signatures.text(this.signatureIds[id]!),
        time: Math.floor(this.ms[id]! / 1000),
      });
    }
    return out;
  }

  private signatureOf(id: number): string {
    return this.signatures.text(this.signatureIds[id]!);
  }

  private eventIdOf(id: number): string {
    const tail = this.tails.text(this.tailIds[id]!);
    return this.prefixed[id] === 1 ? `${this.signatureOf(id)}:${tail}` : tail;
  }

  private readonly newestFirst = (a: number, b: number): number =>
    this.ms[b]! - this.ms[a]! ||
    this.slots[b]! - this.slots[a]! ||
    this.logOffsets[b]! - this.logOffsets[a]! ||
    compareText(this.eventIdOf(b), this.eventIdOf(a));

  private amountOf(id: number): string {
    return this.bigAmounts.get(id) ?? this.amounts[id]!.toString();
  }

  private append(row: PayoutRow): number {
    const id = this.size++;
    this.coinIds[id] = this.addresses.id(row.mint);
    this.tokenIds[id] = this.addresses.id(row.token);
    this.rounds[id] = row.round;
    this.signatureIds[id] = this.signatures.id(row.signature);
    const prefix = `${row.signature}:`;
    const prefixed = row.eventId.startsWith(prefix);
    this.prefixed[id] = prefixed ? 1 : 0;
    this.tailIds[id] = this.tails.id(prefixed ? row.eventId.slice(prefix.length) : row.eventId);
    this.ms[id] = row.ms;
    this.slots[id] = row.slot;
    this.logOffsets[id] = row.logOffset;
    const amount = BigInt(row.amount);
    if (amount <= U64_MAX) this.amounts[id] = amount;
    else this.bigAmounts.set(id, row.amount);
    return id;
  }

  private reserve(rows: number, exact: boolean): void {
    if (rows <= this.capacity) return;
    const capacity = exact ? rows : Math.max(rows, Math.ceil(this.capacity * 1.5), 1_024);
    this.coinIds = widened(this.coinIds, capacity);
    this.tokenIds = widened(this.tokenIds, capacity);
    this.rounds = widened(this.rounds, capacity);
    this.signatureIds = widened(this.signatureIds, capacity);
    this.tailIds = widened(this.tailIds, capacity);
    this.prefixed = widened(this.prefixed, capacity);
    this.ms = widened(this.ms, capacity);
    this.slots = widened(this.slots, capacity);
    this.logOffsets = widened(this.logOffsets, capacity);
    this.amounts = widened(this.amounts, capacity);
    this.capacity = capacity;
  }
}
