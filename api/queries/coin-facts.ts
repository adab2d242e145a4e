// Every coin's facts (coin-sql.ts: the coin, its graduation, its latest market state) in memory for the coin board,
// the same array while the tables are unchanged. A change reads again only the coins whose rows it wrote (the read
// path's coin versions of graduations and markets; a trade rewrites its coin's market row), keeping every other
// coin's facts object; a change of the coins table (a launch) or of rows of no one coin reads every coin.
// Reads are one at a time, each starting from the state the one before left. Held as the read path's index.
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../../projections/coins/table.js';
import type { ReadPath } from '../../projections/read-path.js';
import { COIN_MARKETS_TABLE } from '../../projections/trades/table.js';
import { coinFacts, coinFactsSql, type CoinFacts, type CoinFactsSql } from './coin-sql.js';

export const FACT_TABLES = [COINS_TABLE, COIN_GRADUATIONS_TABLE, COIN_MARKETS_TABLE];
/** Past this share of coins written since the last read, every coin is read in one statement instead. */
const MOST_COINS = 0.25;

interface FactsState {
  /** The tables' versions, and the coins table's, as they were when this state was read. */
  marks: string;
  coinsMark: string;
  facts: CoinFacts[];
  /** Each coin's versions when its facts were read ('' when not known: read again at the next change). */
  coinMarks: Map<string, string>;
}

interface Keeper {
  state: FactsState | null;
  pending: { marks: string; read: Promise<FactsState> } | null;
}

async function readFull(reads: ReadPath, marks: string, coinsMark: string, before: FactsState | null): Promise<FactsState> {
  // Versions of the coins known so far are taken before the read; those of new coins after it, which hold only when
  // nothing was written meanwhile (else '': read again at the next change).
  const known = new Map(before?.facts.map((coin) => [coin.mint, reads.version(FACT_TABLES, coin.mint)]) ?? []);
  const facts = (await reads.olap.query<CoinFactsSql>(coinFactsSql())).map(coinFacts);
  const unchanged = reads.version(FACT_TABLES) === marks;
  const markOf = (mint: string) => known.get(mint) ?? (unchanged ? reads.version(FACT_TABLES, mint) : '');
  const coinMarks = new Map(facts.map((coin) => [coin.mint, markOf(coin.mint)]));
  const kept = new Map(before?.facts.map((coin) => [coin.mint, coin]) ?? []);
  return { marks, coinsMark, facts: facts.map((coin) => sameFacts(kept.get(coin.mint), coin) ?? coin), coinMarks };
}

/** `before` when it holds the same values as `after`. */
function sameFacts(before: CoinFacts | undefined, after: CoinFacts): CoinFacts | undefined {
  if (before === undefined) return undefined;
  for (const key of Object.keys(after) as (keyof CoinFacts)[]) {
    const x = before[key];
    const y = after[key];
    if (x === y) continue;
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length || x.some((item, i) => item !== y[i])) return undefined;
  }
  return before;
}

async function refresh(reads: ReadPath, before: FactsState | null): Promise<FactsState> {
  const marks = reads.version(FACT_TABLES);
  if (before !== null && before.marks === marks) return before;
  const coinsMark = reads.version([COINS_TABLE]);
  if (before === null || before.coinsMark !== coinsMark) return readFull(reads, marks, coinsMark, before);
  const coinMarks = new Map(before.coinMarks);
  const written: string[] = [];
  for (const coin of before.facts) {
    const now = reads.version(FACT_TABLES, coin.mint);
    if (now === before.coinMarks.get(coin.mint)) continue;
    written.push(coin.mint);
    coinMarks.set(coin.mint, now);
  }
  if (written.length === 0) return { ...before, marks };
  if (written.length > before.facts.length * MOST_COINS) return readFull(reads, marks, coinsMark, before);
  const read = new Map((await reads.olap.query<CoinFactsSql>(coinFactsSql(true), { mints: written })).map((row) => [row.mint, coinFacts(row)]));
  const facts = before.facts.flatMap((coin) => {
    if (!read.has(coin.mint)) return coinMarks.get(coin.mint) === before.coinMarks.get(coin.mint) ? [coin] : [];
    return [sameFacts(coin, read.get(coin.mint)!) ?? read.get(coin.mint)!];
  });
  return { marks, coinsMark, facts, coinMarks };
}

/** Every coin's facts, the same array (and each coin's the same object) while unchanged; never to be changed. */
export function allCoinFacts(reads: ReadPath): Promise<CoinFacts[]> {
  const marks = reads.version(FACT_TABLES);
  const own = reads.index<Keeper>('coin-facts', () => ({ state: null, pending: null }));
  if (own.state !== null && own.state.marks === marks) return Promise.resolve(own.state.facts);
  if (own.pending !== null && own.pending.marks === marks) return own.pending.read.then((state) => state.facts);
  const previous = own.pending?.read.catch(() => null) ?? Promise.resolve(null);
  const read = previous
    .then(() => refresh(reads, own.state))
    .then((state) => {
      own.state = state;
      return state;
    });
  const pending = { marks, read };
  own.pending = pending;
  const clear = () => {
    if (own.pending === pending) own.pending = null;
  };
  read.then(clear, clear);
  return read.then((state) => state.facts);
}
