// Making a capture: the devnet runs its simulated market at full speed (not timed) and, as each slot is sealed,
// the frames its Yellowstone server would send the ingest's subscription for that step (steps.ts, the same code
// and cache the server uses) are appended to the capture; the ledger's own trades and balances become the
// market's ground truth. Only what the subscription receives is kept, so a replay needs nothing else.
import { subscribeRequest } from '../../../ingest/subscriber/request.js';
import { loadConfig } from '../../../schemas/config.js';
import { SubscribeRequest } from '@triton-one/yellowstone-grpc';
import { Devnet } from '../../devnet/devnet.js';
import { DEFAULT_FILTER_LIMITS } from '../../devnet/geyser/request-checks.js';
import { parseSubscribeRequest } from '../../devnet/geyser/request.js';
import { MessageCache } from '../../devnet/geyser/slot-messages.js';
import { collectStep, type StepContext } from '../../devnet/geyser/steps.js';
import { chainFacts, type ChainFacts } from '../../devnet/truth/chain-facts.js';
import { wallMs } from '../bench-ipc.js';
import { sampleTrades } from '../trade-picks.js';
import { CaptureWriter, type CaptureDescription } from './capture-file.js';
import { marketTruth } from './market-truth.js';

export interface CaptureOptions {
  path: string;
  seed: number;
  /** Stop once the confirmed slots hold this many chain transactions. */
  transactions: number;
  onProgress: (transactions: number, seconds: number) => void;
}

/** Sample trades kept per slot (lag samples take three, milestones the last). */
const SAMPLES_PER_SLOT = 4;

/** The subscription a capture answers: the ingest's, without fromSlot (a replay takes it from the request). */
export function capturedRequest(): SubscribeRequest {
  return subscribeRequest(loadConfig({}), null);
}

export async function captureMarket(options: CaptureOptions): Promise<CaptureDescription> {
  const config = loadConfig({});
  const devnet = await Devnet.start({ speed: 'manual', seed: options.seed, truth: true, simulate: { profile: 'max' } });
  try {
    const { bank } = devnet;
    const request = capturedRequest();
    const ctx: StepContext = {
      cache: new MessageCache(bank, 64),
      filter: parseSubscribeRequest(request, DEFAULT_FILTER_LIMITS).filter,
      confirmDepth: bank.options.confirmDepth,
      finalizeDepth: bank.options.finalizeDepth,
    };
    const firstSlot = bank.latestBlock.slot + 1;
    const facts: ChainFacts = { trades: [], venues: new Map(), graduations: new Map(), quoteDecimals: new Map() };
    const writer = new CaptureWriter(options.path);
    const started = wallMs();
    let nextReport = started + 1_000;
    let transactions = 0;
    let succeeded = 0;
    let lastSlot = firstSlot - 1;
    const frames: Buffer[] = [];
    while (transactions < options.transactions) {
      for (const block of devnet.step(1)) {
        frames.length = 0;
        if (!collectStep(ctx, block.slot, firstSlot, frames)) throw new Error(`slot ${block.slot} left the bank before it was captured`);
        // With confirmed commitment, sealing slot n delivers the slot it confirms.
        const confirmed = block.slot - ctx.confirmDepth;
        if (confirmed < firstSlot) continue;
        const before = facts.trades.length;
        chainFacts(bank, config, confirmed, confirmed, 'every', facts);
        const confirmedBlock = bank.getBlock(confirmed)!;
        const trades = facts.trades.slice(before).map(({ mint, signature, slot, blockTime }) => ({ mint, signature, slot, blockTime }));
        writer.append({ slot: confirmed, transactions: confirmedBlock.transactions.length, samples: sampleTrades(trades, SAMPLES_PER_SLOT), messages: frames });
        transactions += confirmedBlock.transactions.length;
        succeeded += confirmedBlock.transactions.filter((tx) => tx.meta.err === null).length;
        lastSlot = confirmed;
      }
      if (wallMs() >= nextReport) {
        nextReport += 1_000;
        options.onProgress(transactions, (wallMs() - started) / 1000);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const description: CaptureDescription = {
      seed: options.seed,
      request: SubscribeRequest.toJSON(request),
      firstSlot,
      lastSlot,
      transactions,
      succeeded,
      truth: marketTruth(facts, devnet.truth!, config, lastSlot),
    };
    writer.finish(description);
    return description;
  } finally {
    await devnet.stop();
  }
}
