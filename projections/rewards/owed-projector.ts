// The `reward-owed` projector: what every holder is owed on a holder-mode coin after each payout round, written to
// reward_owed (table.ts) once the batch's rounds, pot income and balance changes are in the store, and by wallet
// after the coin's latest round to wallet_owed (0 for a wallet owed before the batch and nothing after).
//
// What a holder is owed are its shares below the minimum payout, carried from round to round. The chain does not
// record them, so they are recomputed with the keeper's own rule (schemas/rewards/allocation.ts) from the round facts
// (payout.round), the pot each round had (the holders' share of the fee claims before it, less what earlier rounds
// spent) and every owner's balance at the round's snapshot and baseline slots (balances/queries.ts). A round starts
// from what the coin's round before it left (read back from reward_owed). Everything it reads lies before the round
// in chain order, so a replayed batch derives the same rows.
//
// Service wallets are never counted as holders, so the rows depend on them: they are the projector's settings.
import type { Olap } from '../../infra/olap/olap.js';
import { walletsKey } from '../../schemas/config.js';
import { allocateRound } from '../../schemas/rewards/allocation.js';
import { minPayout } from '../../schemas/rewards/min-payout.js';
import type { EventOf } from '../../schemas/events/index.js';
import { ownerBalancesAt } from '../balances/queries.js';
import { coinHolderFacts } from '../holders/queries.js';
import { chainVersion, type LoggedEvent, type ProjectedRows, type Projector } from '../projector.js';
import { readRewardCoins } from './queries.js';
import { REWARD_OWED_TABLE, REWARD_POT_INCOME_TABLE, REWARD_ROUNDS_TABLE, type Row, rewardOwedTable, walletOwedTable } from './table.js';

/** A payout round (payout.round) at its position in chain order (`at`: chainVersion of its slot and log offset). */
type OwedRound = EventOf<'payout.round'>['data'] & { at: bigint };

/** Where each coin's replay of the batch's `rounds` starts, what it carries from round to round: its latest round
 * written before the batch's first (0: none), what the rounds before that first spent (quote raw units) and the owed
 * amounts the latest round left. */
async function startsOf(olap: Olap, rounds: OwedRound[], mints: string[]) {
  const firstOf = (mint: string) => Math.min(...rounds.filter((round) => round.mint === mint).map((round) => round.round));
  const params = { mints, firsts: mints.map(firstOf) };
  const before = 'mint IN {mints:Array(String)} AND round < transform(mint, {mints:Array(String)}, {firsts:Array(UInt32)}, toUInt32(0))';
  const spent = await olap.query<{ mint: string; spent: string }>(
    `SELECT mint, toString(sum(potSpent)) AS spent FROM ${REWARD_ROUNDS_TABLE} FINAL WHERE ${before} GROUP BY mint`,
    params,
  );
  const owed = await olap.query<{ mint: string; round: number; wallet: string; amount: string }>(
    `SELECT mint, round, wallet, toString(amount) AS amount FROM ${REWARD_OWED_TABLE} FINAL
     WHERE (mint, round) IN (SELECT mint, max(round) FROM ${REWARD_OWED_TABLE} WHERE ${before} GROUP BY mint)`,
    params,
  );
  const starts = new Map(mints.map((mint) => [mint, { round: 0, spent: 0n, owed: new Map<string, bigint>() }]));
  for (const row of spent) starts.get(row.mint)!.spent = BigInt(row.spent);
  for (const row of owed) {
    const start = starts.get(row.mint)!;
    start.round = row.round;
    if (row.wallet !== '') start.owed.set(row.wallet, BigInt(row.amount));
  }
  return starts;
}

async function derive(events: readonly LoggedEvent[], olap: Olap, serviceWallets: readonly string[]): Promise<ProjectedRows> {
  // The batch's rounds, in log order.
  const rounds = events.flatMap(({ event, offset }): OwedRound[] =>
    event.type === 'payout.round' ? [{ ...event.data, at: chainVersion(event.slot, offset) }] : [],
  );
  const coins = (await readRewardCoins(olap, [...new Set(rounds.map((round) => round.mint))])).filter((coin) => coin.mode === 'holder');
  if (coins.length === 0) return {};
  const mints = coins.map((coin) => coin.mint);
  const starts = await startsOf(olap, rounds, mints);
  const venues = new Map((await coinHolderFacts(olap, mints)).map((coin) => [coin.mint, coin.venues]));
  // The holders' share of every fee claim of each coin: what it put in the pot.
  const claims = await olap.query<{ mint: string; slot: string; logOffset: string; amount: string }>(
    `SELECT mint, slot, logOffset, toString(amount) AS amount FROM ${REWARD_POT_INCOME_TABLE} FINAL WHERE mint IN {mints:Array(String)}`,
    { mints },
  );
  const income = claims.map((row) => ({ mint: row.mint, at: chainVersion(Number(row.slot), BigInt(row.logOffset)), amount: BigInt(row.amount) }));
  const rows: Row<typeof rewardOwedTable>[] = [];
  const byWallet: Row<typeof walletOwedTable>[] = [];
  for (const coin of coins) {
    const progress = starts.get(coin.mint)!;
    const wallets = new Set(progress.owed.keys());
    // Every owner's balance at a slot a round counts at, read once per slot: a round's baseline is the snapshot of
    // the round before it.
    const atSlots = new Map<number, Promise<Map<string, bigint>>>();
    const ownersAt = (slot: number) => atSlots.get(slot) ?? atSlots.set(slot, ownerBalancesAt(olap, coin.mint, slot)).get(slot)!;
    const excluded = new Set([...venues.get(coin.mint)!, ...serviceWallets]);
    for (const round of rounds) {
      if (round.mint !== coin.mint || round.round <= progress.round) continue;
      let pot = -progress.spent;
      for (const claim of income) if (claim.mint === coin.mint && claim.at < round.at) pot += claim.amount;
      const [snapshot, baseline] = [await ownersAt(round.snapshotSlot), await ownersAt(round.baselineSlot ?? round.snapshotSlot)];
      const input = { pot, balancesAtSnapshot: snapshot, balancesAtBaseline: baseline, carried: progress.owed, minPayout: minPayout(coin.quoteMint), excluded };
      // Owed amounts are below the minimum payout and above zero (allocation.ts).
      progress.owed = allocateRound(input).owed;
      progress.spent += BigInt(round.potSpent);
      progress.round = round.round;
      rows.push({ mint: coin.mint, round: round.round, wallet: '', amount: '0' });
      for (const [wallet, amount] of progress.owed) {
        rows.push({ mint: coin.mint, round: round.round, wallet, amount: amount.toString() });
        wallets.add(wallet);
      }
    }
    for (const wallet of wallets) {
      const amount = (progress.owed.get(wallet) ?? 0n).toString();
      byWallet.push({ wallet, mint: coin.mint, round: progress.round, quoteMint: coin.quoteMint, amount });
    }
  }
  return { [rewardOwedTable.name]: rows, [walletOwedTable.name]: byWallet };
}

export function owedProjector(serviceWallets: readonly string[]): Projector {
  return {
    name: 'reward-owed',
    version: 2,
    settings: walletsKey(serviceWallets),
    tables: [rewardOwedTable, walletOwedTable],
    canHandle: ['payout.round'],
    handle: () => ({}),
    derive: (events, olap) => derive(events, olap, serviceWallets),
  };
}
