// Writes kept transactions to the raw-tx log one confirmed slot at a time: the slot's transactions in
// index order, then its completion marker, in a single append, so the durable point (the last marker)
// only moves past whole slots. Coins launched in the slot go to the known-coins registry first.
// Anything at or before the durable point, or already written (by signature, or by index within a
// slot written in part), is dropped: a replay across the reconnect seam emits nothing twice. Written
// signatures are remembered for SEEN_SLOTS: a transaction lands only while its blockhash is recent (150
// blocks), so the same signature cannot come again in a later slot past that.
import type { Logger } from 'pino';
import { TOPICS, type EventLog, type WriteBatch } from '../../infra/event-log/event-log.js';
import type { CoinInfo } from '../known-coins/known-coins.js';
import { writeBatch } from '../../infra/event-log/write-batch.js';
import { KNOWN_COINS_TOPIC, knownCoinRecords } from '../known-coins/registry-topic.js';
import { encodeRawRecord, slotKey, type RawTransaction } from '../raw/raw-transaction.js';
import type { ResumePoint } from './resume.js';

interface Pending {
  tx: RawTransaction;
  launched: CoinInfo[];
}

/** Slots a written signature is remembered past its own: twice the blockhash's lifetime, skipped slots included. */
const SEEN_SLOTS = 300;

export class SlotWriter {
  durableSlot: number | null;
  written = 0;
  private partial: ResumePoint['partial'];
  private readonly pending = new Map<number, Map<string, Pending>>();
  private readonly blockTimes = new Map<number, number>();
  /** Written signatures and their slots, oldest first (slots are written in order). */
  private readonly seen = new Map<string, number>();
  private lastMarker: number | null;

  constructor(
    private readonly log: EventLog,
    resume: ResumePoint,
    /** Mints already in the registry topic. */
    private readonly registered: Set<string>,
    private readonly checkpointEverySlots: number,
    private readonly logger: Logger,
  ) {
    this.durableSlot = resume.durableSlot;
    this.partial = resume.partial;
    this.lastMarker = resume.durableSlot;
  }

  /** Whether the transaction is already in the log (or due there from the pending slot). */
  isWritten(tx: { signature: string; slot: number; index: number }): boolean {
    if (this.durableSlot !== null && tx.slot <= this.durableSlot) return true;
    if (this.partial && tx.slot === this.partial.slot && tx.index <= this.partial.index) return true;
    return this.seen.has(tx.signature) || (this.pending.get(tx.slot)?.has(tx.signature) ?? false);
  }

  add(tx: RawTransaction, launched: CoinInfo[]): void {
    if (this.isWritten(tx)) return;
    let slot = this.pending.get(tx.slot);
    if (!slot) this.pending.set(tx.slot, (slot = new Map()));
    slot.set(tx.signature, { tx, launched });
  }

  blockTime(slot: number, unixSeconds: number): void {
    this.blockTimes.set(slot, unixSeconds);
  }

  /** Forget what is not written yet (a disconnect: the replay from the durable point brings it again). */
  reset(): void {
    this.pending.clear();
    this.blockTimes.clear();
  }

  /** `slot` is confirmed: write every pending slot up to it, then its marker. */
  async complete(slot: number): Promise<void> {
    if (this.durableSlot !== null && slot <= this.durableSlot) return;
    const slots = [...this.pending.keys()].filter((s) => s <= slot).sort((a, b) => a - b);
    const txs = slots.flatMap((s) => [...this.pending.get(s)!.values()].sort((a, b) => a.tx.index - b.tx.index));
    const due = this.lastMarker === null || slot - this.lastMarker >= this.checkpointEverySlots;
    if (txs.length === 0 && !due) return this.forget(slot);

    const coins = txs.flatMap((p) => p.launched).filter((coin) => !this.registered.has(coin.mint));
    const blockTime = this.blockTimes.get(slot) ?? null;
    const records = txs.map(({ tx }) => ({
      key: slotKey(tx.slot),
      value: encodeRawRecord({ kind: 'tx', tx: { ...tx, blockTime: this.blockTimes.get(tx.slot) ?? blockTime } }),
    }));
    records.push({ key: slotKey(slot), value: encodeRawRecord({ kind: 'slot', marker: { slot, blockTime, transactions: txs.length } }) });
    // One write (one fsync): the coins launched in these slots go to the registry before the slots' records.
    const appends: WriteBatch['appends'][number][] = [{ topic: TOPICS.rawTransactions, records }];
    if (coins.length > 0) appends.unshift({ topic: KNOWN_COINS_TOPIC, records: knownCoinRecords(coins) });
    await writeBatch(this.log, { appends });

    for (const coin of coins) this.registered.add(coin.mint);
    for (const { tx } of txs) this.seen.set(tx.signature, tx.slot);
    this.written += txs.length;
    this.durableSlot = slot;
    this.lastMarker = slot;
    this.partial = null;
    this.forget(slot);
    if (txs.length > 0) this.logger.debug({ slot, transactions: txs.length }, 'slot written');
  }

  /** Close a hole the server cannot replay: a marker just before the first available slot. */
  async closeGap(firstAvailable: number): Promise<void> {
    const slot = firstAvailable - 1;
    await this.log.append(TOPICS.rawTransactions, [
      { key: slotKey(slot), value: encodeRawRecord({ kind: 'slot', marker: { slot, blockTime: null, transactions: 0, gap: true } }) },
    ]);
    this.durableSlot = slot;
    this.lastMarker = slot;
    this.partial = null;
    this.reset();
  }

  private forget(slot: number): void {
    for (const s of this.pending.keys()) if (s <= slot) this.pending.delete(s);
    for (const s of this.blockTimes.keys()) if (s <= slot) this.blockTimes.delete(s);
    for (const [signature, written] of this.seen) {
      if (written > slot - SEEN_SLOTS) break;
      this.seen.delete(signature);
    }
  }
}
