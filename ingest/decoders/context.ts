// What every decoder works with: the configuration (programs, service wallets, mints), the coins known
// so far, and the envelope builder. A decoder returns drafts; the pipeline validates each with the
// event catalog's zod schemas before anything is written.
import type { Address } from '@solana/kit';
import type { z } from 'zod';
import { EVENT_SCHEMA_VERSION, type eventSchema, type EventType } from '../../schemas/events/index.js';
import { fundWallets, trustedMemoSigners, type FundName, type IngestConfig } from '../ingest-config.js';
import type { KnownCoins } from '../known-coins/known-coins.js';
import type { TxView } from './tx-view.js';

/** An event as a decoder builds it (the schema's input shape), before validation. */
export type EventDraft = z.input<typeof eventSchema>;
export type DraftOf<T extends EventType> = Extract<EventDraft, { type: T }>;

export interface DecodeContext {
  config: IngestConfig;
  coins: KnownCoins;
  /** Wallets whose keeper memos are trusted. */
  trustedSigners: ReadonlySet<Address>;
  funds: ReadonlyMap<Address, FundName>;
}

/** A decoder: every event of ours in one transaction; [] for what is not ours. */
export type Decoder = (tx: TxView, ctx: DecodeContext) => EventDraft[];

export function decodeContext(config: IngestConfig, coins: KnownCoins): DecodeContext {
  return { config, coins, trustedSigners: trustedMemoSigners(config), funds: fundWallets(config) };
}

export function draft<T extends EventType>(tx: TxView, ctx: DecodeContext, type: T, id: string, data: DraftOf<T>['data']): DraftOf<T> {
  return {
    id,
    type,
    network: ctx.config.network,
    slot: tx.slot,
    blockTime: tx.blockTime,
    signature: tx.signature,
    v: EVENT_SCHEMA_VERSION,
    data,
  } as DraftOf<T>;
}
