// The `reward-owed` projector: what every holder is owed on a holder-mode coin after each payout round, written to
// reward_owed (table.ts) once the batch's rounds, pot income and balance changes are in the store, and by wallet
// after the coin's latest round to wallet_owed (0 for a wallet owed before the batch and nothing after). A round starts
// from what the coin's round before it left (read back from reward_owed) and is replayed with the keeper's rule
// (owed.ts) on the owners' balances at its snapshot and baseline slots (balance-buckets.ts). Everything it reads lies
// before the round in chain order, so a replayed batch derives the same rows.
//
// Service wallets are never counted as holders, so the rows depend on them: they are the projector's settings.
import type { Olap } from '../../infra/olap/olap.js';
import { walletsKey } from '../../schemas/config.js';
import type { LoggedEvent, Projector } from '../projector.js';
import { BalanceHistory } from './balance-buckets.js';
import { applyRound, type OwedProgress, type OwedRound, type PotIncome } from './owed.js';
import { readLatestOwed, readRewardCoins } from './queries.js';
import {
  REWARD_OWED_TABLE,
  REWARD_POT_INCOME_TABLE,
  REWARD_ROUNDS_TABLE,
  rewardOwedTable,
  WALLET_OWED_TABLE,
  walletOwedTable,
  type OwedRow,
  type WalletOwedRow,
} from './table.js';

/** Each coin's rounds of the batch, in log order. */
function roundsByCoin(events: readonly LoggedEvent[]): Map<string, OwedRound[]> {
  const byCoin = new Map<string, OwedRound[]>();
  for (const { event, offset } of events) {
    if (event.type !== 'payout.round') continue;
    const d = event.data;
    let rounds = byCoin.get(d.mint);
    if (rounds === undefined) byCoin.set(d.mint, (rounds = []));
    rounds.push({
      round: d.round,
      slot: event.slot,
      logOffset: offset,
      snapshotSlot: d.snapshotSlot,
      baselineSlot: d.baselineSlot,
      potSpent: BigInt(d.potSpent),
    });
  }
  return byCoin;
}

/** Where each coin's replay starts: the owed amounts its latest round written before `firsts` left, and what the
 * rounds before spent. */
async function startsOf(olap: Olap, mints: string[], firsts: number[]): Promise<Map<string, OwedProgress>> {
  const spent = await olap.query<{ mint: string; spent: string }>(
    `SELECT mint, toString(sum(potSpent)) AS spent FROM ${REWARD_ROUNDS_TABLE} FINAL
     WHERE mint IN {mints:Array(String)} AND round < transform(mint, {mints:Array(String)}, {firsts:Array(UInt32)}, toUInt32(0))
     GROUP BY mint`,
    { mints, firsts },
  );
  const spentBy = new Map(spent.map((row) => [row.mint, BigInt(row.spent)]));
  const owed = await readLatestOwed(olap, mints, firsts);
  return new Map(mints.map((mint) => [mint, { round: 0, owed: new Map<string, bigint>(), ...owed.get(mint), spent: spentBy.get(mint) ?? 0n }]));
}

/** The holders' share of every fee claim of each coin, in chain order. */
async function incomeOf(olap: Olap, mints: string[]): Promise<Map<string, PotIncome[]>> {
  const rows = await olap.query<{ mint: string; slot: string; logOffset: string; amount: string }>(
    `SELECT mint, slot, logOffset, toString(amount) AS amount FROM ${REWARD_POT_INCOME_TABLE} FINAL
     WHERE mint IN {mints:Array(String)} ORDER BY mint, slot, logOffset`,
    { mints },
  );
  const income = new Map<string, PotIncome[]>();
  for (const row of rows) {
    let list = income.get(row.mint);
    if (list === undefined) income.set(row.mint, (list = []));
    list.push({ slot: Number(row.slot), logOffset: BigInt(row.logOffset), amount: BigInt(row.amount) });
  }
  return income;
}

async function derive(
  events: readonly LoggedEvent[],
  olap: Olap,
  history: BalanceHistory,
  serviceWallets: readonly string[],
): Promise<{ owed: OwedRow[]; byWallet: WalletOwedRow[] }> {
  const byCoin = roundsByCoin(events);
  const coins = (await readRewardCoins(olap, [...byCoin.keys()])).filter((coin) => coin.mode === 'holder');
  if (coins.length === 0) return { owed: [], byWallet: [] };
  const mints = coins.map((coin) => coin.mint);
  const starts = await startsOf(
    olap,
    mints,
    mints.map((mint) => Math.min(...byCoin.get(mint)!.map((round) => round.round))),
  );
  const income = await incomeOf(olap, mints);
  const balances = new Map<string, Map<number, Map<string, bigint>>>();
  const slots = (rounds: OwedRound[]) => [...new Set(rounds.flatMap((r) => (r.baselineSlot === null ? [r.snapshotSlot] : [r.snapshotSlot, r.baselineSlot])))];
  await history.balancesAtSlots(
    olap,
    mints.map((mint) => ({
      mint,
      slots: slots(byCoin.get(mint)!).sort((a, b) => a - b),
      completeBefore: Math.max(...byCoin.get(mint)!.map((round) => round.slot)),
    })),
    (mint, atSlots) => balances.set(mint, atSlots),
  );
  const rows: OwedRow[] = [];
  const byWallet: WalletOwedRow[] = [];
  for (const coin of coins) {
    const progress = starts.get(coin.mint)!;
    const wallets = new Set(progress.owed.keys());
    const at = (slot: number) => balances.get(coin.mint)?.get(slot) ?? new Map<string, bigint>();
    const excluded = new Set([...coin.venues, ...serviceWallets]);
    for (const round of byCoin.get(coin.mint)!) {
      if (round.round <= progress.round) continue;
      const baseline = round.baselineSlot === null ? null : at(round.baselineSlot);
      applyRound(progress, { quoteMint: coin.quoteMint, excluded }, income.get(coin.mint) ?? [], round, at(round.snapshotSlot), baseline);
      rows.push({ mint: coin.mint, round: round.round, wallet: '', amount: '0' });
      for (const [wallet, amount] of progress.owed) {
        if (amount === 0n) continue;
        rows.push({ mint: coin.mint, round: round.round, wallet, amount: amount.toString() });
        wallets.add(wallet);
      }
    }
    for (const wallet of wallets) {
      const amount = (progress.owed.get(wallet) ?? 0n).toString();
      byWallet.push({ wallet, mint: coin.mint, round: progress.round, quoteMint: coin.quoteMint, amount });
    }
  }
  return { owed: rows, byWallet };
}

export function owedProjector(serviceWallets: readonly string[]): Projector {
  const history = new BalanceHistory();
  return {
    name: 'reward-owed',
    version: 2,
    settings: walletsKey(serviceWallets),
    tables: [rewardOwedTable, walletOwedTable],
    canHandle: ['payout.round'],
    handle: () => ({}),
    derive: async (events, olap) => {
      const { owed, byWallet } = await derive(events, olap, history, serviceWallets);
      return { [REWARD_OWED_TABLE]: owed, [WALLET_OWED_TABLE]: byWallet };
    },
  };
}
