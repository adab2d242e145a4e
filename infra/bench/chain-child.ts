// The ingest bench's chain process: the devnet with its traffic simulator and Yellowstone gRPC server, in its
// own process as a validator would be on its own machine. Two commands:
// - `ledger`: execute at max speed until a transaction count (or a time limit), then only serve replays;
//   answers with the slot range, the counts and milestone trades spread over it.
// - `live`: produce slots in real time (one every `slotMs`, the simulator tuned to a steady trade rate, its
//   tenfold bursts off) and report each slot when it is confirmed (the next slot sealed), with the wall time
//   and a sample of its trades.
// - `replay`: serve a captured chain (replay/), making the capture first when it is not on disk: all of it at once
//   (as `ledger` answers), or paced at a rate in ticks of `slotMs` from `go` on, each released slot reported as `live`
//   reports it.
import { Devnet } from '../devnet/devnet.js';
import type { Block } from '../devnet/ledger/bank.js';
import type { SimAction } from '../devnet/simulator/action-log.js';
import { sendReport, serveCommands, wallMs } from './bench-ipc.js';
import type {
  ChainProgress,
  LedgerInfo,
  LedgerRequest,
  LiveInfo,
  LiveRequest,
  Milestone,
  ReplayPace,
  ReplayRequest,
  SlotConfirmed,
  TradeRef,
} from './bench-types.js';
import { captureExists, readCapture, type CapturedSlot } from './replay/capture-file.js';
import { captureMarket } from './replay/capture.js';
import { startReplayServer, type ReplayServer } from './replay/replay-server.js';
import { pickMilestones, sampleTrades } from './trade-picks.js';

const TRADE_KINDS = new Set(['buy', 'sell', 'wash', 'snipe', 'bundle-buy']);

let devnet: Devnet | null = null;
let replayServer: ReplayServer | null = null;
let pacer: NodeJS.Timeout | null = null;
let replaySlot = 0;
/** A paced replay starts its clock on `go`, once its readers are subscribed. */
let startPacing: (() => void) | null = null;

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

async function replay(request: ReplayRequest): Promise<LedgerInfo> {
  if (!captureExists(request.path)) {
    await captureMarket({
      path: request.path,
      seed: request.seed,
      transactions: request.transactions,
      onProgress: (transactions, seconds) => sendReport({ kind: 'generating', transactions, seconds }),
    });
  }
  const capture = readCapture(request.path);
  const server = (replayServer = await startReplayServer(capture));
  const { description } = capture;
  // Samples must be trades the API lists: the market's coins'. The pool venue also trades the basket tokens, which
  // are no coin (the coin routes answer 404 for them), so a sample of theirs would never be seen.
  const coins = new Set(Object.keys(description.truth));
  const slots = capture.slots.map((slot) => ({ ...slot, samples: slot.samples.filter((trade) => coins.has(trade.mint)) }));
  const paced = request.pace;
  if (paced === null) {
    server.release(slots.length);
    replaySlot = description.lastSlot;
  } else startPacing = () => pace(server, slots, paced);
  const milestones = pickMilestones(
    slots.map((slot) => ({ slot: slot.slot, transactions: slot.transactions, trades: slot.samples })),
    request.milestones,
  );
  const { firstSlot, lastSlot, transactions, succeeded } = description;
  return { grpcUrl: server.url, firstSlot, lastSlot, transactions, succeeded, seconds: 0, milestones };
}

/** Release captured slots at `rate` chain transactions a second, in ticks of `slotMs`; each released slot is
 * confirmed at its release. */
function pace(server: ReplayServer, slots: readonly CapturedSlot[], { rate, slotMs, samplesPerSlot }: ReplayPace): void {
  const started = wallMs();
  let tick = 0;
  let budget = 0;
  const step = () => {
    tick++;
    budget += (rate * slotMs) / 1000;
    const confirmedAt = wallMs();
    let next = server.released;
    while (next < slots.length && slots[next]!.transactions <= budget) {
      const slot = slots[next++]!;
      budget -= slot.transactions;
      replaySlot = slot.slot;
      const report: SlotConfirmed = {
        kind: 'slot',
        slot: slot.slot,
        confirmedAt,
        transactions: slot.transactions,
        samples: slot.samples.slice(0, samplesPerSlot),
      };
      sendReport(report);
    }
    server.release(next);
    if (next >= slots.length) {
      sendReport({ kind: 'exhausted' });
      return;
    }
    pacer = setTimeout(step, Math.max(0, started + (tick + 1) * slotMs - wallMs()));
  };
  pacer = setTimeout(step, slotMs);
}

const progress = setInterval(() => {
  const cpu = process.cpuUsage();
  const report: ChainProgress = { kind: 'progress', at: wallMs(), cpuMicros: cpu.user + cpu.system, slot: devnet?.bank.latestBlock.slot ?? replaySlot };
  sendReport(report);
}, 250);

serveCommands({
  ledger: (request: LedgerRequest) => ledger(request),
  live: (request: LiveRequest) => live(request),
  replay: (request: ReplayRequest) => replay(request),
  go: async () => startPacing?.(),
  stop: async () => {
    clearInterval(progress);
    if (pacer) clearTimeout(pacer);
    await replayServer?.close();
    await devnet?.stop();
    devnet = null;
  },
});
