// Handler of `GET /creators/{wallet}` (spec 2.10), shared by the HTTP route and the MCP tool: the coins the
// wallet launched with what each earned (creator mode: earned, sent, waiting; holder mode: its pot and rounds) and
// the latest payments of those coins' creator earnings. A wallet that launched nothing is answered with empty
// lists: any address is a valid wallet, and "launched nothing yet" is an answer, not an unknown resource. Read from
// the rewards tables as each coin's rewards are (projections/rewards/coin-rewards.ts), kept while the creator's
// coins and their rewards are unchanged.
import { COINS_TABLE } from '../../projections/coins/table.js';
import type { CreatorSendEntry } from '../../projections/creators/queries.js';
import { coinsOfCreator, readCoinRewards } from '../../projections/rewards/coin-rewards.js';
import { creatorResponse, RECENT_SENDS } from '../../schemas/api/creators.js';
import type { ApiContext } from '../deps.js';
import { type Answer, answerKey } from './answer-cache.js';
import { rewardSources } from './rewards.js';
import { creatorView } from './reward-views.js';

/** Newest first: time, slot, log offset, event id, all descending. */
const newestFirst = (a: CreatorSendEntry, b: CreatorSendEntry) =>
  b.ms - a.ms || b.slot - a.slot || b.logOffset - a.logOffset || (a.eventId < b.eventId ? 1 : a.eventId > b.eventId ? -1 : 0);

/** `GET /creators/{wallet}`. */
export async function getCreator(ctx: ApiContext, wallet: string): Promise<Answer> {
  const on = [{ source: COINS_TABLE }, ...ctx.views.board.creatorCoins(wallet).flatMap(rewardSources)];
  return ctx.answers.get(answerKey('creator', { wallet }), { on }, creatorResponse, async () => {
    const mintsNow = await coinsOfCreator(ctx.olap, wallet);
    const rewards = await readCoinRewards(ctx.olap, mintsNow);
    const coins = mintsNow.flatMap((mint) => rewards.get(mint) ?? []);
    const sends = coins
      .flatMap((coin) => (coin.coin.mode === 'creator' ? coin.creator.sends : []))
      .sort(newestFirst)
      .slice(0, RECENT_SENDS);
    return creatorView(wallet, coins, sends);
  });
}
