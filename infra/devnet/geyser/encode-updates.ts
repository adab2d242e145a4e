// The bodies of SubscribeUpdate's oneof (account, slot, transaction, transaction status, block,
// block meta, entry, ping, pong) and its `filters` and `createdAt` fields, each as protobuf bytes.
// A full update is `filters ++ body ++ createdAt`: bodies are encoded once and framed per subscriber.
import {
  type SlotStatus,
  SubscribeUpdateAccountInfo,
  SubscribeUpdateBlock,
  SubscribeUpdateBlockMeta,
  SubscribeUpdateEntry,
  SubscribeUpdatePong,
  SubscribeUpdateSlot,
} from '@triton-one/yellowstone-grpc';
import type { Block } from '../ledger/bank.js';
import type { AccountWrite } from '../runtime/types.js';
import { keyBytes } from './encode-transaction.js';
import { encodeMessage, lengthDelimited, stringFields, varintField } from './wire.js';

/** SubscribeUpdate field numbers. */
const FIELD = {
  filters: 1,
  account: 2,
  slot: 3,
  transaction: 4,
  block: 5,
  ping: 6,
  blockMeta: 7,
  entry: 8,
  pong: 9,
  transactionStatus: 10,
  createdAt: 11,
} as const;

/** Byte ranges of account data to send (`accountsDataSlice`), already checked for order and overlap. */
export type DataSlices = readonly { start: number; end: number }[];

export function sliceData(data: Uint8Array, slices: DataSlices): Uint8Array {
  if (slices.length === 0) return data;
  const parts = slices.filter((s) => data.length >= s.end).map((s) => data.subarray(s.start, s.end));
  return Buffer.concat(parts);
}

export function filtersField(names: readonly string[]): Buffer {
  return stringFields(FIELD.filters, names);
}

export function createdAtField(at: Date): Buffer {
  const ms = at.getTime();
  return lengthDelimited(FIELD.createdAt, varintField(1, Math.floor(ms / 1000)), varintField(2, (ms % 1000) * 1_000_000));
}

export function transactionBody(infoBytes: Uint8Array, slot: number): Buffer {
  return lengthDelimited(FIELD.transaction, lengthDelimited(1, infoBytes), varintField(2, slot));
}

export function transactionStatusBody(statusBytes: Uint8Array): Buffer {
  return lengthDelimited(FIELD.transactionStatus, statusBytes);
}

/** `signature` is the writing transaction's first signature (null for a direct write). */
export function accountInfoBytes(write: AccountWrite, signature: Uint8Array | null, slices: DataSlices): Uint8Array {
  return encodeMessage(SubscribeUpdateAccountInfo, {
    pubkey: keyBytes(write.address),
    lamports: write.account.lamports.toString(),
    owner: keyBytes(write.account.owner),
    executable: write.account.executable,
    rentEpoch: write.account.rentEpoch.toString(),
    data: sliceData(write.account.data, slices),
    writeVersion: write.writeVersion.toString(),
    txnSignature: signature ?? undefined,
  });
}

export function accountBody(write: AccountWrite, signature: Uint8Array | null, slot: number, slices: DataSlices): Buffer {
  return lengthDelimited(FIELD.account, lengthDelimited(1, accountInfoBytes(write, signature, slices)), varintField(2, slot));
}

export function slotBody(slot: number, parent: number, status: SlotStatus): Buffer {
  return lengthDelimited(FIELD.slot, encodeMessage(SubscribeUpdateSlot, { slot: String(slot), parent: String(parent), status }));
}

function blockHeader(block: Block) {
  return {
    slot: String(block.slot),
    blockhash: block.blockhash,
    rewards: { rewards: [], numPartitions: undefined },
    blockTime: { timestamp: String(block.blockTime) },
    blockHeight: { blockHeight: String(block.blockHeight) },
    parentSlot: String(block.parentSlot),
    parentBlockhash: block.previousBlockhash,
    executedTransactionCount: String(block.transactions.length),
    entriesCount: '1',
  };
}

export function blockMetaBody(block: Block): Buffer {
  return lengthDelimited(FIELD.blockMeta, encodeMessage(SubscribeUpdateBlockMeta, blockHeader(block)));
}

/** The devnet seals each slot as a single entry holding all its transactions; its hash is the blockhash. */
export function entryBytes(block: Block): Uint8Array {
  return encodeMessage(SubscribeUpdateEntry, {
    slot: String(block.slot),
    index: '0',
    numHashes: '1',
    hash: keyBytes(block.blockhash),
    executedTransactionCount: String(block.transactions.length),
    startingTransactionIndex: '0',
  });
}

export function entryBody(block: Block): Buffer {
  return lengthDelimited(FIELD.entry, entryBytes(block));
}

export interface BlockParts {
  transactions: readonly Uint8Array[];
  accounts: readonly Uint8Array[];
  updatedAccountCount: number;
  entries: readonly Uint8Array[];
}

export function blockBody(block: Block, parts: BlockParts): Buffer {
  const header = encodeMessage(SubscribeUpdateBlock, {
    ...blockHeader(block),
    transactions: [],
    updatedAccountCount: String(parts.updatedAccountCount),
    accounts: [],
    entries: [],
  });
  return lengthDelimited(
    FIELD.block,
    header,
    ...parts.transactions.map((tx) => lengthDelimited(6, tx)),
    ...parts.accounts.map((account) => lengthDelimited(11, account)),
    ...parts.entries.map((entry) => lengthDelimited(13, entry)),
  );
}

export function pingBody(): Buffer {
  return lengthDelimited(FIELD.ping);
}

export function pongBody(id: number): Buffer {
  return lengthDelimited(FIELD.pong, encodeMessage(SubscribeUpdatePong, { id }));
}
