// The Olap contract: what every analytics store (chDB, a ClickHouse server) must do the same way. Each spec
// file calls describeOlapContract with a target that can open the same store again (for persistence).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Olap } from '../../../infra/olap/olap.js';
import { OlapError } from '../../../infra/olap/olap-error.js';

export interface OlapContractTarget {
  /** Open the store under test; called again after close to check persistence. */
  open(): Promise<Olap>;
  /** Runs once after the suite (remove temp dirs, drop tables on a shared server). */
  cleanup?(): Promise<void>;
}

const U64_MAX = (1n << 64n) - 1n;
const U128_MAX = (1n << 128n) - 1n;
const I128_MIN = -(1n << 127n);
const I128_MAX = (1n << 127n) - 1n;

export function describeOlapContract(name: string, target: OlapContractTarget): void {
  describe(`Olap contract: ${name}`, () => {
    const suffix = `${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
    const t = (table: string) => `contract_${table}_${suffix}`;
    let olap: Olap;

    beforeAll(async () => {
      olap = await target.open();
    });
    afterEach(async () => {
      if (olap === undefined) olap = await target.open();
    });
    afterAll(async () => {
      for (const table of ['ddl', 'amounts', 'shapes', 'dedup', 'persist', 'sane']) await olap.exec(`DROP TABLE IF EXISTS ${t(table)}`);
      await olap.close();
      await target.cleanup?.();
    });

    it('runs DDL: create, describe, drop', async () => {
      await olap.exec(`CREATE TABLE ${t('ddl')} (id String, amount UInt64) ENGINE = MergeTree ORDER BY id`);
      const columns = await olap.query<{ name: string; type: string }>(`SELECT name, type FROM system.columns WHERE table = {table:String} ORDER BY position`, {
        table: t('ddl'),
      });
      expect(columns).toEqual([
        { name: 'id', type: 'String' },
        { name: 'amount', type: 'UInt64' },
      ]);
      await olap.exec(`DROP TABLE ${t('ddl')}`);
      expect(await olap.query(`SELECT name FROM system.tables WHERE name = {table:String}`, { table: t('ddl') })).toEqual([]);
    });

    it('round-trips UInt64, UInt128 and Int128 values as strings exact to the last unit', async () => {
      await olap.exec(
        `CREATE TABLE ${t('amounts')} (id String, u64 UInt64, u128 UInt128, i128 Int128, at DateTime64(3, 'UTC'), tags Array(String), note Nullable(String), flag Bool) ENGINE = MergeTree ORDER BY id`,
      );
      await olap.insert(t('amounts'), [
        {
          id: 'max',
          u64: U64_MAX.toString(),
          u128: U128_MAX.toString(),
          i128: I128_MAX.toString(),
          at: '2024-02-29 23:59:59.999',
          tags: ['a', 'b'],
          note: null,
          flag: true,
        },
        { id: 'min', u64: 0n, u128: 1n, i128: I128_MIN, at: '1970-01-01 00:00:00.000', tags: [], note: 'untrusted "text"\n', flag: false },
        {
          id: 'odd',
          u64: 9007199254740993n,
          u128: (1n << 64n) + 1n,
          i128: -(1n << 64n) - 1n,
          at: '2025-06-01 12:00:00.001',
          tags: ['x'],
          note: '',
          flag: true,
        },
      ]);
      const rows = await olap.query(`SELECT * FROM ${t('amounts')} ORDER BY id`);
      expect(rows).toEqual([
        {
          id: 'max',
          u64: U64_MAX.toString(),
          u128: U128_MAX.toString(),
          i128: I128_MAX.toString(),
          at: '2024-02-29 23:59:59.999',
          tags: ['a', 'b'],
          note: null,
          flag: true,
        },
        { id: 'min', u64: '0', u128: '1', i128: I128_MIN.toString(), at: '1970-01-01 00:00:00.000', tags: [], note: 'untrusted "text"\n', flag: false },
        {
          id: 'odd',
          u64: '9007199254740993',
          u128: '18446744073709551617',
          i128: '-18446744073709551617',
          at: '2025-06-01 12:00:00.001',
          tags: ['x'],
          note: '',
          flag: true,
        },
      ]);
      const [sums] = await olap.query<{ total: string }>(`SELECT toString(sum(toUInt256(u128))) AS total FROM ${t('amounts')}`);
      expect(sums?.total).toBe((U128_MAX + 1n + (1n << 64n) + 1n).toString());
    });

    it('binds parameters of every type the projections and queries use', async () => {
      const [row] = await olap.query(
        `SELECT {s:String} AS s, {u32:UInt32} AS u32, {u64:UInt64} AS u64, {u128:UInt128} AS u128, {i128:Int128} AS i128,
                {at:DateTime64(3, 'UTC')} AS at, {list:Array(String)} AS list, {maybe:Nullable(String)} AS maybe, {yes:Bool} AS yes,
                {n:Int64} AS n`,
        {
          s: "it's; DROP TABLE x",
          u32: 4_294_967_295,
          u64: U64_MAX,
          u128: U128_MAX.toString(),
          i128: I128_MIN,
          at: '2024-01-02 03:04:05.678',
          list: ['a', "b'c"],
          maybe: null,
          yes: true,
          n: -5,
        },
      );
      expect(row).toEqual({
        s: "it's; DROP TABLE x",
        u32: 4_294_967_295,
        u64: U64_MAX.toString(),
        u128: U128_MAX.toString(),
        i128: I128_MIN.toString(),
        at: '2024-01-02 03:04:05.678',
        list: ['a', "b'c"],
        maybe: null,
        yes: true,
        n: '-5',
      });
    });

    it('inserts rows that name their columns in any order or leave some out: a missing column takes its default', async () => {
      await olap.exec(
        `CREATE TABLE ${t('shapes')} (id String, amount UInt128 DEFAULT 7, note Nullable(String), tags Array(String)) ENGINE = MergeTree ORDER BY id`,
      );
      await olap.insert(t('shapes'), [
        { id: 'a', amount: 1n, note: 'x\ty\n"z"', tags: ['p', 'q'] },
        { tags: [], note: null, id: 'b', amount: U128_MAX },
        { id: 'c' },
        { id: 'd', amount: undefined, note: undefined },
      ]);
      expect(await olap.query(`SELECT id, amount, note, tags FROM ${t('shapes')} ORDER BY id`)).toEqual([
        { id: 'a', amount: '1', note: 'x\ty\n"z"', tags: ['p', 'q'] },
        { id: 'b', amount: U128_MAX.toString(), note: null, tags: [] },
        { id: 'c', amount: '7', note: null, tags: [] },
        { id: 'd', amount: '7', note: null, tags: [] },
      ]);
    });

    it('deduplicates a ReplacingMergeTree under FINAL, keeping the highest version', async () => {
      await olap.exec(`CREATE TABLE ${t('dedup')} (id String, version UInt64, amount UInt128) ENGINE = ReplacingMergeTree(version) ORDER BY id`);
      await olap.insert(t('dedup'), [
        { id: 'a', version: 1, amount: '10' },
        { id: 'b', version: 1, amount: '20' },
      ]);
      await olap.insert(t('dedup'), [{ id: 'a', version: 2, amount: '11' }]);
      await olap.insert(t('dedup'), [
        { id: 'a', version: 1, amount: '10' },
        { id: 'b', version: 1, amount: '20' },
      ]);
      expect(await olap.query(`SELECT id, amount FROM ${t('dedup')} FINAL ORDER BY id`)).toEqual([
        { id: 'a', amount: '11' },
        { id: 'b', amount: '20' },
      ]);
      const [totals] = await olap.query<{ total: string }>(`SELECT sum(amount) AS total FROM ${t('dedup')} FINAL`);
      expect(totals?.total).toBe('31');
    });

    it('keeps tables and rows after close and reopen', async () => {
      await olap.exec(`CREATE TABLE ${t('persist')} (id String, amount UInt128) ENGINE = ReplacingMergeTree ORDER BY id`);
      await olap.insert(t('persist'), [{ id: 'kept', amount: U128_MAX }]);
      await olap.close();
      olap = await target.open();
      expect(await olap.query(`SELECT * FROM ${t('persist')} FINAL`)).toEqual([{ id: 'kept', amount: U128_MAX.toString() }]);
    });

    it('rejects bad SQL with a clear error and stays usable', async () => {
      await expect(olap.query('SELEC 1')).rejects.toThrow(OlapError);
      await expect(olap.query('SELEC 1')).rejects.toThrow(/Syntax error.*\[statement: SELEC 1\]/s);
      await expect(olap.exec(`INSERT INTO ${t('missing')} VALUES (1)`)).rejects.toThrow(/UNKNOWN_TABLE|does not exist/);
      await expect(olap.insert(t('missing'), [{ id: 'x' }])).rejects.toThrow(OlapError);
      await expect(olap.insert('bad name; DROP', [{ id: 'x' }])).rejects.toThrow(/not a plain table name/);
      await expect(olap.query('SELECT {n:UInt8} AS n', {})).rejects.toThrow(OlapError);
      expect(await olap.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    });

    it('answers concurrent calls, each with its own result', async () => {
      await olap.exec(`CREATE TABLE ${t('sane')} (id UInt32) ENGINE = MergeTree ORDER BY id`);
      const work = Array.from({ length: 24 }, (_, i) =>
        i % 3 === 0
          ? olap.insert(t('sane'), [{ id: i }]).then(() => i)
          : olap.query<{ v: number }>('SELECT {v:UInt32} AS v', { v: i }).then((rows) => rows[0]?.v),
      );
      expect(await Promise.all(work)).toEqual(Array.from({ length: 24 }, (_, i) => i));
      expect(await olap.query(`SELECT count() AS n FROM ${t('sane')}`)).toEqual([{ n: '8' }]);
    });
  });
}
