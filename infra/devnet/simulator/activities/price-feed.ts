// The SOL/USD price keeper: a bounded random walk posted on chain as a keeper memo.
import { getAddMemoInstruction } from '@solana-program/memo';
import { createNoopSigner } from '@solana/kit';
import { encodeKeeperMemo } from '../../../../schemas/programs/keeper-memo.js';
import { WELL_KNOWN_KEYS } from '../../genesis/well-known-keys.js';
import { MEMO_PROGRAM } from '../../runtime/well-known.js';
import type { SimContext } from '../sim-context.js';

const MIN_MICRO_USD = 20_000_000n;
const MAX_MICRO_USD = 1_000_000_000n;

export function postPrice(ctx: SimContext): void {
  const keeper = WELL_KNOWN_KEYS.keeper;
  const current = BigInt(ctx.state.solMicroUsd);
  // Up to ±0.5% a step, as a whole number of basis points.
  const stepBps = BigInt(ctx.rng.int(-50, 50));
  let next = current + (current * stepBps) / 10_000n;
  if (next < MIN_MICRO_USD) next = MIN_MICRO_USD;
  if (next > MAX_MICRO_USD) next = MAX_MICRO_USD;
  const memo = encodeKeeperMemo({ kind: 'price', solMicroUsd: next.toString() });
  const tx = ctx.send('price', keeper, [getAddMemoInstruction({ memo, signers: [createNoopSigner(keeper.address)] }, { programAddress: MEMO_PROGRAM })], [], {
    solMicroUsd: next.toString(),
  });
  if (tx?.meta.err === null) ctx.state.solMicroUsd = next.toString();
}
