// A soak run: the service as `npm start` runs it (one process, embedded stores, a fresh DATA_DIR) following a captured
// chain replayed at a steady rate (../replay), its resident memory sampled from /proc as it runs. The run checks that
// the service keeps up (every `checkSeconds`, a trade of a slot released a few seconds earlier is listed by the trades
// route), so a flat series cannot come from a pipeline that stalled. The checks are few: each asks pages no one asked
// before, which the answer cache keeps, and the soak should measure the service rather than its own questions.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../net/free-port.js';
import { BenchChild, wallMs } from '../bench-ipc.js';
import type { LedgerInfo, ReplayRequest, SlotConfirmed, TradeRef } from '../bench-types.js';
import { visibleTrades } from '../trade-probe.js';
import type { MemorySample } from './memory-trend.js';

export interface SoakOptions {
  /** The captured chain (made first when missing, of `transactions`). */
  capture: string;
  transactions: number;
  /** Chain transactions a second. */
  rate: number;
  seconds: number;
  sampleSeconds: number;
  /** How often the service's keeping up is checked (and at the end). */
  checkSeconds: number;
  /** The service's DATA_DIR (a fresh one). */
  dataDir: string;
  log: (line: string) => void;
}

export interface SoakResult {
  series: MemorySample[];
  /** Checks at which the trade looked for was not listed yet (the service behind the chain), of `checks`. */
  behind: number;
  checks: number;
  /** Whether the last check's trade was listed within `LISTED_WITHIN_MS` of it. */
  keptUp: boolean;
}

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CHAIN_SCRIPT = new URL('../chain-child.ts', import.meta.url);
const SLOT_MS = 400;
/** A check looks for a trade of a slot released this long before it. */
const TRADE_AGE_MS = 5_000;
const LISTED_WITHIN_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function residentMiB(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? null : Number(match[1]) / 1024;
  } catch {
    return null;
  }
}

async function waitForApi(apiUrl: string, exited: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited()) throw new Error('the service exited before it served');
    const answer = await fetch(`${apiUrl}/healthz`).catch(() => null);
    await answer?.body?.cancel();
    if (answer?.ok) return;
    if (Date.now() > deadline) throw new Error(`the service did not answer ${apiUrl}/healthz within ${timeoutMs} ms`);
    await sleep(250);
  }
}

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const { log } = options;
  const chain = BenchChild.start<SlotConfirmed | { kind: string }>('chain', CHAIN_SCRIPT, {});
  const released: { at: number; samples: TradeRef[] }[] = [];
  chain.onReport((report) => {
    if (report.kind === 'slot') {
      const slot = report as SlotConfirmed;
      if (slot.samples.length > 0) released.push({ at: slot.confirmedAt, samples: slot.samples });
    }
  });
  const request: ReplayRequest = {
    path: options.capture,
    seed: 7,
    transactions: options.transactions,
    milestones: 0,
    pace: { rate: options.rate, slotMs: SLOT_MS, samplesPerSlot: 1 },
  };
  let service: ReturnType<typeof spawn> | null = null;
  try {
    const ledger = await chain.command<LedgerInfo>('replay', request);
    const lasts = ledger.transactions / options.rate;
    if (lasts < options.seconds + 10) {
      throw new Error(
        `the captured chain holds ${ledger.transactions} transactions: ${lasts.toFixed(0)} s at ${options.rate} tx/s, short of the ` +
          `${options.seconds} s asked for; capture more`,
      );
    }
    const [port, opstorePort] = [await freePort(), await freePort()];
    const apiUrl = `http://127.0.0.1:${port}`;
    const output: string[] = [];
    const started = spawn(process.execPath, ['--import', 'tsx', join('infra', 'service', 'start.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: options.dataDir,
        PORT: String(port),
        OPSTORE_PORT: String(opstorePort),
        YELLOWSTONE_URL: ledger.grpcUrl,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    service = started;
    for (const stream of [started.stdout, started.stderr]) {
      stream.on('data', (chunk: Buffer) => {
        output.push(chunk.toString());
        if (output.length > 200) output.shift();
      });
    }
    const exited = () => started.exitCode !== null || started.signalCode !== null;
    await waitForApi(apiUrl, exited, 60_000).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}; its output:\n${output.join('').slice(-4_000)}`);
    });
    await chain.command('go');
    const start = wallMs();
    log(`  service pid ${started.pid} on ${apiUrl}, chain replayed at ${options.rate} tx/s for ${options.seconds} s`);
    const series: MemorySample[] = [];
    let behind = 0;
    let checks = 0;
    let nextCheck = options.checkSeconds;
    let keptUp = false;
    for (let tick = 1; ; tick++) {
      await sleep(Math.max(0, start + tick * options.sampleSeconds * 1000 - wallMs()));
      if (exited()) throw new Error(`the service exited during the soak; its output:\n${output.join('').slice(-4_000)}`);
      const atSeconds = (wallMs() - start) / 1000;
      const rssMiB = residentMiB(started.pid!);
      if (rssMiB !== null) series.push({ atSeconds, rssMiB });
      const last = atSeconds >= options.seconds;
      const looked = atSeconds >= nextCheck || last ? released.findLast((slot) => slot.at <= wallMs() - TRADE_AGE_MS) : undefined;
      if (looked !== undefined) {
        nextCheck += options.checkSeconds;
        checks++;
        const listed = await listedWithin(apiUrl, looked.samples, last ? LISTED_WITHIN_MS : 0);
        if (!listed) behind++;
        if (last) keptUp = listed;
      }
      if (tick % Math.max(1, Math.round(60 / options.sampleSeconds)) === 0 || last) {
        log(`  ${atSeconds.toFixed(0).padStart(5)} s: ${rssMiB?.toFixed(0) ?? '?'} MiB resident, behind at ${behind} of ${checks} checks`);
      }
      if (last) break;
    }
    return { series, behind, checks, keptUp };
  } finally {
    if (service !== null && service.exitCode === null) {
      const done = new Promise((resolve) => service!.once('exit', resolve));
      service.kill('SIGTERM');
      const timer = setTimeout(() => service!.kill('SIGKILL'), 15_000);
      await done;
      clearTimeout(timer);
    }
    await chain.stop();
  }
}

/** Whether the trades route lists every one of `trades`, trying again until `withinMs` has passed. */
async function listedWithin(apiUrl: string, trades: readonly TradeRef[], withinMs: number): Promise<boolean> {
  const deadline = wallMs() + withinMs;
  for (;;) {
    const seen = await visibleTrades(apiUrl, trades).catch(() => new Set<string>());
    if (trades.every((trade) => seen.has(trade.signature))) return true;
    if (wallMs() >= deadline) return false;
    await sleep(500);
  }
}
