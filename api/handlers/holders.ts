// Handler of a coin's holders (`GET /coins/{mint}/holders`), shared by the HTTP route and the MCP tool: the
// holder count, the next round's baseline slot and the largest holders, each with its share of supply and what
// the next round would count of it (the smaller of its balance now and at the baseline: schemas/rewards).
import type { HoldersQuery, HoldersResponse } from '../../schemas/api/holders.js';
import { countedBalance } from '../../schemas/rewards/allocation.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { coinHolderPage, coinHoldersView, ownerBalancesAt } from '../queries/holders.js';

const BPS = 10_000n;

function serviceWallets(ctx: ApiContext): string[] {
  return Object.values(ctx.config.wallets);
}

/** A share of supply in bps, rounded down. */
function shareBps(amount: bigint, supply: bigint): number {
  return supply === 0n ? 0 : Number((amount * BPS) / supply);
}

export async function getHolders(ctx: ApiContext, mint: string, query: HoldersQuery): Promise<HoldersResponse> {
  const coin = await coinHoldersView(ctx.olap, mint);
  if (coin === null) throw new NotFoundError(`no coin ${mint} on this network`);
  const { holders, top } = await coinHolderPage(ctx.olap, mint, [...coin.venues, ...serviceWallets(ctx)], query.limit);
  const { baselineSlot } = coin;
  const atBaseline = baselineSlot === null ? null : await ownerBalancesAt(ctx.olap, mint, baselineSlot, top.map((holder) => holder.wallet));
  return {
    holders,
    baselineSlot,
    top: top.map(({ wallet, amount }) => ({
      wallet,
      amount: amount.toString(),
      shareBps: shareBps(amount, coin.totalSupply),
      countsNextRound: atBaseline === null ? null : countedBalance(amount, atBaseline.get(wallet) ?? 0n).toString(),
    })),
  };
}
