// New wallets join the market: the faucet sends them SOL (heavy-tailed), some also stablecoins.
import { WELL_KNOWN_KEYS } from '../../genesis/well-known-keys.js';
import { TOKEN_PROGRAM } from '../../runtime/well-known.js';
import type { SimContext } from '../sim-context.js';
import { createAtaIdempotent, mintTo, solTransfer } from '../token-ops.js';

const LAMPORTS_PER_SOL = 1_000_000_000n;
const WALLETS_PER_TX = 8;

/** Fund `count` new wallets, WALLETS_PER_TX per transaction. */
export function fundWallets(ctx: SimContext, count: number): void {
  const faucet = WELL_KNOWN_KEYS.faucet;
  for (let done = 0; done < count; done += WALLETS_PER_TX) {
    const batch = Math.min(WALLETS_PER_TX, count - done);
    const instructions = [];
    const funded: string[] = [];
    for (let i = 0; i < batch; i++) {
      const wallet = ctx.wallet(ctx.state.wallets + i);
      const sol = ctx.rng.amount(5n * LAMPORTS_PER_SOL, 2_000n * LAMPORTS_PER_SOL, 1.1);
      instructions.push(solTransfer(faucet.address, wallet.address, sol));
      funded.push(wallet.address);
    }
    const tx = ctx.send('fund', faucet, instructions, [], { wallets: funded });
    if (tx?.meta.err === null) ctx.state.wallets += batch;
  }
}

/** Give a wallet stablecoins from the faucet (for stablecoin-paired coins). */
export function fundStablecoin(ctx: SimContext, walletIndex: number, amount: bigint): void {
  const faucet = WELL_KNOWN_KEYS.faucet;
  const wallet = ctx.wallet(walletIndex);
  const mint = WELL_KNOWN_KEYS.stablecoinMint.address;
  ctx.send(
    'fund',
    faucet,
    [
      createAtaIdempotent(faucet.address, wallet.address, mint, TOKEN_PROGRAM),
      mintTo({ mint, owner: wallet.address, authority: faucet.address, amount, tokenProgram: TOKEN_PROGRAM }),
    ],
    [],
    { wallet: wallet.address, stablecoin: amount.toString() },
  );
}
