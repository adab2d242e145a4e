// Messages between the ingest bench's orchestrator and its processes: what the chain process is asked to
// produce and answers, and the progress reports each process sends on its own.
import type { StageAdvance } from './stage-watch.js';

/** A trade the simulator landed, as the API will show it: found through the coin's trades route. */
export interface TradeRef {
  mint: string;
  signature: string;
  slot: number;
  /** Unix seconds of its block. */
  blockTime: number;
}

/** A trade at a known point of a pre-generated ledger: `cumulative` chain transactions up to its slot. */
export interface Milestone {
  cumulative: number;
  trade: TradeRef;
}

export interface LedgerRequest {
  seed: number;
  transactions: number;
  maxSeconds: number;
  milestones: number;
}

export interface LedgerInfo {
  grpcUrl: string;
  firstSlot: number;
  /** Last confirmed slot: the range a replay from `firstSlot` delivers in full. */
  lastSlot: number;
  /** Chain transactions in the range, failed ones included. */
  transactions: number;
  /** Of which succeeded (the subscriber asks for `failed: false`). */
  succeeded: number;
  /** Generation time (not part of any figure). */
  seconds: number;
  milestones: Milestone[];
}

export interface LiveRequest {
  seed: number;
  slotMs: number;
  tradesPerSlot: number;
  samplesPerSlot: number;
}

/** A captured chain replayed (chain-child `replay`): made first when `path` holds no capture. */
export interface ReplayRequest {
  path: string;
  seed: number;
  transactions: number;
  milestones: number;
  /** null: every slot at once, as fast as the pipeline takes them. */
  pace: ReplayPace | null;
}

export interface ReplayPace {
  /** Chain transactions a second. */
  rate: number;
  /** Slots are released in ticks this far apart. */
  slotMs: number;
  samplesPerSlot: number;
}

export interface LiveInfo {
  grpcUrl: string;
}

/** Sent by the live chain when a slot is confirmed (the next slot sealed). */
export interface SlotConfirmed {
  kind: 'slot';
  slot: number;
  /** Wall ms (bench-ipc wallMs). */
  confirmedAt: number;
  transactions: number;
  samples: TradeRef[];
}

export interface ChainProgress {
  kind: 'progress';
  at: number;
  /** CPU time of the process so far (user + system, µs). */
  cpuMicros: number;
  slot: number;
}

export interface GeneratingProgress {
  kind: 'generating';
  transactions: number;
  seconds: number;
}

/** A paced replay released its last captured slot. */
export interface ReplayExhausted {
  kind: 'exhausted';
}

export type ChainReport = SlotConfirmed | ChainProgress | GeneratingProgress | ReplayExhausted;

/** The roles a pipeline process can run (projections and api share the embedded analytics store). */
export type PipelineRoleName = 'subscriber' | 'pipeline' | 'projections' | 'api';

export interface PipelineStart {
  roles: PipelineRoleName[];
  grpcUrl: string;
  /** The subscriber replays from this slot. */
  startSlot: number;
}

/** Counts of each stage a pipeline process runs, sent every 250 ms. */
export interface PipelineProgress {
  kind: 'progress';
  name: string;
  at: number;
  cpuMicros: number;
  /** The process's resident memory (bytes). */
  rssBytes: number;
  /** Stage advances since the previous report. */
  stages: StageAdvance[];
  subscriber?: { written: number; durableSlot: number | null; seenSlot: number | null; reconnects: number };
  pipeline?: { transactions: number; events: number; lastSlot: number | null };
  projections?: { events: number; records: number; lastSlot: number | null };
}
