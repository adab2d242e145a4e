// Handler of `GET /creators/{wallet}` (spec 2.10), shared by the HTTP route and the MCP tool: the coins the
// wallet launched with what each earned (creator mode: earned, sent, waiting; holder mode: what its holders
// took in and were paid) and the latest payments of those coins' creator earnings. A wallet that launched nothing
// is answered with empty lists: any address is a valid wallet, and "launched nothing yet" is an answer, not an
// unknown resource.
import { creatorTotals, recentSends } from '../../projections/creators/queries.js';
import { coinsLaunchedBy, potTotals } from '../../projections/rewards/queries.js';
import { RECENT_SENDS, type CreatorResponse } from '../../schemas/api/creators.js';
import type { ApiContext } from '../deps.js';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** `GET /creators/{wallet}`. */
export async function getCreator(ctx: ApiContext, wallet: string): Promise<CreatorResponse> {
  const { olap } = ctx;
  const coins = await coinsLaunchedBy(olap, wallet);
  const creatorMints = coins.filter((coin) => coin.mode === 'creator').map((coin) => coin.mint);
  const holderMints = coins.filter((coin) => coin.mode === 'holder').map((coin) => coin.mint);
  const earnings = await creatorTotals(olap, creatorMints);
  const pots = await potTotals(olap, holderMints);
  const sends = await recentSends(olap, creatorMints, RECENT_SENDS);
  return {
    wallet,
    coins: coins.map((coin) => {
      const earned = earnings.get(coin.mint);
      const pot = pots.get(coin.mint);
      return {
        mint: coin.mint,
        user: { name: coin.name, symbol: coin.symbol },
        mode: coin.mode,
        createdAt: iso(coin.createdAt),
        quote: { mint: coin.quoteMint, decimals: coin.quoteDecimals },
        earnings:
          earned === undefined
            ? null
            : {
                earned: earned.earned.toString(),
                sent: earned.sent.toString(),
                waiting: (earned.earned > earned.sent ? earned.earned - earned.sent : 0n).toString(),
              },
        holderRewards: pot === undefined ? null : { takenIn: pot.takenIn.toString(), paid: pot.spent.toString(), rounds: pot.rounds },
      };
    }),
    recentSends: sends.map((send) => ({ ...send, time: iso(send.time) })),
  };
}
