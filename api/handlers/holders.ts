// Handler of a coin's holders (`GET /coins/{mint}/holders`), shared by the HTTP route and the MCP tool: the holder
// count and the largest holders from the coin board (the one holder rule of the reads: api/views/coin-board.ts),
// each with its share of supply and what the next round would count of it: the smaller of its balance now and at the
// next round's baseline slot (schemas/rewards), read from the balance history. Kept while the coin's holders, rounds
// and balance history are unchanged.
import { BALANCE_CHANGES_TABLE } from '../../projections/balances/table.js';
import { ownerBalancesAt } from '../../projections/balances/queries.js';
import { coinHolderFacts } from '../../projections/holders/queries.js';
import { REWARD_POT_INCOME_TABLE, REWARD_ROUNDS_TABLE } from '../../projections/rewards/table.js';
import { holdersResponse, type HoldersQuery } from '../../schemas/api/holders.js';
import { countedBalance } from '../../schemas/rewards/allocation.js';
import type { ApiContext } from '../deps.js';
import { type Answer, answerKey } from './answer-cache.js';
import { requireCoin } from './coins.js';

export function getHolders(ctx: ApiContext, mint: string, query: HoldersQuery): Promise<Answer> {
  requireCoin(ctx, mint);
  const on = [ctx.views.board.name, BALANCE_CHANGES_TABLE, REWARD_ROUNDS_TABLE, REWARD_POT_INCOME_TABLE].map((source) => ({ source, coin: mint }));
  return ctx.answers.get(answerKey('holders', { mint, ...query }), { on }, holdersResponse, async () => {
    const { count, top } = ctx.views.board.holders(mint, query.limit);
    const baselineSlot = (await coinHolderFacts(ctx.olap, [mint]))[0]?.baselineSlot ?? null;
    const wallets = top.map((holder) => holder.wallet);
    const atBaseline = baselineSlot === null ? null : await ownerBalancesAt(ctx.olap, mint, baselineSlot, wallets);
    const supply = BigInt(ctx.views.board.launchOf(mint)!.totalSupply);
    return {
      holders: count,
      baselineSlot,
      top: top.map(({ wallet, amount }) => ({
        wallet,
        amount: amount.toString(),
        shareBps: supply === 0n ? 0 : Number((amount * 10_000n) / supply),
        countsNextRound: atBaseline === null ? null : countedBalance(amount, atBaseline.get(wallet) ?? 0n).toString(),
      })),
    };
  });
}
