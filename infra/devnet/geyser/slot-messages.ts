// What one sealed slot tells subscribers, in Yellowstone's order: each transaction's account writes
// then the transaction, the slot's entry, its block meta and the block. Bodies are encoded lazily,
// once, and framed once per distinct set of matching filter names; a small LRU keeps recent slots
// so every live subscriber reuses the same bytes.
import type { SlotStatus } from '@triton-one/yellowstone-grpc';
import type { Bank, Block } from '../ledger/bank.js';
import type { AccountWrite, ExecutedTransaction } from '../runtime/types.js';
import { base58Bytes, encodeTransactionInfo, encodeTransactionStatus, isVoteTransaction } from './encode-transaction.js';
import {
  accountBody,
  accountInfoBytes,
  blockMetaBody,
  createdAtField,
  entryBody,
  entryBytes,
  filtersField,
  slotBody,
  transactionBody,
  transactionStatusBody,
  type DataSlices,
} from './encode-updates.js';

/** Frames (`filters ++ body ++ createdAt`) of one message, keyed by variant and filter names. */
class Frames {
  private frames: Map<string, Buffer> | undefined;
  constructor(protected readonly createdAt: Buffer) {}

  frame(variant: string, names: readonly string[], body: () => Uint8Array): Buffer {
    const key = `${variant}\u0000${names.join('\u0000')}`;
    this.frames ??= new Map();
    let frame = this.frames.get(key);
    if (!frame) {
      frame = Buffer.concat([filtersField(names), body(), this.createdAt]);
      this.frames.set(key, frame);
    }
    return frame;
  }
}

export class AccountItem extends Frames {
  readonly kind = 'account';
  private infos: Map<string, Uint8Array> | undefined;
  constructor(
    createdAt: Buffer,
    readonly write: AccountWrite,
    /** The first signature of the transaction that wrote it; null for a direct write. */
    private readonly signature: Uint8Array | null,
    readonly slot: number,
  ) {
    super(createdAt);
  }
  body(slices: DataSlices): Buffer {
    return accountBody(this.write, this.signature, this.slot, slices);
  }
  info(slices: DataSlices, sliceKey: string): Uint8Array {
    this.infos ??= new Map();
    let info = this.infos.get(sliceKey);
    if (!info) this.infos.set(sliceKey, (info = accountInfoBytes(this.write, this.signature, slices)));
    return info;
  }
}

export class TransactionItem extends Frames {
  readonly kind = 'transaction';
  readonly isVote: boolean;
  private infoBytes: Uint8Array | undefined;
  constructor(
    createdAt: Buffer,
    readonly tx: ExecutedTransaction,
  ) {
    super(createdAt);
    this.isVote = isVoteTransaction(tx);
  }
  info(): Uint8Array {
    return (this.infoBytes ??= encodeTransactionInfo(this.tx));
  }
  body(): Buffer {
    return transactionBody(this.info(), this.tx.slot);
  }
  statusBody(): Buffer {
    return transactionStatusBody(encodeTransactionStatus(this.tx));
  }
}

export class BlockItem extends Frames {
  constructor(
    createdAt: Buffer,
    readonly kind: 'entry' | 'blockMeta' | 'block',
    readonly block: Block,
  ) {
    super(createdAt);
  }
}

export class SlotItem extends Frames {
  readonly kind = 'slot';
  /** Stamped when the slot reaches the status, not when the block was sealed. */
  constructor(
    readonly block: Block,
    readonly status: SlotStatus,
  ) {
    super(createdAtField(new Date()));
  }
  body(): Buffer {
    return slotBody(this.block.slot, this.block.parentSlot, this.status);
  }
}

export type FeedItem = AccountItem | TransactionItem | BlockItem;

export class SlotMessages {
  readonly createdAt: Buffer;
  /** Every message in the order it happened: what processed-commitment subscribers receive. */
  readonly processed: FeedItem[] = [];
  readonly entryBytes: Uint8Array;
  private settledItems: FeedItem[] | undefined;
  private readonly statuses = new Map<SlotStatus, SlotItem>();

  constructor(
    readonly block: Block,
    at: Date,
  ) {
    this.createdAt = createdAtField(at);
    this.entryBytes = entryBytes(block);
    const txs = block.transactions;
    const bySignature = new Map(txs.map((tx) => [tx.signature, tx.index]));
    let next = 0;
    let lastSeen = -1;
    for (const write of block.accountWrites) {
      const owner = write.signature === null ? undefined : bySignature.get(write.signature);
      // A transaction's writes come right before it; a direct write follows the transactions already seen.
      const flushBefore = owner ?? lastSeen + 1;
      while (next < flushBefore) this.processed.push(new TransactionItem(this.createdAt, txs[next++]!));
      if (owner !== undefined) lastSeen = owner;
      const signature = owner !== undefined ? txs[owner]!.signatures[0]! : write.signature === null ? null : base58Bytes(write.signature);
      this.processed.push(new AccountItem(this.createdAt, write, signature, block.slot));
    }
    while (next < txs.length) this.processed.push(new TransactionItem(this.createdAt, txs[next++]!));
    this.processed.push(new BlockItem(this.createdAt, 'entry', block));
    this.processed.push(new BlockItem(this.createdAt, 'blockMeta', block));
    this.processed.push(new BlockItem(this.createdAt, 'block', block));
  }

  /** Confirmed and finalized subscribers get each account once per slot: its last write, in its place. */
  get settled(): FeedItem[] {
    if (!this.settledItems) {
      const last = new Map<string, AccountItem>();
      for (const item of this.processed) if (item instanceof AccountItem) last.set(item.write.address, item);
      this.settledItems = this.processed.filter((item) => !(item instanceof AccountItem) || last.get(item.write.address) === item);
    }
    return this.settledItems;
  }

  get accounts(): AccountItem[] {
    return this.settled.filter((item): item is AccountItem => item instanceof AccountItem);
  }

  get transactions(): TransactionItem[] {
    return this.processed.filter((item): item is TransactionItem => item instanceof TransactionItem);
  }

  status(status: SlotStatus): SlotItem {
    let item = this.statuses.get(status);
    if (!item) this.statuses.set(status, (item = new SlotItem(this.block, status)));
    return item;
  }

  entryBody(): Buffer {
    return entryBody(this.block);
  }

  blockMetaBody(): Buffer {
    return blockMetaBody(this.block);
  }
}

/** Recently used slots' messages; older slots are rebuilt from the bank on demand (replay, slow readers). */
export class MessageCache {
  private readonly slots = new Map<number, SlotMessages>();

  constructor(
    private readonly bank: Bank,
    private readonly capacity: number,
  ) {}

  get(slot: number): SlotMessages | undefined {
    const cached = this.slots.get(slot);
    if (cached) {
      this.slots.delete(slot);
      this.slots.set(slot, cached);
      return cached;
    }
    const block = this.bank.getBlock(slot);
    if (!block) return undefined;
    const messages = new SlotMessages(block, new Date());
    this.slots.set(slot, messages);
    if (this.slots.size > this.capacity) this.slots.delete(this.slots.keys().next().value!);
    return messages;
  }
}
