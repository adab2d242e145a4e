// Test fixture for the launchpad and pool-venue programs: a Bank with both programs, their config
// accounts, funded service wallets, a stablecoin whose mint authority is a faucet, helpers to sign and
// send, read balances and decode the programs' events from a transaction's logs.
import { createNoopSigner, type Address, type Instruction } from '@solana/kit';
import { getCreateAssociatedTokenIdempotentInstruction, getMintToInstruction } from '@solana-program/token';
import { keyPairFromLabel, type Ed25519KeyPair } from '../../../infra/crypto/ed25519.js';
import { Bank } from '../../../infra/devnet/ledger/bank.js';
import { devnetPrograms } from '../../../infra/devnet/programs/index.js';
import { nativeMintAccount } from '../../../infra/devnet/programs/token.js';
import { MINT_SIZE, readMint, readTokenAccount, writeMint } from '../../../infra/devnet/runtime/token-layout.js';
import type { ExecutedTransaction } from '../../../infra/devnet/runtime/types.js';
import { NATIVE_MINT, rentExemptMinimum, SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../../../infra/devnet/runtime/well-known.js';
import { buildTransaction } from '../../../infra/devnet/tx-builder.js';
import { associatedTokenAddress } from '../../../schemas/programs/associated-token.js';
import { programDataLogs } from '../../../schemas/programs/event-set.js';
import { decodeCurve, encodeGlobal, encodeQuoteConfig, GLOBAL_SIZE, QUOTE_CONFIG_SIZE } from '../../../schemas/programs/launchpad/accounts.js';
import { DEFAULT_ANTI_SNIPER, SOL_CURVE, STABLECOIN_CURVE } from '../../../schemas/programs/launchpad/constants.js';
import { decodeLaunchpadEvent, type LaunchpadEvent } from '../../../schemas/programs/launchpad/events.js';
import { curvePda, globalPda, quoteConfigPda } from '../../../schemas/programs/launchpad/pdas.js';
import { decodePool, encodePoolConfig, POOL_CONFIG_SIZE } from '../../../schemas/programs/pool-venue/accounts.js';
import { DEFAULT_LAUNCH_VIRTUAL_QUOTE } from '../../../schemas/programs/pool-venue/constants.js';
import { decodePoolVenueEvent, type PoolVenueEvent } from '../../../schemas/programs/pool-venue/events.js';
import { poolConfigPda, poolPda } from '../../../schemas/programs/pool-venue/pdas.js';

export const SOL = 1_000_000_000n;
export const REFERRAL_BPS = 1_000;
export const key = (label: string): Ed25519KeyPair => keyPairFromLabel(`launch-programs-spec/${label}`);

export class LaunchChain {
  readonly launchpad = key('program:launchpad').address;
  readonly poolVenue = key('program:pool-venue').address;
  readonly bank = new Bank(devnetPrograms({ launchpad: this.launchpad, poolVenue: this.poolVenue, guard: key('program:guard').address }));
  readonly admin = key('admin');
  readonly faucet = key('faucet');
  readonly stablecoin = key('mint:stablecoin').address;
  readonly wallets = {
    rewardsVault: key('rewards-vault').address,
    creatorVault: key('creator-vault').address,
    treasury: key('treasury').address,
    aiFund: key('ai-fund').address,
    burnFund: key('burn-fund').address,
    platformLiquidity: key('platform-liquidity').address,
  };
  /** Sum of transaction fees paid so far (the only lamports that leave the accounts). */
  feesPaid = 0n;

  constructor() {
    this.bank.setAccount(NATIVE_MINT, nativeMintAccount());
    this.fund(this.admin.address, 1_000n * SOL);
    this.fund(this.faucet.address, 1_000n * SOL);
    for (const wallet of Object.values(this.wallets)) this.fund(wallet, SOL);
    const mint = new Uint8Array(MINT_SIZE);
    writeMint(mint, { mintAuthority: this.faucet.address, supply: 0n, decimals: 6, isInitialized: true, freezeAuthority: null });
    this.bank.setAccount(this.stablecoin, { lamports: rentExemptMinimum(MINT_SIZE), data: mint, owner: TOKEN_PROGRAM, executable: false, rentEpoch: 0n });
    const common = {
      admin: this.admin.address,
      ...this.wallets,
      referralBps: REFERRAL_BPS,
      antiSniperLimitBps: DEFAULT_ANTI_SNIPER.limitBps,
      antiSniperWindowSeconds: DEFAULT_ANTI_SNIPER.windowSeconds,
    };
    const [global, globalBump] = globalPda(this.launchpad);
    this.install(global, this.launchpad, encodeGlobal({ bump: globalBump, ...common }), GLOBAL_SIZE);
    for (const [quoteMint, decimals, shape] of [
      [NATIVE_MINT, 9, SOL_CURVE],
      [this.stablecoin, 6, STABLECOIN_CURVE],
    ] as const) {
      const [config, bump] = quoteConfigPda(this.launchpad, quoteMint);
      const data = encodeQuoteConfig({ bump, quoteMint, quoteTokenProgram: TOKEN_PROGRAM, quoteDecimals: decimals, ...shape, enabled: true });
      this.install(config, this.launchpad, data, QUOTE_CONFIG_SIZE);
    }
    const [config, configBump] = poolConfigPda(this.poolVenue);
    this.install(config, this.poolVenue, encodePoolConfig({ bump: configBump, ...common, launchVirtualQuote: DEFAULT_LAUNCH_VIRTUAL_QUOTE }), POOL_CONFIG_SIZE);
    this.bank.produceBlock();
    // The service wallets hold stablecoin accounts, where stablecoin-paired fees are paid.
    this.send([this.faucet], ...Object.values(this.wallets).map((w) => this.createAta(this.faucet.address, w, this.stablecoin, TOKEN_PROGRAM)));
  }

  private install(address: Address, owner: Address, data: Uint8Array, size: number): void {
    this.bank.setAccount(address, { lamports: rentExemptMinimum(size), data, owner, executable: false, rentEpoch: 0n });
  }

  fund(address: Address, lamports = 100n * SOL): void {
    this.bank.setAccount(address, { lamports, data: new Uint8Array(0), owner: SYSTEM_PROGRAM, executable: false, rentEpoch: 0n });
  }

  createAta(payer: Address, owner: Address, mint: Address, tokenProgram: Address): Instruction {
    return getCreateAssociatedTokenIdempotentInstruction({
      payer: createNoopSigner(payer),
      ata: associatedTokenAddress(owner, mint, tokenProgram),
      owner,
      mint,
      tokenProgram,
    });
  }

  /** Give `owner` stablecoins in its ATA. */
  mintStable(owner: Address, amount: bigint): void {
    const ata = associatedTokenAddress(owner, this.stablecoin, TOKEN_PROGRAM);
    const mintTo = getMintToInstruction({ mint: this.stablecoin, token: ata, mintAuthority: createNoopSigner(this.faucet.address), amount });
    const tx = this.send([this.faucet], this.createAta(this.faucet.address, owner, this.stablecoin, TOKEN_PROGRAM), mintTo);
    if (tx.meta.err) throw new Error(`mint failed: ${JSON.stringify(tx.meta.err)}`);
  }

  /** Sign with `signers` (the first pays), execute into the working slot and seal it. */
  send(signers: Ed25519KeyPair[], ...instructions: Instruction[]): ExecutedTransaction {
    const { wire } = buildTransaction({ feePayer: signers[0]!.address, instructions, blockhash: this.bank.latestBlock.blockhash, signers });
    const tx = this.bank.submit(wire);
    this.feesPaid += tx.meta.fee;
    this.bank.produceBlock();
    return tx;
  }

  /** Seal empty blocks until at least `seconds` of chain time have passed. */
  advance(seconds: number): void {
    const target = this.bank.latestBlock.blockTime + seconds;
    while (this.bank.latestBlock.blockTime < target) this.bank.produceBlock();
  }

  lamports(address: Address): bigint {
    return this.bank.getAccount(address)?.lamports ?? 0n;
  }

  tokens(address: Address): bigint {
    const account = this.bank.getAccount(address);
    return (account && readTokenAccount(account.data)?.amount) ?? 0n;
  }

  mintState(mint: Address) {
    return readMint(this.bank.getAccount(mint)!.data)!;
  }

  curve(mint: Address) {
    return decodeCurve(this.bank.getAccount(curvePda(this.launchpad, mint)[0])!.data)!;
  }

  pool(mint: Address, quoteMint: Address = NATIVE_MINT) {
    return decodePool(this.bank.getAccount(poolPda(this.poolVenue, mint, quoteMint)[0])!.data)!;
  }

  /** Lamports over every account: changes only by the fees paid. */
  totalLamports(): bigint {
    let total = 0n;
    for (const [, account] of this.bank.accounts.entries()) total += account.lamports;
    return total;
  }

  /** Sum of every token account's balance of `mint`. */
  tokenTotal(mint: Address): bigint {
    let total = 0n;
    for (const [, account] of this.bank.accounts.entries()) {
      const state = account.owner === SYSTEM_PROGRAM ? null : readTokenAccount(account.data);
      if (state?.mint === mint) total += state.amount;
    }
    return total;
  }

  /** The launchpad's and pool venue's events in a transaction, attributed by the invoke stack. */
  events(tx: ExecutedTransaction): { launchpad: LaunchpadEvent[]; poolVenue: PoolVenueEvent[] } {
    const out = { launchpad: [] as LaunchpadEvent[], poolVenue: [] as PoolVenueEvent[] };
    for (const { programId, bytes } of programDataLogs(tx.meta.logMessages)) {
      if (programId === this.launchpad) out.launchpad.push(decodeLaunchpadEvent(bytes)!);
      if (programId === this.poolVenue) out.poolVenue.push(decodePoolVenueEvent(bytes)!);
    }
    return out;
  }
}

/** The custom error code of a failed transaction, or null. */
export function customError(tx: ExecutedTransaction): number | null {
  const err = tx.meta.err;
  if (err && typeof err === 'object' && 'InstructionError' in err) {
    const value = err.InstructionError[1];
    if (typeof value === 'object' && 'Custom' in value) return value.Custom;
  }
  return null;
}
