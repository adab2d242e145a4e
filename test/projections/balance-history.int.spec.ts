// Owners' balances at payout slots (balance-buckets.ts) on a chDB store, given a random balance history of two coins
// (accounts changing hands, emptied and refilled, several changes a slot): a history that reads round after round,
// each from the accounts it kept at the round before, sees at every slot what the store's own reading at that slot
// gives (ownerBalancesAt); so does a batch asked again after later ones (read from the start).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import { balancesProjector } from '../../projections/balances/projector.js';
import { ownerBalancesAt } from '../../projections/balances/queries.js';
import { BALANCE_CHANGES_TABLE, balanceChangesTable } from '../../projections/balances/table.js';
import { BalanceHistory, type BalancesAtSlots, type BucketCoin } from '../../projections/rewards/balance-buckets.js';
import type { TokenBalanceChangedEvent } from '../../schemas/events/index.js';
import { seededRandom } from '../infra/seeded-random.js';
import { addr, balanceChanged } from './event-fixtures.js';

const MINTS = [addr(1), addr(2)];
const OWNERS = [addr(10), addr(11), addr(12), addr(13)];
const LAST_SLOT = 60;

/** A seeded history: each slot a few changes of a few accounts of each coin, owners switching now and then. */
function history(seed: number): TokenBalanceChangedEvent[] {
  const next = seededRandom(seed).int;
  const events: TokenBalanceChangedEvent[] = [];
  const balances = new Map<string, bigint>();
  let tx = 0;
  for (let slot = 1; slot <= LAST_SLOT; slot++) {
    for (const [m, mint] of MINTS.entries()) {
      for (let k = 1 + next(3); k > 0; k--) {
        const account = 20 + m * 10 + next(6);
        const tokenAccount = addr(account);
        const pre = balances.get(tokenAccount) ?? 0n;
        const post = next(5) === 0 ? 0n : BigInt(1 + next(1_000));
        balances.set(tokenAccount, post);
        tx++;
        events.push(balanceChanged({ slot, tx, account: tx }, { mint, owner: OWNERS[next(OWNERS.length)]!, tokenAccount, pre, post }));
      }
    }
  }
  return events;
}

let dir: string;
let olap: Olap;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'launchtape-balance-history-'));
  olap = await openOlap({ dataDir: join(dir, 'olap') });
  await olap.exec(balanceChangesTable.ddl);
  const rows = balancesProjector.handle(history(7).map((event, i) => ({ event, offset: BigInt(i) })))[BALANCE_CHANGES_TABLE]!;
  await olap.insert(BALANCE_CHANGES_TABLE, rows);
  // Part of the history written twice, as a replayed batch leaves it.
  await olap.insert(BALANCE_CHANGES_TABLE, rows.slice(0, 40));
});

afterEach(async () => {
  await olap.close();
  rmSync(dir, { recursive: true, force: true });
});

async function read(history: BalanceHistory, store: Olap, slots: number[]): Promise<Map<string, BalancesAtSlots>> {
  const coins: BucketCoin[] = MINTS.map((mint) => ({ mint, slots, completeBefore: LAST_SLOT + 1 }));
  const byCoin = new Map<string, BalancesAtSlots>();
  await history.balancesAtSlots(store, coins, (mint, balances) => byCoin.set(mint, balances));
  return byCoin;
}

async function expectStoreReading(byCoin: Map<string, BalancesAtSlots>, slots: number[]): Promise<void> {
  for (const mint of MINTS) {
    for (const slot of slots) {
      const balances = byCoin.get(mint)!.get(slot)!;
      expect(balances.size, `${mint} has holders at ${slot}`).toBeGreaterThan(0);
      expect(balances, `${mint} at ${slot}`).toEqual(await ownerBalancesAt(olap, mint, slot));
    }
  }
}

describe('owners’ balances at payout slots', () => {
  it('given rounds read one after the other, each from the accounts kept at the round before, then every slot reads as the store does', async () => {
    const history = new BalanceHistory();
    const rounds = [[3], [3, 9], [9, 10], [10, 17, 25], [25, 26], [26, 40], [40, 60]];
    for (const slots of rounds) await expectStoreReading(await read(history, olap, slots), slots);
  });

  it('given a batch asked again after later ones, then it is read from the start and reads as the store does', async () => {
    const history = new BalanceHistory();
    await read(history, olap, [20, 30]);
    await expectStoreReading(await read(history, olap, [5, 12]), [5, 12]);
    await expectStoreReading(await read(history, olap, [12, 44]), [12, 44]);
  });
});
