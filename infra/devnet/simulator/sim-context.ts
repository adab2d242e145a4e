// What every simulator activity works with: the bank, the RNG, the state, key pairs of simulated
// wallets and mints, and `send`, which builds, signs, submits and logs one transaction.
import type { Address, Instruction } from '@solana/kit';
import { keyPairFromLabel, type Ed25519KeyPair } from '../../crypto/ed25519.js';
import type { Bank } from '../ledger/bank.js';
import { TransactionRejected } from '../runtime/sanitize.js';
import type { ExecutedTransaction } from '../runtime/types.js';
import { buildTransaction } from '../tx-builder.js';
import type { BalanceHistory } from '../truth/balance-history.js';
import type { ActionLog, SimActionKind } from './action-log.js';
import type { Rng } from './rng.js';
import type { SimState } from './sim-state.js';

export interface SimProfile {
  /** Mean user trades per slot. */
  tradesPerSlot: number;
  /** Chance that a slot's trades come as a tenfold burst (default 0.03; 0 keeps the rate steady, as the
   * ingest bench's fixed background rate needs). */
  burstChance?: number;
  /** Mean launches per slot. */
  launchesPerSlot: number;
  /** Wallets funded at start. */
  initialWallets: number;
  /** Keeper cadence in slots. */
  claimEvery: number;
  roundEvery: number;
  firstRoundAt: number;
  creatorSendEvery: number;
  priceEvery: number;
  /** Slot (since start) when a whale pushes a coin to graduation. */
  graduationAt: number;
  graduationEvery: number;
}

export class SimContext {
  private readonly walletCache = new Map<number, Ed25519KeyPair>();

  constructor(
    readonly bank: Bank,
    readonly truth: BalanceHistory | null,
    readonly rng: Rng,
    readonly state: SimState,
    readonly profile: SimProfile,
    readonly log: ActionLog,
  ) {}

  /** The slot transactions sent now land in. */
  get slot(): number {
    return this.bank.workingSlot;
  }

  wallet(index: number): Ed25519KeyPair {
    let key = this.walletCache.get(index);
    if (!key) this.walletCache.set(index, (key = keyPairFromLabel(`launchtape-sim/${this.state.seed}/wallet/${index}`)));
    return key;
  }

  mintKey(index: number): Ed25519KeyPair {
    return keyPairFromLabel(`launchtape-sim/${this.state.seed}/mint/${index}`);
  }

  /** Index of a random funded wallet. */
  randomWallet(): number {
    return this.rng.int(0, Math.max(0, this.state.wallets - 1));
  }

  lamports(address: Address): bigint {
    return this.bank.getAccount(address)?.lamports ?? 0n;
  }

  /** Build, sign and submit; log the action. Returns the landed transaction (possibly failed) or null when refused. */
  send(
    kind: SimActionKind,
    feePayer: Ed25519KeyPair,
    instructions: readonly Instruction[],
    signers: readonly Ed25519KeyPair[],
    detail: Record<string, unknown> = {},
  ): ExecutedTransaction | null {
    const built = buildTransaction({
      feePayer: feePayer.address,
      instructions,
      blockhash: this.bank.latestBlock.blockhash,
      signers: [feePayer, ...signers],
    });
    const slot = this.slot;
    try {
      const tx = this.bank.submit(built.wire, { verifySignatures: false });
      this.log.add({ slot, kind, signature: tx.signature, ok: tx.meta.err === null, detail: tx.meta.err ? { ...detail, err: tx.meta.err } : detail });
      return tx;
    } catch (error) {
      if (!(error instanceof TransactionRejected)) throw error;
      this.log.add({ slot, kind, signature: null, ok: false, detail: { ...detail, rejected: error.message } });
      return null;
    }
  }
}
