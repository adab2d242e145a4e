// What a subscriber receives when slot N is sealed: N's own messages (at processed), the slot that
// N's arrival confirms and the one it finalizes (their messages at those commitments), and every
// slot status along the way. Live delivery and replay both walk these steps, so a replay that
// hands over to live delivery at a step boundary has no gap and no duplicate.
import { SlotStatus } from '@triton-one/yellowstone-grpc';
import { blockBody } from './encode-updates.js';
import { blockIncludesAccount, blockIncludesTransaction, matchAccount, matchSlot, matchTransaction, type BlockFilter, type SessionFilter } from './filters.js';
import { AccountItem, TransactionItem, type BlockItem, type FeedItem, type MessageCache, type SlotMessages } from './slot-messages.js';

export interface StepContext {
  cache: MessageCache;
  filter: SessionFilter;
  confirmDepth: number;
  finalizeDepth: number;
}

function pushStatus(ctx: StepContext, messages: SlotMessages, status: SlotStatus, out: Buffer[]): void {
  if (ctx.filter.slots.length === 0) return;
  const names = ctx.filter.slots.filter((f) => matchSlot(f, status, ctx.filter.commitment)).map((f) => f.name);
  if (names.length === 0) return;
  const item = messages.status(status);
  out.push(item.frame('slot', names, () => item.body()));
}

function blockFrame(ctx: StepContext, messages: SlotMessages, item: BlockItem, filter: BlockFilter): Buffer {
  const { slices, sliceKey } = ctx.filter;
  return item.frame(`block:${filter.key}:${sliceKey}`, [filter.name], () => {
    const accounts = messages.accounts;
    return blockBody(messages.block, {
      transactions: filter.includeTransactions ? messages.transactions.filter((t) => blockIncludesTransaction(filter, t.tx)).map((t) => t.info()) : [],
      accounts: filter.includeAccounts ? accounts.filter((a) => blockIncludesAccount(filter, a.write)).map((a) => a.info(slices, sliceKey)) : [],
      updatedAccountCount: accounts.length,
      entries: filter.includeEntries ? [messages.entryBytes] : [],
    });
  });
}

function pushItem(ctx: StepContext, messages: SlotMessages, item: FeedItem, out: Buffer[]): void {
  const f = ctx.filter;
  if (item instanceof AccountItem) {
    if (f.accounts.length === 0) return;
    const names = f.accounts.filter((a) => matchAccount(a, item.write)).map((a) => a.name);
    if (names.length > 0) out.push(item.frame(`account:${f.sliceKey}`, names, () => item.body(f.slices)));
  } else if (item instanceof TransactionItem) {
    if (f.transactions.length > 0) {
      const names = f.transactions.filter((t) => matchTransaction(t, item.tx, item.isVote)).map((t) => t.name);
      if (names.length > 0) out.push(item.frame('transaction', names, () => item.body()));
    }
    if (f.transactionsStatus.length > 0) {
      const names = f.transactionsStatus.filter((t) => matchTransaction(t, item.tx, item.isVote)).map((t) => t.name);
      if (names.length > 0) out.push(item.frame('status', names, () => item.statusBody()));
    }
  } else if (item.kind === 'entry') {
    if (f.entry.length > 0) out.push(item.frame('entry', f.entry, () => messages.entryBody()));
  } else if (item.kind === 'blockMeta') {
    if (f.blocksMeta.length > 0) out.push(item.frame('blockMeta', f.blocksMeta, () => messages.blockMetaBody()));
  } else {
    for (const block of f.blocks) out.push(blockFrame(ctx, messages, item, block));
  }
}

/**
 * Append the frames of step `n` (the seal of slot n) to `out`, leaving out messages of slots below
 * `floor` (a replay's fromSlot). Returns false when a block the step needs is no longer retained.
 */
export function collectStep(ctx: StepContext, n: number, floor: number, out: Buffer[]): boolean {
  const { commitment } = ctx.filter;
  const phases: [number, SlotStatus, boolean][] = [
    [n, SlotStatus.SLOT_PROCESSED, commitment === 'processed'],
    [n - ctx.confirmDepth, SlotStatus.SLOT_CONFIRMED, commitment === 'confirmed'],
    [n - ctx.finalizeDepth, SlotStatus.SLOT_FINALIZED, commitment === 'finalized'],
  ];
  for (const [slot, status, deliverData] of phases) {
    if (slot < floor || slot < 0) continue;
    const messages = ctx.cache.get(slot);
    if (!messages) return false;
    if (status === SlotStatus.SLOT_PROCESSED) {
      pushStatus(ctx, messages, SlotStatus.SLOT_FIRST_SHRED_RECEIVED, out);
      pushStatus(ctx, messages, SlotStatus.SLOT_CREATED_BANK, out);
    }
    if (deliverData) {
      for (const item of status === SlotStatus.SLOT_PROCESSED ? messages.processed : messages.settled) {
        pushItem(ctx, messages, item, out);
      }
    }
    if (status === SlotStatus.SLOT_PROCESSED) pushStatus(ctx, messages, SlotStatus.SLOT_COMPLETED, out);
    pushStatus(ctx, messages, status, out);
  }
  return true;
}
