// The chain's own confirmation time, the floor under a paid request: SOL transfers sent straight to the devnet's
// JSON-RPC (preflight at confirmed, as the paywall sends) at the paid bench's concurrency, each sent at a random point
// of a slot and timed from send to the moment getSignatureStatuses says confirmed, polled every 20 ms. The devnet
// confirms a transaction one slot (400 ms) after the slot it lands in, so expect 400–800 ms, about 600 typical, plus
// the polling.
import {
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
  type KeyPairSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import type { BenchRandom } from './bench-random.js';
import { randomSlotPhase, waitConfirmed } from './chain-wait.js';
import type { RouteRun } from './load-client.js';

/** How long one blockhash is used for new transfers (it stays valid ~60 s). */
const BLOCKHASH_REUSE_MS = 5_000;
/** Each transfer moves a different number of lamports, so no two are the same transaction (the chain would take the
 * second for the first). */
let transfers = 0;

type Lifetime = { blockhash: Blockhash; lastValidBlockHeight: bigint };

export async function timeConfirmations(
  rpcUrl: string,
  payers: KeyPairSigner[],
  destination: Address,
  count: number,
  concurrency: number,
  random: BenchRandom,
): Promise<RouteRun> {
  const rpc = createSolanaRpc(rpcUrl);
  let lifetime: { at: number; value: Promise<Lifetime> } | null = null;
  const blockhash = () => {
    if (lifetime === null || performance.now() - lifetime.at > BLOCKHASH_REUSE_MS) {
      lifetime = {
        at: performance.now(),
        value: rpc
          .getLatestBlockhash({ commitment: 'confirmed' })
          .send()
          .then(({ value }) => value),
      };
    }
    return lifetime.value;
  };
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const started = performance.now();
  let issued = 0;
  const loop = async (index: number) => {
    const payer = payers[index % payers.length]!;
    while (issued < count) {
      issued += 1;
      transfers += 1;
      const recent = await blockhash();
      const transfer = getTransferSolInstruction({ source: payer, destination, amount: lamports(1_000n + BigInt(transfers)) });
      const signed = await signTransactionMessageWithSigners(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(payer, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(recent, m),
          (m) => appendTransactionMessageInstruction(transfer, m),
        ),
      );
      const wire = getBase64EncodedWireTransaction(signed);
      await randomSlotPhase(random);
      const sent = performance.now();
      try {
        const signature = await rpc.sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' }).send();
        await waitConfirmed(rpc, signature);
        latencies.push(performance.now() - sent);
      } catch (error) {
        const kind = String(error instanceof Error ? error.message : error).slice(0, 60);
        failures.set(kind, (failures.get(kind) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, i) => loop(i)));
  return { latencies, failures, seconds: (performance.now() - started) / 1000 };
}
