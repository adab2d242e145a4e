// The local chain as one object: bank, programs, genesis, slot clock, traffic simulator, ground
// truth, optional persistence, and its JSON-RPC and Yellowstone gRPC servers.
import type { Address } from '@solana/kit';
import { DEVNET_ADDRESSES } from '../../schemas/devnet-addresses.js';
import { installGenesis } from './genesis/genesis.js';
import { installProgramGenesis } from './genesis/program-genesis.js';
import { WELL_KNOWN_KEYS } from './genesis/well-known-keys.js';
import { startGeyserServer } from './geyser/server.js';
import { Bank, type Block } from './ledger/bank.js';
import { LedgerStore } from './ledger/ledger-store.js';
import { devnetPrograms } from './programs/index.js';
import { startRpcServer } from './rpc/server.js';
import { Simulator, type SimulatorOptions } from './simulator/simulator.js';
import { SlotClock, type Speed } from './slot-clock.js';
import { BalanceHistory } from './truth/balance-history.js';

export interface DevnetOptions {
  speed: Speed;
  /** Slot length in realtime mode (default 400 ms; tests use shorter slots). */
  slotMs?: number;
  seed?: number;
  /** Persist the ledger here; a restart continues the same chain. */
  dataDir?: string;
  /** Run the traffic simulator (default: on, except in manual mode). */
  simulate?: boolean | Partial<SimulatorOptions>;
  /** Keep the ground-truth balance history (default: on). */
  truth?: boolean;
  /** Start the servers; port 0 picks a free port. */
  rpcPort?: number;
  grpcPort?: number;
  host?: string;
  programIds?: { launchpad: Address; poolVenue: Address; guard: Address };
}

export class Devnet {
  readonly truth: BalanceHistory | null;
  rpcUrl: string | null = null;
  wsUrl: string | null = null;
  grpcUrl: string | null = null;
  private readonly closers: (() => Promise<void> | void)[] = [];
  private readonly clock: SlotClock;

  private constructor(
    readonly bank: Bank,
    readonly simulator: Simulator | null,
    readonly store: LedgerStore | null,
    truth: BalanceHistory | null,
    readonly speed: Speed,
    slotMs: number | undefined,
  ) {
    this.truth = truth;
    this.clock = new SlotClock({ speed, slotMs, tick: () => this.tick() });
  }

  static async start(options: DevnetOptions): Promise<Devnet> {
    const ids = options.programIds ?? {
      launchpad: DEVNET_ADDRESSES.launchpadProgram as Address,
      poolVenue: DEVNET_ADDRESSES.poolVenueProgram as Address,
      guard: DEVNET_ADDRESSES.guardProgram as Address,
    };
    const bank = new Bank({
      ...devnetPrograms(ids),
      clock: options.speed === 'realtime' ? 'wall' : 'virtual',
      ...(options.slotMs ? { slotMs: options.slotMs } : {}),
    });
    const truth = options.truth === false ? null : new BalanceHistory();
    const store = options.dataDir ? LedgerStore.open(options.dataDir, { seed: options.seed ?? 1, speed: options.speed }) : null;
    const restored = store?.restore(bank, truth) ?? null;
    if (!restored) {
      installGenesis(bank);
      installProgramGenesis(bank);
    }
    if (truth) bank.onBlock((block) => truth.applyBlock(block));
    const simulateOption = options.simulate ?? options.speed !== 'manual';
    const simulator = simulateOption
      ? new Simulator(bank, truth, {
          seed: options.seed ?? 1,
          profile: options.speed === 'realtime' ? 'realtime' : 'max',
          ...(typeof simulateOption === 'object' ? simulateOption : {}),
          state: restored?.simulatorState,
        })
      : null;
    if (store) bank.onBlock((block) => store.saveBlock(block, bank, simulator?.saveState() ?? null));
    if (!restored) bank.produceBlock(); // seal genesis into slot 1 so blockhashes and history exist
    const devnet = new Devnet(bank, simulator, store, truth, options.speed, options.slotMs);
    await devnet.listen(options);
    devnet.clock.start();
    return devnet;
  }

  private async listen(options: DevnetOptions): Promise<void> {
    const host = options.host ?? '127.0.0.1';
    if (options.rpcPort !== undefined) {
      const rpc = await startRpcServer({ bank: this.bank, faucet: WELL_KNOWN_KEYS.faucet, port: options.rpcPort, host });
      this.rpcUrl = rpc.url;
      this.wsUrl = rpc.wsUrl;
      this.closers.push(() => rpc.close());
    }
    if (options.grpcPort !== undefined) {
      const geyser = await startGeyserServer({ bank: this.bank, port: options.grpcPort, host });
      this.grpcUrl = geyser.url;
      this.closers.push(() => geyser.close());
    }
  }

  /** One slot: let the simulator act, then seal. */
  private tick(): Block {
    this.simulator?.fillSlot();
    return this.bank.produceBlock();
  }

  /** Manual stepping (tests): produce n slots. */
  step(slots = 1): Block[] {
    const blocks: Block[] = [];
    for (let i = 0; i < slots; i++) blocks.push(this.tick());
    return blocks;
  }

  async stop(): Promise<void> {
    this.clock.stop();
    for (const close of this.closers.reverse()) await close();
    this.store?.close();
  }
}
