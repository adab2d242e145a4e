// The ingest bench's chain process: the devnet with its traffic simulator and Yellowstone gRPC server, in its
// own process as a validator would be on its own machine. Two commands:
// - `ledger`: execute at max speed until a transaction count (or a time limit), then only serve replays;
//   answers with the slot range, the counts and milestone trades spread over it.
// - `live`: produce slots in real time (one every `slotMs`, the simulator tuned to a steady trade rate, its
//   tenfold bursts off) and report each slot when it is confirmed (the next slot sealed), with the wall time
//   and a sample of its trades.
import { Devnet } from '../devnet/devnet.js';
import type { Block } from '../devnet/ledger/bank.js';
import type { SimAction } from '../devnet/simulator/action-log.js';
import { sendReport, serveCommands, wallMs } from './bench-ipc.js';
import type { ChainProgress, LedgerInfo, LedgerRequest, LiveInfo, LiveRequest, Milestone, SlotConfirmed, TradeRef } from './bench-types.js';
import { pickMilestones, sampleTrades } from './trade-picks.js';

const TRADE_KINDS = new Set(['buy', 'sell', 'wash', 'snipe', 'bundle-buy']);

let devnet: Devnet | null = null;

/** Trades the simulator landed since the last call, by slot (the action log is emptied as it is read). */
function takeTrades(into: Map<number, TradeRef[]>): void {
  const actions: SimAction[] = devnet?.simulator?.log.actions ?? [];
  for (const action of actions.splice(0)) {
    const mint = action.detail.mint;
    if (!action.ok || action.signature === null || typeof mint !== 'string' || !TRADE_KINDS.has(action.kind)) continue;
    let list = into.get(action.slot);
    if (!list) into.set(action.slot, (list = []));
    list.push({ mint, signature: action.signature, slot: action.slot, blockTime: 0 });
  }
}

async function ledger(request: LedgerRequest): Promise<LedgerInfo> {
  devnet = await Devnet.start({ speed: 'manual', seed: request.seed, truth: false, simulate: { profile: 'max' }, grpcPort: 0 });
  const firstSlot = devnet.bank.latestBlock.slot + 1;
  const bySlot = new Map<number, TradeRef[]>();
  const slots: { slot: number; transactions: number; trades: TradeRef[] }[] = [];
  const started = wallMs();
  let executed = 0;
  let nextReport = started + 1_000;
  const addBlock = (block: Block) => {
    const trades = (bySlot.get(block.slot) ?? []).map((trade) => ({ ...trade, blockTime: block.blockTime }));
    bySlot.delete(block.slot);
    slots.push({ slot: block.slot, transactions: block.transactions.length, trades });
    executed += block.transactions.length;
  };
  while (executed < request.transactions && wallMs() - started < request.maxSeconds * 1000) {
    for (const block of devnet.step(1)) {
      takeTrades(bySlot);
      addBlock(block);
    }
    if (wallMs() >= nextReport) {
      nextReport += 1_000;
      sendReport({ kind: 'generating', transactions: executed, seconds: (wallMs() - started) / 1000 });
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  const seconds = (wallMs() - started) / 1000;
  // One more slot confirms the last one; its own transactions are never confirmed, so they are not counted.
  devnet.step(1);
  const lastSlot = slots[slots.length - 1]!.slot;
  const transactions = slots.reduce((sum, slot) => sum + slot.transactions, 0);
  let succeeded = 0;
  for (let slot = firstSlot; slot <= lastSlot; slot++) {
    for (const tx of devnet.bank.getBlock(slot)?.transactions ?? []) if (tx.meta.err === null) succeeded++;
  }
  const milestones: Milestone[] = pickMilestones(slots, request.milestones);
  return { grpcUrl: devnet.grpcUrl!, firstSlot, lastSlot, transactions, succeeded, seconds, milestones };
}

async function live(request: LiveRequest): Promise<LiveInfo> {
  devnet = await Devnet.start({
    speed: 'realtime',
    slotMs: request.slotMs,
    seed: request.seed,
    truth: false,
    simulate: { profile: 'max', tune: { tradesPerSlot: request.tradesPerSlot, burstChance: 0 } },
    grpcPort: 0,
  });
  const bySlot = new Map<number, TradeRef[]>();
  let previous: Block | null = null;
  devnet.bank.onBlock((block) => {
    const confirmedAt = wallMs();
    takeTrades(bySlot);
    // Sealing this block confirms the one before it (confirmation depth 1).
    if (previous !== null) {
      const sealed = previous;
      const trades = (bySlot.get(sealed.slot) ?? []).map((trade) => ({ ...trade, blockTime: sealed.blockTime }));
      bySlot.delete(sealed.slot);
      const report: SlotConfirmed = {
        kind: 'slot',
        slot: sealed.slot,
        confirmedAt,
        transactions: sealed.transactions.length,
        samples: sampleTrades(trades, request.samplesPerSlot),
      };
      sendReport(report);
    }
    previous = block;
  });
  return { grpcUrl: devnet.grpcUrl! };
}

const progress = setInterval(() => {
  const cpu = process.cpuUsage();
  const report: ChainProgress = { kind: 'progress', at: wallMs(), cpuMicros: cpu.user + cpu.system, slot: devnet?.bank.latestBlock.slot ?? 0 };
  sendReport(report);
}, 250);

serveCommands({
  ledger: (request: LedgerRequest) => ledger(request),
  live: (request: LiveRequest) => live(request),
  stop: async () => {
    clearInterval(progress);
    await devnet?.stop();
    devnet = null;
  },
});
