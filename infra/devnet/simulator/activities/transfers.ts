// Wallet-to-wallet coin transfers: plain SPL transfers that touch no program of the service.
import type { SimContext } from '../sim-context.js';
import { tokenTransfer } from '../token-ops.js';
import { COIN_DECIMALS, coinBalance } from '../market-ops.js';

export function transferCoins(ctx: SimContext): void {
  const live = ctx.state.coins;
  if (live.length === 0 || ctx.state.wallets < 2) return;
  const coin = ctx.rng.pick(live);
  const fromIndex = ctx.randomWallet();
  const from = ctx.wallet(fromIndex);
  const balance = coinBalance(ctx.bank, coin, from.address);
  if (balance === 0n) return;
  let toIndex = ctx.randomWallet();
  if (toIndex === fromIndex) toIndex = (toIndex + 1) % ctx.state.wallets;
  const to = ctx.wallet(toIndex);
  // Often everything (a wallet move), else a part.
  const amount = ctx.rng.chance(0.3) ? balance : (balance * BigInt(ctx.rng.int(1, 90))) / 100n;
  if (amount === 0n) return;
  ctx.send(
    'transfer',
    from,
    tokenTransfer({
      payer: from.address,
      from: from.address,
      to: to.address,
      mint: coin.mint,
      amount,
      decimals: COIN_DECIMALS,
      tokenProgram: coin.tokenProgram,
    }),
    [],
    { mint: coin.mint, from: from.address, to: to.address, amount: amount.toString() },
  );
}
