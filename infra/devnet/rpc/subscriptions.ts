// PubSub subscriptions driven by the bank's sealed blocks: slot and root notifications, signature
// notifications (once, at the requested commitment, then removed as Solana does) and account
// notifications when an account changes in a slot that reaches the requested commitment.
import type { Address } from '@solana/kit';
import type { Block, Commitment } from '../ledger/bank.js';
import type { Account } from '../runtime/types.js';
import { SYSTEM_PROGRAM } from '../runtime/well-known.js';
import type { AccountEncoding, DataSlice } from './config.js';
import type { RpcContext } from './context.js';
import { encodeAccount } from './encode-account.js';

/** Where notifications for one subscription go. */
export interface Subscriber {
  notify(method: string, subscription: number, result: unknown): void;
}

type Subscription =
  | { kind: 'slot' | 'root'; id: number; to: Subscriber }
  | { kind: 'signature'; id: number; to: Subscriber; signature: string; commitment: Commitment; receivedNotification: boolean; received: boolean }
  | { kind: 'account'; id: number; to: Subscriber; address: Address; commitment: Commitment; encoding: AccountEncoding; dataSlice?: DataSlice };

export type NewSubscription = Subscription extends infer S ? (S extends Subscription ? Omit<S, 'id'> : never) : never;

const COMMITMENTS: Commitment[] = ['processed', 'confirmed', 'finalized'];
const EMPTY_ACCOUNT: Account = { lamports: 0n, data: new Uint8Array(0), owner: SYSTEM_PROGRAM, executable: false, rentEpoch: 0n };

export class SubscriptionHub {
  private nextId = 0;
  private readonly subscriptions = new Map<number, Subscription>();
  private readonly lastSlot = new Map<Commitment, number>();
  private readonly stop: () => void;

  constructor(private readonly ctx: RpcContext) {
    for (const level of COMMITMENTS) this.lastSlot.set(level, ctx.bank.slotAt(level));
    this.stop = ctx.bank.onBlock((block) => this.onBlock(block));
  }

  add(subscription: NewSubscription): number {
    const id = this.nextId++;
    this.subscriptions.set(id, { ...subscription, id } as Subscription);
    return id;
  }

  remove(id: number): void {
    this.subscriptions.delete(id);
  }

  close(): void {
    this.stop();
    this.subscriptions.clear();
  }

  private onBlock(block: Block): void {
    const bank = this.ctx.bank;
    const root = bank.slotAt('finalized');
    const changed = new Map<Commitment, { slot: number; addresses: Set<string> }>();
    for (const level of COMMITMENTS) {
      const slot = bank.slotAt(level);
      const previous = this.lastSlot.get(level)!;
      const addresses = new Set<string>();
      for (let s = previous + 1; s <= slot; s++) for (const a of this.ctx.history.writtenIn(s)) addresses.add(a);
      changed.set(level, { slot, addresses });
      this.lastSlot.set(level, slot);
    }
    for (const sub of [...this.subscriptions.values()]) {
      switch (sub.kind) {
        case 'slot':
          sub.to.notify('slotNotification', sub.id, { parent: block.slot, root, slot: block.slot + 1 });
          break;
        case 'root':
          sub.to.notify('rootNotification', sub.id, root);
          break;
        case 'signature':
          this.checkSignature(sub);
          break;
        case 'account': {
          const { slot, addresses } = changed.get(sub.commitment)!;
          if (!addresses.has(sub.address)) break;
          const account = this.ctx.history.get(sub.address, slot) ?? EMPTY_ACCOUNT;
          const value = encodeAccount(account, {
            encoding: sub.encoding,
            dataSlice: sub.dataSlice,
            lookup: (other) => this.ctx.history.get(other, slot),
            base58Overflow: 'placeholder',
          });
          sub.to.notify('accountNotification', sub.id, { context: { slot }, value });
          break;
        }
      }
    }
  }

  private checkSignature(sub: Extract<Subscription, { kind: 'signature' }>): void {
    const status = this.ctx.bank.signatureStatus(sub.signature);
    if (!status) return;
    if (sub.receivedNotification && !sub.received) {
      sub.received = true;
      sub.to.notify('signatureNotification', sub.id, { context: { slot: status.slot }, value: 'receivedSignature' });
    }
    const slot = this.ctx.bank.slotAt(sub.commitment);
    if (status.slot > slot) return;
    this.subscriptions.delete(sub.id);
    sub.to.notify('signatureNotification', sub.id, { context: { slot }, value: { err: status.err } });
  }
}
