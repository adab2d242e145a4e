// The chain the paid-calls bench pays on, run inside the API bench's server process: a devnet in real time (400 ms
// slots, no simulated traffic, its JSON-RPC on a free port), the service's fee payer sealed into the bench's
// operational store and funded from the faucet, and the paywall opened over that chain as the service opens it
// (openPaidCalls), its verify and settle timed (paywall-times.ts). An idle devnet costs the server about 0.03 ms
// a slot, so running it beside the read bench does not move that bench's figures.
import { createHash } from 'node:crypto';
import { createSolanaRpc, lamports, type Address } from '@solana/kit';
import { pino } from 'pino';
import { Paywall } from '../../../api/payments/paywall.js';
import { loadConfig, type X402Network } from '../../../schemas/config.js';
import { Devnet } from '../../devnet/devnet.js';
import { WELL_KNOWN_KEYS } from '../../devnet/genesis/well-known-keys.js';
import { openServiceKeys } from '../../service/service-keys-setup.js';
import type { OpStore } from '../../opstore/op-store.js';
import { openPaidCalls } from '../../service/paid-calls.js';
import { waitConfirmed } from './chain-wait.js';
import { PaywallTimes } from './paywall-times.js';

/** What the bench's client needs to pay: the chain's JSON-RPC and what the paywall asks for (prices in raw units). */
export interface PaidChain {
  rpcUrl: string;
  network: X402Network;
  stablecoin: Address;
  payTo: Address;
  feePayer: Address;
  prices: { basic: string; premium: string };
}

export interface PaidCallsDevnet {
  chain: PaidChain;
  paywall: Paywall;
  times: PaywallTimes;
  stop(): Promise<void>;
}

/** The fee payer pays every payment's network fee: 10 SOL covers hundreds of thousands. */
const FEE_PAYER_LAMPORTS = 10_000_000_000n;
/** Seals the devnet's fee-payer key (itself public: derived from a label) in the bench's store; fixed, so a store
 * kept with --data-dir opens the key sealed by an earlier run. */
const BENCH_KEYS_ENCRYPTION_KEY = createHash('sha256').update('launchtape api bench: devnet service keys').digest('base64');

export async function startPaidCallsDevnet(dataDir: string, opstore: OpStore): Promise<PaidCallsDevnet> {
  // The ground-truth history is left off: nothing here reads it.
  const devnet = await Devnet.start({ speed: 'realtime', simulate: false, truth: false, rpcPort: 0 });
  try {
    const rpcUrl = devnet.rpcUrl!;
    const config = loadConfig({
      NETWORK: 'devnet',
      RPC_URL: rpcUrl,
      DATA_DIR: dataDir,
      KEYS_ENCRYPTION_KEY: BENCH_KEYS_ENCRYPTION_KEY,
    });
    const keys = openServiceKeys(config, opstore)!;
    if ((await keys.stored('fee-payer')) === null) await keys.add('fee-payer', WELL_KNOWN_KEYS.feePayer.seed);
    const rpc = createSolanaRpc(rpcUrl);
    await waitConfirmed(rpc, await rpc.requestAirdrop(config.wallets.feePayer, lamports(FEE_PAYER_LAMPORTS)).send());
    const role = await openPaidCalls(config, opstore, keys, pino({ level: 'warn' }, pino.destination(2)));
    if (!(role.paidCalls instanceof Paywall)) throw new Error('paid calls did not open on the bench devnet (see the warning above)');
    const paywall = role.paidCalls;
    return {
      chain: {
        rpcUrl,
        network: config.payments.network,
        stablecoin: config.mints.stablecoin,
        payTo: config.wallets.payments,
        feePayer: config.wallets.feePayer,
        prices: { basic: config.payments.prices.basic.toString(), premium: config.payments.prices.premium.toString() },
      },
      paywall,
      times: new PaywallTimes(paywall),
      async stop() {
        role.stop();
        await devnet.stop();
      },
    };
  } catch (error) {
    await devnet.stop();
    throw error;
  }
}
