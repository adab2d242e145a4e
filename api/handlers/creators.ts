// Handler of `GET /creators/{wallet}` (spec 2.10), shared by the HTTP route and the MCP tool: the coins the
// wallet launched with what each earned (creator mode: earned, sent, waiting; holder mode: what its holders
// took in and were paid) and the latest payments of those coins' creator earnings. A wallet that launched nothing
// is answered with empty lists: any address is a valid wallet, and "launched nothing yet" is an answer, not an
// unknown resource. Made from each coin's rewards as read per coin (projections/rewards/coin-rewards.ts), the same
// response object again while the creator's coins are unchanged.
import { COINS_TABLE } from '../../projections/coins/table.js';
import type { CreatorSendEntry } from '../../projections/creators/queries.js';
import { COIN_REWARD_TABLES, coinRewards, coinsByCreator, type CoinRewards } from '../../projections/rewards/coin-rewards.js';
import { RECENT_SENDS, type CreatorResponse } from '../../schemas/api/creators.js';
import type { ApiContext } from '../deps.js';
import { creatorView } from './reward-views.js';

/** Newest first: time, slot, log offset, event id, all descending. */
const newestFirst = (a: CreatorSendEntry, b: CreatorSendEntry) =>
  b.ms - a.ms || b.slot - a.slot || b.logOffset - a.logOffset || (a.eventId < b.eventId ? 1 : a.eventId > b.eventId ? -1 : 0);

/** `GET /creators/{wallet}`. */
export async function getCreator(ctx: ApiContext, wallet: string): Promise<CreatorResponse> {
  const mints = (await coinsByCreator(ctx.reads)).get(wallet) ?? [];
  const variant = mints.map((mint) => ctx.reads.version(COIN_REWARD_TABLES, mint)).join(' ');
  return ctx.reads.answer(`creator\n${wallet}`, { tables: [COINS_TABLE], variant }, async () => {
    const coins = (await Promise.all(mints.map((mint) => coinRewards(ctx.reads, mint)))).filter((coin): coin is CoinRewards => coin !== null);
    const sends = coins
      .flatMap((coin) => (coin.coin.mode === 'creator' ? coin.creator.sends : []))
      .sort(newestFirst)
      .slice(0, RECENT_SENDS);
    return creatorView(wallet, coins, sends);
  });
}
