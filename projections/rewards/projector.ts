// The `rewards` projector: payout rounds, payouts sent and the holders' share of fee claims (see table.ts).
import { eventPosition, type LoggedEvent, type Projector } from '../projector.js';
import { type Row, rewardPayoutsTable, rewardPotIncomeTable, rewardRoundsTable, walletPayoutsTable } from './table.js';

export const rewardsProjector: Projector = {
  name: 'rewards',
  version: 3,
  tables: [rewardRoundsTable, rewardPayoutsTable, walletPayoutsTable, rewardPotIncomeTable],
  canHandle: ['payout.round', 'payout.sent', 'fees.claimed'],
  handle(events: readonly LoggedEvent[]) {
    const rounds: Row<typeof rewardRoundsTable>[] = [];
    const payouts: Row<typeof rewardPayoutsTable>[] = [];
    const income: Row<typeof rewardPotIncomeTable>[] = [];
    for (const { event, offset } of events) {
      const { signature, ...at } = eventPosition({ event, offset });
      if (event.type === 'payout.round') {
        // The round's facts but its quote mint, which the table does not hold (the coin's quote is in the coins table).
        const { quoteMint: _, tokens, ...facts } = event.data;
        const [tokenMints, tokenBought, tokenCost] = [tokens.map((t) => t.mint), tokens.map((t) => t.bought), tokens.map((t) => t.cost)];
        rounds.push({ ...facts, ...at, signature, tokenMints, tokenBought, tokenCost });
      } else if (event.type === 'payout.sent') {
        payouts.push({ ...event.data, ...at, signature });
      } else if (event.type === 'fees.claimed') {
        // The holders' share of the claim; none when the claim has none (a creator-mode coin).
        const holders = event.data.shares.filter((share) => share.role === 'holders').reduce((sum, share) => sum + BigInt(share.amount), 0n);
        if (holders !== 0n) income.push({ mint: event.data.mint, ...at, quoteMint: event.data.quoteMint, amount: holders.toString() });
      }
    }
    return {
      [rewardRoundsTable.name]: rounds,
      [rewardPayoutsTable.name]: payouts,
      [walletPayoutsTable.name]: payouts,
      [rewardPotIncomeTable.name]: income,
    };
  },
};
