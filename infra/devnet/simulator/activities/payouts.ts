// Holder payout rounds: the rewards keeper takes a snapshot, counts each holder at the smaller of
// its balance at the snapshot and at the baseline, splits the coin's pot (schemas/rewards), buys
// the basket tokens (or pays in the pair token) and sends every share at or above the minimum;
// smaller shares are carried as owed to the next round.
import type { Address, Instruction } from '@solana/kit';
import { DEVNET_ADDRESSES } from '../../../../schemas/devnet-addresses.js';
import { encodeKeeperMemo } from '../../../../schemas/programs/keeper-memo.js';
import { curvePda } from '../../../../schemas/programs/launchpad/pdas.js';
import { poolPda } from '../../../../schemas/programs/pool-venue/pdas.js';
import { NATIVE_MINT_ID } from '../../../../schemas/programs/token-addresses.js';
import { allocateRound } from '../../../../schemas/rewards/allocation.js';
import { minPayout } from '../../../../schemas/rewards/min-payout.js';
import { DEVNET_TOKENS } from '../../../../schemas/devnet-tokens.js';
import { WELL_KNOWN_KEYS } from '../../genesis/well-known-keys.js';
import { TOKEN_PROGRAM } from '../../runtime/well-known.js';
import { LAUNCHPAD, marketBuyInstructions, POOL_VENUE } from '../market-ops.js';
import type { SimContext } from '../sim-context.js';
import type { SimCoin } from '../sim-state.js';
import { solTransfer, tokenTransfer } from '../token-ops.js';
import { memo } from './keepers.js';

const TRANSFERS_PER_TX = 5;

/** Wallets never counted as holders: the service's own, and the coin's curve and pools. */
export function excludedHolders(coin: SimCoin): Set<string> {
  const service = Object.entries(DEVNET_ADDRESSES)
    .filter(([, v]) => typeof v === 'string')
    .map(([, v]) => v as string);
  return new Set([...service, WELL_KNOWN_KEYS.faucet.address, curvePda(LAUNCHPAD, coin.mint)[0], poolPda(POOL_VENUE, coin.mint, coin.quoteMint)[0]]);
}

function decimalsOf(mint: Address): number {
  return DEVNET_TOKENS.find((t) => t.mint === mint)?.decimals ?? 9;
}

export function payoutRound(ctx: SimContext, coin: SimCoin): void {
  const truth = ctx.truth;
  if (!truth || coin.mode !== 'holder' || coin.baselineSlot === null) return;
  const snapshotSlot = ctx.bank.latestBlock.slot;
  const baselineSlot = coin.baselineSlot;
  if (baselineSlot >= snapshotSlot) return;
  const carried = new Map(Object.entries(coin.owed).map(([w, a]) => [w, BigInt(a)]));
  const allocation = allocateRound({
    pot: BigInt(coin.pot),
    balancesAtSnapshot: truth.holdersAt(coin.mint, snapshotSlot),
    balancesAtBaseline: truth.holdersAt(coin.mint, baselineSlot),
    carried,
    minPayout: minPayout(coin.quoteMint),
    excluded: excludedHolders(coin),
  });
  const paidTotal = [...allocation.paid.values()].reduce((a, b) => a + b, 0n);
  if (paidTotal === 0n) return;
  const vault = WELL_KNOWN_KEYS.rewardsVault;
  const round = coin.round + 1;
  const header = memo(
    vault,
    encodeKeeperMemo({ kind: 'payout-round', mint: coin.mint, round, snapshotSlot, baselineSlot, pot: paidTotal.toString(), holders: allocation.weights.size }),
  );

  // What each paid wallet receives, per token.
  const payouts: { token: Address; decimals: number; amounts: [Address, bigint][] }[] = [];
  const roundInstructions: Instruction[] = [header];
  if (coin.holdersPaid === 'basket' && coin.quoteMint === NATIVE_MINT_ID) {
    for (const entry of coin.basket) {
      const spend = (paidTotal * BigInt(entry.weightBps)) / 10_000n;
      const buy = marketBuyInstructions(ctx.bank, entry.mint, vault.address, spend);
      if (!buy) return;
      roundInstructions.push(...buy.instructions);
      const amounts: [Address, bigint][] = [...allocation.paid].map(([w, a]) => [w as Address, (buy.tokens * a) / paidTotal]);
      payouts.push({ token: entry.mint, decimals: decimalsOf(entry.mint), amounts });
    }
  } else {
    payouts.push({ token: coin.quoteMint, decimals: decimalsOf(coin.quoteMint), amounts: [...allocation.paid].map(([w, a]) => [w as Address, a]) });
  }
  const head = ctx.send('payout-round', vault, roundInstructions, [], {
    mint: coin.mint,
    round,
    snapshotSlot,
    baselineSlot,
    pot: paidTotal.toString(),
    paid: Object.fromEntries([...allocation.paid].map(([w, a]) => [w, a.toString()])),
    owed: Object.fromEntries([...allocation.owed].map(([w, a]) => [w, a.toString()])),
    tokens: payouts.map((p) => ({ token: p.token, amounts: Object.fromEntries(p.amounts.map(([w, a]) => [w, a.toString()])) })),
  });
  if (head?.meta.err !== null) return;

  for (const payout of payouts) {
    const nonZero = payout.amounts.filter(([, amount]) => amount > 0n);
    for (let i = 0; i < nonZero.length; i += TRANSFERS_PER_TX) {
      const batch = nonZero.slice(i, i + TRANSFERS_PER_TX);
      const instructions: Instruction[] = [memo(vault, encodeKeeperMemo({ kind: 'payout', mint: coin.mint, round }))];
      for (const [wallet, amount] of batch) {
        if (payout.token === NATIVE_MINT_ID) instructions.push(solTransfer(vault.address, wallet, amount));
        else
          instructions.push(
            ...tokenTransfer({
              payer: vault.address,
              from: vault.address,
              to: wallet,
              mint: payout.token,
              amount,
              decimals: payout.decimals,
              tokenProgram: TOKEN_PROGRAM,
            }),
          );
      }
      ctx.send('payout', vault, instructions, [], {
        mint: coin.mint,
        round,
        token: payout.token,
        amounts: Object.fromEntries(batch.map(([w, a]) => [w, a.toString()])),
      });
    }
  }
  coin.pot = (BigInt(coin.pot) - paidTotal).toString();
  coin.owed = Object.fromEntries([...allocation.owed].map(([w, a]) => [w, a.toString()]));
  coin.round = round;
  coin.baselineSlot = snapshotSlot;
}

export function payoutRounds(ctx: SimContext): void {
  for (const coin of ctx.state.coins) payoutRound(ctx, coin);
}
