// What the API asks the chain (launch routes and paid reads), over its JSON-RPC with @solana/kit's client: a
// recent blockhash (shared for a second, so a burst of prepares costs one call), block height, accounts, balances,
// rent, and sending and following transactions. Reads use `confirmed`, as wallets do; preflight runs at `confirmed`.
import { createSolanaRpc, type Address, type Base64EncodedWireTransaction, type Blockhash, type Rpc, type Signature, type SolanaRpcApi } from '@solana/kit';
import type { Lifetime } from './launch/wire.js';

const BLOCKHASH_REUSE_MS = 1_000;
/** Blocks a shared blockhash must still have left (of its 150) to be handed out again. */
const FRESH_BLOCKS = 120n;

export interface SignatureState {
  slot: number;
  /** The transaction error as the RPC reports it; null when it succeeded. */
  err: unknown;
  confirmationStatus: 'processed' | 'confirmed' | 'finalized' | null;
}

export type SendOutcome = { ok: true; signature: string } | { ok: false; error: string };

export class ChainClient {
  readonly rpc: Rpc<SolanaRpcApi>;
  private blockhash: { at: number; value: Promise<Lifetime> } | null = null;
  private shared: Lifetime | null = null;
  private readonly rent = new Map<number, Promise<bigint>>();

  constructor(readonly url: string) {
    this.rpc = createSolanaRpc(url);
  }

  /** A blockhash wallets can still use, with its last valid block height; shared for a second, and never once
   * the chain is seen to have moved on (a fifth of its life used). */
  latestBlockhash(now = Date.now()): Promise<Lifetime> {
    if (this.blockhash && now - this.blockhash.at < BLOCKHASH_REUSE_MS) return this.blockhash.value;
    const value = this.rpc
      .getLatestBlockhash({ commitment: 'confirmed' })
      .send()
      .then(({ value: v }) => {
        const lifetime = { blockhash: v.blockhash as string, lastValidBlockHeight: v.lastValidBlockHeight };
        if (this.blockhash?.value === value) this.shared = lifetime;
        return lifetime;
      });
    this.blockhash = { at: now, value };
    value.catch(() => {
      if (this.blockhash?.value === value) this.blockhash = null;
    });
    return value;
  }

  async blockHeight(): Promise<bigint> {
    const height = await this.rpc.getBlockHeight({ commitment: 'confirmed' }).send();
    // A shared blockhash is dropped once the chain is seen to have used up a fifth of its life.
    if (this.shared !== null && this.shared.lastValidBlockHeight - height < FRESH_BLOCKS) {
      this.blockhash = null;
      this.shared = null;
    }
    return height;
  }

  /** Account data (base64-decoded) and owner, or null when the account does not exist. */
  async account(address: Address): Promise<{ owner: string; data: Uint8Array; lamports: bigint } | null> {
    const { value } = await this.rpc.getAccountInfo(address, { commitment: 'confirmed', encoding: 'base64' }).send();
    if (!value) return null;
    return { owner: value.owner as string, data: new Uint8Array(Buffer.from(value.data[0], 'base64')), lamports: value.lamports };
  }

  async balance(address: Address): Promise<bigint> {
    return (await this.rpc.getBalance(address, { commitment: 'confirmed' }).send()).value;
  }

  /** Lamports that keep an account of `size` bytes rent-exempt. */
  rentExempt(size: number): Promise<bigint> {
    let value = this.rent.get(size);
    if (!value) {
      value = this.rpc.getMinimumBalanceForRentExemption(BigInt(size)).send();
      value.catch(() => this.rent.delete(size));
      this.rent.set(size, value);
    }
    return value;
  }

  /** Hand a signed transaction to the chain (preflight at confirmed). A refused preflight is an outcome, not a throw. */
  async send(base64: string): Promise<SendOutcome> {
    try {
      const signature = await this.rpc.sendTransaction(base64 as Base64EncodedWireTransaction, { encoding: 'base64', preflightCommitment: 'confirmed' }).send();
      return { ok: true, signature };
    } catch (error) {
      return { ok: false, error: sendErrorText(error) };
    }
  }

  /** Whether a blockhash can still be used by a transaction landing now (at `confirmed`). */
  async blockhashValid(blockhash: string): Promise<boolean> {
    return (await this.rpc.isBlockhashValid(blockhash as Blockhash, { commitment: 'confirmed' }).send()).value;
  }

  async statuses(signatures: readonly string[]): Promise<(SignatureState | null)[]> {
    if (signatures.length === 0) return [];
    const { value } = await this.rpc.getSignatureStatuses(signatures as Signature[], { searchTransactionHistory: true }).send();
    return value.map((status) =>
      status === null ? null : { slot: Number(status.slot), err: status.err, confirmationStatus: status.confirmationStatus ?? null },
    );
  }
}

/** A transaction error as the RPC reports it, as JSON text (its numbers may be bigints). */
export function transactionErrorText(err: unknown): string {
  return JSON.stringify(err, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}

/** The chain's reason for refusing a transaction, in words (the preflight's message and the failing log). */
export function sendErrorText(error: unknown): string {
  const e = error as { message?: string; context?: { __serverMessage?: string; logs?: string[] }; cause?: unknown };
  const logs = e.context?.logs ?? (e.cause as { context?: { logs?: string[] } } | undefined)?.context?.logs ?? [];
  const failing = logs.filter((line) => /failed|error|Error/.test(line)).slice(-2);
  const base = e.context?.__serverMessage ?? e.message ?? 'the chain refused the transaction';
  return failing.length > 0 ? `${base} (${failing.join('; ')})` : base;
}
