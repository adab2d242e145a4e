// Handler of `GET /coins/{mint}/rewards` (spec 2.5), shared by the HTTP route and the MCP tool: a holder-mode
// coin's pot, per-token totals (priced in US cents) and latest rounds, or a creator-mode coin's earnings. Answered
// from the resident rewards model (projections/rewards/reward-model.ts), the same response object again while the
// coin's rows, its facts and (for a SOL pair) the SOL prices are unchanged.
import { emptyLedger, tokenTotalsOf, type CoinLedger } from '../../projections/rewards/coin-ledger.js';
import { rewardModel, type RewardModel } from '../../projections/rewards/reward-model.js';
import type { CoinRewardsQuery, CoinRewardsResponse, RoundView } from '../../schemas/api/rewards.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { quotePricing } from './reward-usd.js';
import { creatorRewardsView, holderRewardsView, roundView } from './reward-views.js';
import { serviceWalletList } from '../../schemas/config.js';

/** Each ledger's round views, newest first, built as far as asked (shared by the answers of every page size). */
const roundViews = new WeakMap<CoinLedger, RoundView[]>();

/** The read path's model, up to date for coin reads. */
async function coinModel(ctx: ApiContext): Promise<RewardModel> {
  const model = rewardModel(ctx.reads, serviceWalletList(ctx.config.wallets));
  await model.current('coins');
  return model;
}

/** `GET /coins/{mint}/rewards`. */
export async function getCoinRewards(ctx: ApiContext, mint: string, query: CoinRewardsQuery): Promise<CoinRewardsResponse> {
  const model = await coinModel(ctx);
  const coin = model.facts.get(mint);
  if (coin === undefined) throw new NotFoundError(`no coin ${mint} on this network`);
  const ledger = model.ledgers.get(mint) ?? emptyLedger(mint, '', 0);
  if (coin.mode === 'creator') {
    const creator = model.creators.get(mint);
    const stamp = Math.max(model.factsStamp, creator?.stamp ?? 0);
    return ctx.reads.answer(`coin-rewards\n${mint}|creator`, { tables: [], variant: String(stamp) }, async () =>
      creatorRewardsView(coin, creator ?? { earned: 0n, sent: 0n }),
    );
  }
  const pricing = quotePricing(coin.quoteMint, ctx.config.mints.stablecoin);
  const stamp = Math.max(model.factsStamp, ledger.stamp, pricing.kind === 'sol' ? model.priceStamp : 0);
  return ctx.reads.answer(`coin-rewards\n${mint}|${query.limit}|${pricing.kind}`, { tables: [], variant: String(stamp) }, async () => {
    const quoteNow = pricing.kind === 'sol' ? model.prices.latest : pricing.kind === 'fixed' ? pricing.microUsd : null;
    return holderRewardsView(coin, ledger.pot, tokenTotalsOf(ledger, pricing, model.prices), quoteNow, latestRoundViews(ledger, query.limit));
  });
}

function latestRoundViews(ledger: CoinLedger, limit: number): RoundView[] {
  let views = roundViews.get(ledger);
  if (views === undefined) roundViews.set(ledger, (views = []));
  for (let i = views.length; i < Math.min(limit, ledger.newestFirst.length); i++) {
    const round = ledger.newestFirst[i]!;
    views.push(roundView(round, ledger.payouts.get(round.round)));
  }
  return views.slice(0, limit);
}
