// Test harness for the devnet's Yellowstone gRPC server: a bank with a small CPI "relay" program,
// transaction helpers (transfers, memos, token transfers, CPI) and an official-client subscription
// that collects updates and waits for conditions.
import { AccountRole, type Address, type Instruction } from '@solana/kit';
import yellowstone, { SubscribeRequest, type ClientDuplexStream, type SubscribeUpdate } from '@triton-one/yellowstone-grpc';
import { keyPairFromLabel, type Ed25519KeyPair } from '../../../infra/crypto/ed25519.js';
import { Bank, type BankOptions, type Block } from '../../../infra/devnet/ledger/bank.js';
import { devnetPrograms } from '../../../infra/devnet/programs/index.js';
import type { NativeProgram } from '../../../infra/devnet/runtime/program.js';
import { writeMint, writeTokenAccount } from '../../../infra/devnet/runtime/token-layout.js';
import type { ExecutedTransaction } from '../../../infra/devnet/runtime/types.js';
import { MEMO_PROGRAM, rentExemptMinimum, SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../../../infra/devnet/runtime/well-known.js';
import { buildTransaction } from '../../../infra/devnet/tx-builder.js';
import { DEVNET_ADDRESSES } from '../../../schemas/devnet-addresses.js';

// The package's types describe its CommonJS build (default import = module object, class at
// `.default`) while Node and vitest load its ESM build (default import = the class).
const Client = ('default' in yellowstone ? yellowstone.default : yellowstone) as typeof yellowstone.default;
export type YellowstoneClient = InstanceType<typeof Client>;

type Loose<T> = T extends Uint8Array | string | number | boolean | undefined
  ? T
  : T extends readonly (infer U)[]
    ? Loose<U>[]
    : { [K in keyof T]?: Loose<T[K]> };
/** A SubscribeRequest with every field optional (filled in by `SubscribeRequest.fromPartial`). */
export type RequestInput = Loose<SubscribeRequest>;
const fromPartial = SubscribeRequest.fromPartial as (request: RequestInput) => SubscribeRequest;

export const RELAY_PROGRAM = keyPairFromLabel('geyser-test:relay-program').address;

function transferData(lamports: bigint): Uint8Array {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  return data;
}

/** Forwards lamports through a CPI into the System program, so its transactions carry inner instructions. */
const relayProgram: NativeProgram = {
  id: RELAY_PROGRAM,
  name: 'relay',
  bpf: true,
  execute(ctx) {
    ctx.consume(1000);
    const [from, to] = ctx.accounts;
    ctx.log('relaying');
    ctx.invoke({
      programId: SYSTEM_PROGRAM,
      accounts: [
        { address: from!.address, isSigner: true, isWritable: true },
        { address: to!.address, isSigner: false, isWritable: true },
      ],
      data: transferData(new DataView(ctx.data.buffer, ctx.data.byteOffset).getBigUint64(0, true)),
    });
  },
};

export class TestChain {
  readonly bank: Bank;

  constructor(options: Partial<Omit<BankOptions, 'programs' | 'builtinProgramIds'>> = {}) {
    const ids = {
      launchpad: DEVNET_ADDRESSES.launchpadProgram as Address,
      poolVenue: DEVNET_ADDRESSES.poolVenueProgram as Address,
      guard: DEVNET_ADDRESSES.guardProgram as Address,
    };
    const programs = devnetPrograms(ids);
    this.bank = new Bank({ ...options, programs: [...programs.programs, relayProgram], builtinProgramIds: programs.builtinProgramIds });
  }

  fund(address: Address, lamports: bigint): void {
    this.bank.setAccount(address, { lamports, data: new Uint8Array(0), owner: SYSTEM_PROGRAM, executable: false, rentEpoch: 0n });
  }

  wallet(label: string, lamports = 100_000_000_000n): Ed25519KeyPair {
    const key = keyPairFromLabel(`geyser-test:${label}`);
    this.fund(key.address, lamports);
    return key;
  }

  send(payer: Ed25519KeyPair, instructions: Instruction[], signers: Ed25519KeyPair[] = [payer]): ExecutedTransaction {
    const { wire } = buildTransaction({ feePayer: payer.address, instructions, blockhash: this.bank.latestBlock.blockhash, signers });
    return this.bank.submit(wire, { verifySignatures: false });
  }

  transfer(from: Ed25519KeyPair, to: Address, lamports: bigint): ExecutedTransaction {
    return this.send(from, [
      {
        programAddress: SYSTEM_PROGRAM,
        accounts: [
          { address: from.address, role: AccountRole.WRITABLE_SIGNER },
          { address: to, role: AccountRole.WRITABLE },
        ],
        data: transferData(lamports),
      },
    ]);
  }

  memo(payer: Ed25519KeyPair, data: Uint8Array | string): ExecutedTransaction {
    const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    return this.send(payer, [{ programAddress: MEMO_PROGRAM, accounts: [], data: bytes }]);
  }

  relay(from: Ed25519KeyPair, to: Address, lamports: bigint): ExecutedTransaction {
    const data = new Uint8Array(8);
    new DataView(data.buffer).setBigUint64(0, lamports, true);
    return this.send(from, [
      {
        programAddress: RELAY_PROGRAM,
        accounts: [
          { address: from.address, role: AccountRole.WRITABLE_SIGNER },
          { address: to, role: AccountRole.WRITABLE },
          { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
        ],
        data,
      },
    ]);
  }

  /** A mint and two token accounts of `owner` (SPL Token), put in place directly. */
  tokenAccounts(label: string, owner: Address, amount: bigint): { mint: Address; source: Address; destination: Address } {
    const mint = keyPairFromLabel(`geyser-test:${label}:mint`).address;
    const mintData = new Uint8Array(82);
    writeMint(mintData, { mintAuthority: null, supply: amount, decimals: 6, isInitialized: true, freezeAuthority: null });
    this.bank.setAccount(mint, { lamports: rentExemptMinimum(82), data: mintData, owner: TOKEN_PROGRAM, executable: false, rentEpoch: 0n });
    const account = (name: string, balance: bigint): Address => {
      const address = keyPairFromLabel(`geyser-test:${label}:${name}`).address;
      const data = new Uint8Array(165);
      writeTokenAccount(data, { mint, owner, amount: balance, delegate: null, state: 1, isNative: null, delegatedAmount: 0n, closeAuthority: null });
      this.bank.setAccount(address, { lamports: rentExemptMinimum(165), data, owner: TOKEN_PROGRAM, executable: false, rentEpoch: 0n });
      return address;
    };
    return { mint, source: account('source', amount), destination: account('destination', 0n) };
  }

  tokenTransfer(owner: Ed25519KeyPair, source: Address, destination: Address, amount: bigint): ExecutedTransaction {
    const data = new Uint8Array(9);
    data[0] = 3;
    new DataView(data.buffer).setBigUint64(1, amount, true);
    return this.send(owner, [
      {
        programAddress: TOKEN_PROGRAM,
        accounts: [
          { address: source, role: AccountRole.WRITABLE },
          { address: destination, role: AccountRole.WRITABLE },
          { address: owner.address, role: AccountRole.WRITABLE_SIGNER },
        ],
        data,
      },
    ]);
  }

  produce(count = 1): Block[] {
    return Array.from({ length: count }, () => this.bank.produceBlock());
  }
}

export async function connect(url: string): Promise<YellowstoneClient> {
  const client = new Client(url, undefined, undefined);
  await client.connect();
  return client;
}

/** The text of a stream error: the official client puts the gRPC status in `cause`. */
export function errorText(error: unknown): string {
  const { message, cause } = error as { message: string; cause?: { message?: string } };
  return cause?.message ?? message;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let pings = 0;

/** An official-client Subscribe stream collecting every update. */
export class Subscription {
  readonly updates: SubscribeUpdate[] = [];
  /** The transaction updates, in arrival order. */
  readonly transactions: NonNullable<SubscribeUpdate['transaction']>[] = [];
  error: unknown = null;

  private constructor(readonly stream: ClientDuplexStream) {
    stream.on('data', (update: SubscribeUpdate) => {
      this.updates.push(update);
      if (update.transaction) this.transactions.push(update.transaction);
    });
    stream.on('error', (error) => (this.error = error));
  }

  /** Subscribe and, given a request, wait until the server applies it: requests are handled in order,
   * so the pong to a ping sent after it proves the filters are in place (Yellowstone sends no ack). */
  static async open(client: YellowstoneClient, request?: RequestInput): Promise<Subscription> {
    const subscription = new Subscription(await client.subscribe());
    if (request) await subscription.apply(request);
    return subscription;
  }

  /** Send a request and wait until the server has applied it (the pong to a ping sent after it). */
  async apply(request: RequestInput): Promise<void> {
    await this.write(request);
    const id = ++pings;
    await this.write({ ping: { id } });
    await this.waitFor((s) => s.error !== null || s.updates.some((u) => u.pong?.id === id));
  }

  write(request: RequestInput): Promise<void> {
    return new Promise((resolve, reject) => this.stream.write(fromPartial(request), (error: Error | null | undefined) => (error ? reject(error) : resolve())));
  }

  async waitFor(condition: (s: Subscription) => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition(this)) {
      if (Date.now() > deadline) {
        const kinds = new Map<string, number>();
        for (const u of this.updates) {
          const kind = Object.keys(u).find((k) => k !== 'filters' && k !== 'createdAt' && u[k as keyof SubscribeUpdate] !== undefined) ?? '?';
          kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        }
        const summary = [...kinds].map(([kind, n]) => `${n} ${kind}`).join(', ');
        throw new Error(`timed out after ${timeoutMs} ms with ${summary || 'no updates'}; error: ${this.error ? errorText(this.error) : 'none'}`);
      }
      await sleep(5);
    }
  }

  async waitForError(timeoutMs = 10_000): Promise<string> {
    await this.waitFor((s) => s.error !== null, timeoutMs);
    return errorText(this.error);
  }

  close(): void {
    this.stream.destroy();
  }
}
