// Chain actions on the devnet, one function per thing an end-to-end story does: fund a wallet, move SOL or tokens,
// buy or sell a coin, list a pair token. Each signs with the keys given (the first pays the fee), executes into the
// devnet's working slot and returns the landed transaction, or throws with the chain's error. The slot lands once the
// next one is sealed (`Devnet.step`); the service has it once it has indexed that slot (the e2e harness's `land()`).
import type { Address, Instruction } from '@solana/kit';
import type { Ed25519KeyPair } from '../crypto/ed25519.js';
import type { Devnet } from './devnet.js';
import { WELL_KNOWN_KEYS } from './genesis/well-known-keys.js';
import { quoteListingInstruction, LAUNCHPAD_ADMIN } from './quote-listing.js';
import { readMintDecimals } from './runtime/token-layout.js';
import type { ExecutedTransaction } from './runtime/types.js';
import { buyInstructions, sellInstructions } from './simulator/market-ops.js';
import type { SimCoin } from './simulator/sim-state.js';
import { solTransfer, tokenTransfer } from './simulator/token-ops.js';
import { buildTransaction } from './tx-builder.js';

/** Sign `instructions` with `signers` (the first pays) and execute them into the working slot. */
export function act(devnet: Devnet, signers: readonly Ed25519KeyPair[], instructions: Instruction[]): ExecutedTransaction {
  const { wire } = buildTransaction({ feePayer: signers[0]!.address, instructions, blockhash: devnet.bank.latestBlock.blockhash, signers: [...signers] });
  const tx = devnet.bank.submit(wire);
  if (tx.meta.err) throw new Error(`transaction failed: ${JSON.stringify(tx.meta.err)}`);
  return tx;
}

/** `lamports` from the devnet's faucet to `to`. */
export function fund(devnet: Devnet, to: Address, lamports: bigint): ExecutedTransaction {
  const faucet = WELL_KNOWN_KEYS.faucet;
  return act(devnet, [faucet], [solTransfer(faucet.address, to, lamports)]);
}

/** `lamports` from `from` to `to`; `payer` signs too and pays the fee when given. */
export function transferSol(devnet: Devnet, from: Ed25519KeyPair, to: Address, lamports: bigint, payer?: Ed25519KeyPair): ExecutedTransaction {
  return act(devnet, payer ? [payer, from] : [from], [solTransfer(from.address, to, lamports)]);
}

/** `amount` raw units of `mint` from `owner`'s associated account to `to`'s (created when missing). */
export function transferTokens(devnet: Devnet, owner: Ed25519KeyPair, mint: Address, to: Address, amount: bigint): ExecutedTransaction {
  const account = devnet.bank.getAccount(mint);
  const decimals = account ? readMintDecimals(account.data) : null;
  if (!account || decimals === null) throw new Error(`${mint} is not a mint on the devnet`);
  const tokenProgram = account.owner;
  return act(devnet, [owner], tokenTransfer({ payer: owner.address, from: owner.address, to, mint, amount, decimals, tokenProgram }));
}

/** A coin the devnet's simulator launched. */
function simulatedCoin(devnet: Devnet, mint: Address): SimCoin {
  const coin = devnet.simulator?.state.coins.find((c) => c.mint === mint);
  if (!coin) throw new Error(`${mint} is not a coin the simulator launched`);
  return coin;
}

/** A buy of `mint` spending about `quoteIn` of its pair token (fee included) on its market: the curve, or the pool
 * once graduated. */
export function buy(devnet: Devnet, trader: Ed25519KeyPair, mint: Address, quoteIn: bigint): ExecutedTransaction {
  const order = buyInstructions(devnet.bank, simulatedCoin(devnet, mint), trader.address, quoteIn);
  if (!order) throw new Error(`${mint} has no open market to buy on`);
  return act(devnet, [trader], order.instructions);
}

/** A sale of `tokens` raw units of `mint` on its market. */
export function sell(devnet: Devnet, trader: Ed25519KeyPair, mint: Address, tokens: bigint): ExecutedTransaction {
  const order = sellInstructions(devnet.bank, simulatedCoin(devnet, mint), trader.address, tokens);
  if (!order) throw new Error(`${mint} has no open market to sell ${tokens} on`);
  return act(devnet, [trader], order);
}

/** The launchpad's admin lists `quoteMint` as a pair token, or disables it. */
export function setQuoteListing(devnet: Devnet, quoteMint: Address, enabled: boolean): ExecutedTransaction {
  return act(devnet, [LAUNCHPAD_ADMIN], [quoteListingInstruction(quoteMint, enabled)]);
}
