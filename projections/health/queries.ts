// The health read model's statements: a coin's latest check as stored (levels and the grade are derived by the reader,
// signals.ts), and what the scorer reads for a batch of coins from the read models (coins, trades, balances and their
// history, mint facts), as the pure signal functions take it: a handful of queries per batch, each narrowed to the
// batch's mints and to the rows a signal can use (the sniper window, the creator's trades, the slots where wallets
// traded against each other), so a coin's full trade history is never pulled.
import type { Olap } from '../../infra/olap/olap.js';
import { BALANCE_CHANGES_TABLE } from '../balances/table.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../coins/table.js';
import { coinHolderFacts, holderBalances } from '../holders/queries.js';
import { TRADES_TABLE } from '../trades/table.js';
import { SNIPER_WINDOW_SLOTS, type HealthContext, type HealthFacts, type HealthSignals } from './signals.js';
import { COIN_HEALTH_TABLE, COIN_MINT_FACTS_TABLE, type MintFactsRow } from './table.js';

/** The latest check of `mint`; undefined before its first. */
export async function latestHealthCheck(olap: Olap, mint: string): Promise<{ checkedAt: Date; signals: HealthSignals; context: HealthContext } | undefined> {
  const [row] = await olap.query<{ checkedMs: string; signals: string; context: string }>(
    `SELECT toString(toUnixTimestamp64Milli(checkedAt)) AS checkedMs, signals, context FROM ${COIN_HEALTH_TABLE} FINAL WHERE mint = {mint:String} LIMIT 1`,
    { mint },
  );
  return row && { checkedAt: new Date(Number(row.checkedMs)), signals: JSON.parse(row.signals), context: JSON.parse(row.context) };
}

type TradeRow = { mint: string; slot: string; signature: string; trader: string; side: 'buy' | 'sell'; coinAmount: string; early: number; crossSlot: number };

const tradeOf = ({ slot, signature, trader, side, coinAmount }: TradeRow) => ({ slot: Number(slot), signature, trader, side, coinAmount: BigInt(coinAmount) });

/** The facts of each coin in `mints` that exists. */
export async function healthInputs(olap: Olap, mints: readonly string[], serviceWallets: readonly string[]) {
  const coins = await coinHolderFacts(olap, mints);
  const params = { mints: coins.map((coin) => coin.mint) };
  // One statement at a time: with the embedded store every statement queues behind the one before, so reads
  // of the API wait for one of these at most, never for a whole batch.
  const balances = await holderBalances(olap, coins, serviceWallets);
  // The trades of HealthFacts: `early` (the sniper window, every trade of the creator) and of a `crossSlot`.
  const trades = await olap.query<TradeRow>(
    `SELECT t.mint AS mint, toString(t.slot) AS slot, t.signature AS signature, t.trader AS trader, t.side AS side,
       toString(t.coinAmount) AS coinAmount, t.slot <= c.launchSlot + {window:UInt32} OR t.trader = c.creator AS early,
       (t.mint, t.slot) IN (
         SELECT mint, slot FROM ${TRADES_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint, slot
         HAVING countIf(side = 'buy') > 0 AND countIf(side = 'sell') > 0 AND uniqExact(trader) > 1
       ) AS crossSlot
     FROM ${TRADES_TABLE} AS t FINAL
     INNER JOIN (SELECT mint, launchSlot, creator FROM ${COINS_TABLE} FINAL WHERE mint IN {mints:Array(String)}) AS c ON c.mint = t.mint
     WHERE t.mint IN {mints:Array(String)} AND (early OR crossSlot)`,
    { ...params, window: SNIPER_WINDOW_SLOTS },
  );
  // Owners whose balance grew in a transaction in which the creator's balance fell (event ids of balance changes
  // start with the transaction's signature); recipients that are venues (a creator's sell) are left out later.
  const transfers = await olap.query<{ mint: string; recipient: string; amount: string }>(
    `SELECT mint, owner AS recipient, toString(sum(delta)) AS amount FROM ${BALANCE_CHANGES_TABLE} FINAL
     WHERE mint IN {mints:Array(String)} AND delta > 0 AND (mint, splitByChar(':', id)[1]) IN (
       SELECT mint, splitByChar(':', id)[1] FROM ${BALANCE_CHANGES_TABLE} FINAL
       WHERE mint IN {mints:Array(String)} AND delta < 0
         AND (mint, owner) IN (SELECT mint, creator FROM ${COINS_TABLE} FINAL WHERE mint IN {mints:Array(String)})
     )
     GROUP BY mint, owner`,
    params,
  );
  const creators = await olap.query<{ creator: string; coins: string[]; graduated: string[] }>(
    `SELECT c.creator AS creator, groupArray(c.mint) AS coins, groupArrayIf(c.mint, g.mint IS NOT NULL) AS graduated
     FROM ${COINS_TABLE} AS c FINAL
     LEFT JOIN (SELECT mint FROM ${COIN_GRADUATIONS_TABLE} FINAL) AS g ON g.mint = c.mint
     WHERE c.creator IN {creators:Array(String)}
     GROUP BY c.creator
     SETTINGS join_use_nulls = 1`,
    { creators: [...new Set(coins.map((coin) => coin.creator))] },
  );
  const authorities = await olap.query<MintFactsRow>(`SELECT * FROM ${COIN_MINT_FACTS_TABLE} FINAL WHERE mint IN {mints:Array(String)} AND known = 1`, params);
  return coins.map(({ mint, ...coin }) => {
    const mine = creators.find((row) => row.creator === coin.creator);
    const authority = authorities.find((row) => row.mint === mint);
    const facts: HealthFacts = {
      supply: coin.totalSupply,
      creator: coin.creator,
      launchSlot: coin.launchSlot,
      excluded: new Set([...coin.venues, ...serviceWallets]),
      balances: new Map(balances.filter((row) => row.mint === mint).map((row) => [row.owner, row.amount])),
      trades: trades.filter((row) => row.mint === mint && row.early).map(tradeOf),
      crossTrades: trades.filter((row) => row.mint === mint && row.crossSlot).map(tradeOf),
      creatorTransfers: transfers.filter((row) => row.mint === mint).map((row) => ({ to: row.recipient, amount: BigInt(row.amount) })),
      // Unknown (undefined) without a row: the launch event did not say.
      mintAuthority: authority?.mintAuthority,
      freezeAuthority: authority?.freezeAuthority,
    };
    const context: HealthContext = {
      holders: facts.balances.size,
      creatorOtherLaunches: (mine?.coins ?? []).filter((other) => other !== mint).length,
      creatorOtherGraduations: (mine?.graduated ?? []).filter((other) => other !== mint).length,
    };
    return { mint, facts, context };
  });
}
