// Fixture transactions for the ingest tests: a manual-mode devnet whose seeded simulator runs every
// kind of activity, explicit actions on it (a plain SPL Transfer, a memo from any wallet), and each
// landed transaction in the raw-tx log's form, produced the way the subscriber produces it: the
// devnet's Yellowstone encoding, through the official client's protobuf codec, then JSON.
import { QUICK_TUNE } from '../../infra/devnet/simulator/simulator.js';
import { AccountRole, type Address, type Instruction } from '@solana/kit';
import { getTransferInstruction } from '@solana-program/token';
import { SubscribeUpdateTransactionInfo } from '@triton-one/yellowstone-grpc';
import { keyPairFromLabel, type Ed25519KeyPair } from '../../infra/crypto/ed25519.js';
import { Devnet } from '../../infra/devnet/devnet.js';
import { transactionInfo } from '../../infra/devnet/geyser/encode-transaction.js';
import type { ExecutedTransaction } from '../../infra/devnet/runtime/types.js';
import { act } from '../../infra/devnet/actions.js';
import { rawTransactionFromUpdate } from '../../ingest/raw/from-yellowstone.js';
import { encodeRawRecord, parseRawRecord, type RawTransaction } from '../../ingest/raw/raw-transaction.js';
import { loadConfig } from '../../schemas/config.js';
import { associatedTokenAddress } from '../../schemas/programs/associated-token.js';

/** The service's configuration on the devnet; the free allowance is off, as the end-to-end specs read far more than
 * 120 times a minute at a fixed clock (the allowance has its own specs). */
export const CONFIG = loadConfig({ NETWORK: 'devnet', RATE_LIMIT_PER_MINUTE: '0' });
export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address;

export function simWallet(seed: number, index: number): Ed25519KeyPair {
  return keyPairFromLabel(`launchtape-sim/${seed}/wallet/${index}`);
}

export function startSimulatedDevnet(seed: number, extra: { grpcPort?: number } = {}): Promise<Devnet> {
  return Devnet.start({ speed: 'manual', seed, simulate: { profile: 'max', tune: QUICK_TUNE }, ...extra });
}

/** A landed transaction as the subscriber would write it. */
export function rawOf(tx: ExecutedTransaction): RawTransaction {
  const bytes = SubscribeUpdateTransactionInfo.encode(transactionInfo(tx)).finish();
  const info = SubscribeUpdateTransactionInfo.decode(bytes);
  const record = parseRawRecord(encodeRawRecord({ kind: 'tx', tx: rawTransactionFromUpdate(info, tx.slot, tx.blockTime) }));
  if (record.kind !== 'tx') throw new Error('expected a transaction record');
  return record.tx;
}

/** A plain SPL `Transfer` (no mint among its accounts) between two existing token accounts. */
export function plainTransfer(devnet: Devnet, owner: Ed25519KeyPair, mint: Address, to: Address, amount: bigint, tokenProgram: Address): ExecutedTransaction {
  const source = associatedTokenAddress(owner.address, mint, tokenProgram);
  const destination = associatedTokenAddress(to, mint, tokenProgram);
  const ix = getTransferInstruction({ source, destination, authority: owner.address, amount }, { programAddress: tokenProgram });
  return act(devnet, [owner], [ix]);
}

export function memoInstruction(signer: Address, text: string): Instruction {
  return { programAddress: MEMO_PROGRAM, accounts: [{ address: signer, role: AccountRole.READONLY_SIGNER }], data: new TextEncoder().encode(text) };
}
