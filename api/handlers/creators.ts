// Handler of `GET /creators/{wallet}` (spec 2.10), shared by the HTTP route and the MCP tool: the coins the
// wallet launched with what each earned (creator mode: earned, sent, waiting; holder mode: what its holders
// took in and were paid) and the latest payments of those coins' creator earnings. A wallet that launched nothing
// is answered with empty lists: any address is a valid wallet, and "launched nothing yet" is an answer, not an
// unknown resource. Answered from the resident rewards model (projections/rewards/reward-model.ts), the same response
// object again while the creator's coins are unchanged.
import type { CreatorSendEntry } from '../../projections/creators/queries.js';
import { rewardModel } from '../../projections/rewards/reward-model.js';
import { RECENT_SENDS, type CreatorResponse } from '../../schemas/api/creators.js';
import type { ApiContext } from '../deps.js';
import { creatorView } from './reward-views.js';
import { serviceWalletList } from '../../schemas/config.js';

const NO_COINS: never[] = [];

/** Newest first: time, slot, log offset, event id, all descending. */
const newestFirst = (a: CreatorSendEntry, b: CreatorSendEntry) =>
  b.ms - a.ms || b.slot - a.slot || b.logOffset - a.logOffset || (a.eventId < b.eventId ? 1 : a.eventId > b.eventId ? -1 : 0);

/** `GET /creators/{wallet}`. */
export async function getCreator(ctx: ApiContext, wallet: string): Promise<CreatorResponse> {
  const model = rewardModel(ctx.reads, serviceWalletList(ctx.config.wallets));
  await model.current('coins');
  const coins = model.byCreator.get(wallet) ?? NO_COINS;
  let stamp = model.factsStamp;
  for (const coin of coins)
    stamp = Math.max(stamp, (coin.mode === 'creator' ? model.creators.get(coin.mint)?.stamp : model.ledgers.get(coin.mint)?.stamp) ?? 0);
  return ctx.reads.answer(`creator\n${wallet}`, { tables: [], variant: String(stamp) }, async () => {
    const creatorCoins = coins.filter((coin) => coin.mode === 'creator');
    const sends = creatorCoins
      .flatMap((coin) => model.creators.get(coin.mint)?.sends ?? [])
      .sort(newestFirst)
      .slice(0, RECENT_SENDS);
    return creatorView(
      wallet,
      coins,
      (mint) => (model.facts.get(mint)?.mode === 'creator' ? (model.creators.get(mint) ?? { earned: 0n, sent: 0n }) : undefined),
      (mint) => (model.facts.get(mint)?.mode === 'holder' ? (model.ledgers.get(mint)?.pot ?? { takenIn: 0n, spent: 0n, rounds: 0 }) : undefined),
      sends,
    );
  });
}
