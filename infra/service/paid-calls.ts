// Paid calls for the API role: the paywall over the chain's JSON-RPC with the service's sealed fee-payer key, the
// accounts a payment needs (the payment wallet's stablecoin account must exist: a payment does not create it; on the
// embedded devnet the fee payer is also funded from the faucet), and the sweep that resolves settlements left
// pending. Without the fee-payer key paid calls are 'unavailable' and answer 503.
import { createNoopSigner, lamports, type Address } from '@solana/kit';
import { getCreateAssociatedTokenIdempotentInstruction } from '@solana-program/token';
import type { Logger } from 'pino';
import { ChainClient } from '../../api/chain.js';
import { compileUnsigned, readTransaction, withSignatures } from '../../api/launch/wire.js';
import type { PaidCalls } from '../../api/payments/http-payments.js';
import { Confirmations } from '../../api/payments/confirmations.js';
import { Paywall } from '../../api/payments/paywall.js';
import type { Config } from '../../schemas/config.js';
import { associatedTokenAddress } from '../../schemas/programs/associated-token.js';
import type { ServiceKeys } from '../keys/service-keys.js';
import { chainRpcUrl, usesEmbeddedDevnet } from './service-keys-setup.js';
import type { OpStore } from '../opstore/op-store.js';

const SWEEP_INTERVAL_MS = 30_000;
/** How long the setup's own transactions may take to confirm. */
const LANDING_WAIT_MS = 30_000;
/** On the embedded devnet the fee payer is topped up from the faucet below this balance. */
const DEVNET_FEE_PAYER_FLOOR = 1_000_000_000n;

export interface PaidCallsRole {
  paidCalls: PaidCalls;
  stop(): void;
}

export async function openPaidCalls(config: Config, opstore: OpStore | undefined, keys: ServiceKeys | null, logger: Logger): Promise<PaidCallsRole> {
  const feePayer = config.wallets.feePayer;
  if (!opstore || !keys || !(await keys.has(feePayer))) {
    logger.warn({ feePayer }, 'no sealed key for FEE_PAYER_WALLET (npm run keys -- fee-payer-import): paid calls answer 503');
    return { paidCalls: 'unavailable', stop: () => undefined };
  }
  const chain = new ChainClient(chainRpcUrl(config));
  await preparePaymentAccounts(config, chain, keys).catch((error: unknown) => {
    logger.warn({ err: error }, 'could not check the payment accounts on the chain; paid calls may fail until they exist');
  });
  const paywall = await Paywall.open({
    network: config.payments.network,
    asset: config.mints.stablecoin,
    payTo: config.wallets.payments,
    feePayer,
    keys,
    chain,
    opstore,
    siteUrl: config.siteUrl,
    logger,
  });
  const timer = setInterval(() => {
    paywall.sweep().catch((error: unknown) => logger.warn({ err: error }, 'payment sweep failed'));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return { paidCalls: paywall, stop: () => clearInterval(timer) };
}

/** The payment wallet's stablecoin account, created by the fee payer when missing; on the embedded devnet, a funded
 * fee payer. */
async function preparePaymentAccounts(config: Config, chain: ChainClient, keys: ServiceKeys): Promise<void> {
  const feePayer = config.wallets.feePayer;
  const confirmations = new Confirmations(chain, 250);
  if (usesEmbeddedDevnet(config) && (await chain.balance(feePayer)) < DEVNET_FEE_PAYER_FLOOR) {
    const signature = await chain.rpc.requestAirdrop(feePayer, lamports(10n * DEVNET_FEE_PAYER_FLOOR)).send();
    await confirmations.wait(signature, LANDING_WAIT_MS);
  }
  const mint = config.mints.stablecoin;
  const mintAccount = await chain.account(mint);
  if (!mintAccount) throw new Error(`the stablecoin mint ${mint} is not on the chain`);
  const tokenProgram = mintAccount.owner as Address;
  const account = associatedTokenAddress(config.wallets.payments, mint, tokenProgram);
  if (await chain.account(account)) return;
  const create = getCreateAssociatedTokenIdempotentInstruction({
    payer: createNoopSigner(feePayer),
    ata: account,
    owner: config.wallets.payments,
    mint,
    tokenProgram,
  });
  const unsigned = compileUnsigned(feePayer, [create], await chain.latestBlockhash());
  const signature = await keys.sign(feePayer, unsigned.messageBytes);
  const sent = await chain.send(withSignatures(readTransaction(unsigned.base64), [signature]));
  if (!sent.ok) throw new Error(`creating the payment wallet's stablecoin account failed: ${sent.error}`);
  await confirmations.wait(sent.signature, LANDING_WAIT_MS);
}
