// Test harness for the devnet's JSON-RPC server: a bank with the devnet programs, a funded faucet
// and one faucet token, the server on a free port, and blocks produced on a timer that a test can
// pause to step slots by hand.
import type { Address } from '@solana/kit';
import { WELL_KNOWN_KEYS } from '../../../infra/devnet/genesis/well-known-keys.js';
import { Bank } from '../../../infra/devnet/ledger/bank.js';
import { devnetPrograms } from '../../../infra/devnet/programs/index.js';
import { startRpcServer, type RpcServer } from '../../../infra/devnet/rpc/server.js';
import { MINT_SIZE, writeMint } from '../../../infra/devnet/runtime/token-layout.js';
import { rentExemptMinimum, SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../../../infra/devnet/runtime/well-known.js';
import { DEVNET_ADDRESSES } from '../../../schemas/devnet-addresses.js';

export const STABLECOIN = WELL_KNOWN_KEYS.stablecoinMint.address;
export const STABLECOIN_DECIMALS = 6;

export class RpcTestChain {
  readonly bank: Bank;
  server!: RpcServer;
  private timer: NodeJS.Timeout | undefined;
  errors: unknown[] = [];

  constructor() {
    this.bank = new Bank(
      devnetPrograms({
        launchpad: DEVNET_ADDRESSES.launchpadProgram as Address,
        poolVenue: DEVNET_ADDRESSES.poolVenueProgram as Address,
        guard: DEVNET_ADDRESSES.guardProgram as Address,
      }),
    );
    const faucet = WELL_KNOWN_KEYS.faucet.address;
    this.bank.setAccount(faucet, { lamports: 1_000_000n * 1_000_000_000n, data: new Uint8Array(0), owner: SYSTEM_PROGRAM, executable: false, rentEpoch: 0n });
    const data = new Uint8Array(MINT_SIZE);
    writeMint(data, { mintAuthority: faucet, supply: 0n, decimals: STABLECOIN_DECIMALS, isInitialized: true, freezeAuthority: null });
    this.bank.setAccount(STABLECOIN, { lamports: rentExemptMinimum(MINT_SIZE), data, owner: TOKEN_PROGRAM, executable: false, rentEpoch: 0n });
    this.bank.produceBlock();
  }

  async start(slotMs = 50): Promise<this> {
    this.server = await startRpcServer({
      bank: this.bank,
      faucet: WELL_KNOWN_KEYS.faucet,
      port: 0,
      onError: (error) => this.errors.push(error),
    });
    this.resume(slotMs);
    return this;
  }

  /** Produce a block every `slotMs`. */
  resume(slotMs = 50): void {
    this.pause();
    this.timer = setInterval(() => this.bank.produceBlock(), slotMs);
  }

  pause(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  step(slots = 1): void {
    for (let i = 0; i < slots; i++) this.bank.produceBlock();
  }

  async stop(): Promise<void> {
    this.pause();
    await this.server?.close();
  }
}

/** Poll until `check` returns a value (not undefined), or fail after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
