// Pool-venue CreatePool → `coin.launched` (PoolCreated of a launch pool), its `coin.fee_split_locked`
// (named `fee-split`) and the creator's first buy as a `trade` (named `trade`).
import { instructionEventId } from '../event-ids.js';
import { POOL_VENUE_ACCOUNTS } from '../../../schemas/programs/pool-venue/instructions.js';
import { draft, type Decoder, type EventDraft } from '../context.js';
import { poolVenueCalls } from '../program-invocations.js';
import { feeSplitDraft } from '../shared/fee-events.js';
import { poolLaunchData } from '../shared/launch-data.js';
import { mintAuthorities } from '../shared/mint-authorities.js';
import { poolTradeData } from '../shared/trade-data.js';

const CREATOR_COIN_ACCOUNT = POOL_VENUE_ACCOUNTS.createPool.indexOf('creatorTokenAccount');

export const decode: Decoder = (tx, ctx) => {
  const out: EventDraft[] = [];
  for (const call of poolVenueCalls(tx, ctx, ['createPool'])) {
    const launch = call.events.find((e) => e.name === 'PoolCreated');
    const data = launch?.name === 'PoolCreated' ? poolLaunchData(launch.data) : null;
    if (!data) continue;
    out.push(draft(tx, ctx, 'coin.launched', instructionEventId(tx.signature, call.ix.path), { ...data, ...mintAuthorities(tx, data.mint) }));
    for (const event of call.events) {
      if (event.name === 'FeeSplitLocked') out.push(feeSplitDraft(tx, ctx, call.ix, event.data, 'fee-split'));
      if (event.name === 'Swap') {
        const trade = poolTradeData(tx, event.data, call.ix.accounts[CREATOR_COIN_ACCOUNT]);
        out.push(draft(tx, ctx, 'trade', instructionEventId(tx.signature, call.ix.path, 'trade'), trade));
      }
    }
  }
  return out;
};
