// The operational store's contract: every implementation (embedded, remote) must pass it. Each test uses
// collections of its own, so one store per suite is enough.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineCollection,
  OpStoreConflictError,
  OpStoreError,
  OpStoreInvalidError,
  OpStoreNotFoundError,
  type OpStore,
} from '../../../infra/opstore/op-store.js';

export interface OpStoreContractTarget {
  open(): Promise<OpStore>;
}

const itemSchema = z.object({
  id: z.string(),
  name: z.string(),
  score: z.number().int().min(0).max(100),
  tags: z.array(z.string()),
  note: z.string().nullable(),
  createdAt: z.number().int(),
});
type Item = z.infer<typeof itemSchema>;

let collections = 0;
const freshItems = () => defineCollection(`items_${++collections}`, itemSchema);

const item = (id: string, fields: Partial<Item> = {}): Item => ({
  id,
  name: `Item ${id}`,
  score: 10,
  tags: [],
  note: null,
  createdAt: 1_000,
  ...fields,
});

export function describeOpStoreContract(name: string, target: OpStoreContractTarget): void {
  describe(`operational store contract: ${name}`, () => {
    let store: OpStore;
    beforeAll(async () => {
      store = await target.open();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('inserts and gets a record by id; an unknown id is null', async () => {
      const items = freshItems();
      const written = await store.insert(items, item('a', { tags: ['x', 'y'], note: 'n' }));
      expect(written).toEqual(item('a', { tags: ['x', 'y'], note: 'n' }));
      expect(await store.get(items, 'a')).toEqual(item('a', { tags: ['x', 'y'], note: 'n' }));
      expect(await store.get(items, 'b')).toBeNull();
    });

    it('refuses a second record with the same id and keeps the first', async () => {
      const items = freshItems();
      await store.insert(items, item('a', { name: 'first' }));
      await expect(store.insert(items, item('a', { name: 'second' }))).rejects.toBeInstanceOf(OpStoreConflictError);
      expect((await store.get(items, 'a'))?.name).toBe('first');
    });

    it('keeps collections apart: the same id in two collections is two records', async () => {
      const left = freshItems();
      const right = freshItems();
      await store.insert(left, item('same', { name: 'left' }));
      await store.insert(right, item('same', { name: 'right' }));
      expect((await store.get(left, 'same'))?.name).toBe('left');
      expect((await store.get(right, 'same'))?.name).toBe('right');
    });

    it('refuses records its schema refuses and nested objects', async () => {
      const items = freshItems();
      await expect(store.insert(items, item('a', { score: 101 }))).rejects.toBeInstanceOf(OpStoreInvalidError);
      const loose = defineCollection(`loose_${++collections}`, z.object({ id: z.string(), extra: z.unknown() }));
      await expect(store.insert(loose, { id: 'x', extra: { nested: 1 } })).rejects.toBeInstanceOf(OpStoreInvalidError);
      expect(await store.get(items, 'a')).toBeNull();
      expect(await store.get(loose, 'x')).toBeNull();
    });

    it('queries with filters, ordering and a limit', async () => {
      const items = freshItems();
      await store.insert(items, item('a', { name: 'Alpha Moon', score: 50, createdAt: 1 }));
      await store.insert(items, item('b', { name: 'Beta', score: 70, createdAt: 2, note: 'x' }));
      await store.insert(items, item('c', { name: 'gamma moon', score: 70, createdAt: 3 }));
      await store.insert(items, item('d', { name: 'Delta', score: 20, createdAt: 4 }));
      const ids = (rows: Item[]) => rows.map((row) => row.id);

      expect(
        ids(
          await store.query(items, {
            order: [
              ['score', 'DESC'],
              ['createdAt', 'DESC'],
            ],
          }),
        ),
      ).toEqual(['c', 'b', 'a', 'd']);
      expect(ids(await store.query(items, { order: [['createdAt', 'ASC']], limit: 2 }))).toEqual(['a', 'b']);
      expect(ids(await store.query(items, { where: [['score', '=', 70]], order: [['createdAt', 'ASC']] }))).toEqual(['b', 'c']);
      expect(ids(await store.query(items, { where: [['score', '!=', 70]], order: [['createdAt', 'ASC']] }))).toEqual(['a', 'd']);
      expect(
        ids(
          await store.query(items, {
            where: [
              ['score', '>', 20],
              ['score', '<', 70],
            ],
          }),
        ),
      ).toEqual(['a']);
      expect(
        ids(
          await store.query(items, {
            where: [
              ['score', '>=', 50],
              ['createdAt', '<=', 2],
            ],
            order: [['createdAt', 'ASC']],
          }),
        ),
      ).toEqual(['a', 'b']);
      expect(ids(await store.query(items, { where: [['id', 'in', ['a', 'd', 'zz']]], order: [['createdAt', 'ASC']] }))).toEqual(['a', 'd']);
      expect(ids(await store.query(items, { where: [['name', 'like', '%MOON%']], order: [['createdAt', 'ASC']] }))).toEqual(['a', 'c']);
      expect(ids(await store.query(items, { where: [['note', '=', null]], order: [['createdAt', 'ASC']] }))).toEqual(['a', 'c', 'd']);
      const either = {
        or: [
          ['name', 'like', 'delta'],
          ['note', '=', 'x'],
        ],
      } as const;
      expect(ids(await store.query(items, { where: [either], order: [['createdAt', 'ASC']] }))).toEqual(['b', 'd']);
      const both = {
        and: [
          ['score', '=', 70],
          ['name', 'like', '%moon'],
        ],
      } as const;
      expect(ids(await store.query(items, { where: [{ or: [both, ['id', '=', 'a']] }], order: [['createdAt', 'ASC']] }))).toEqual(['a', 'c']);
      await expect(store.query(items, { limit: 0 })).rejects.toBeInstanceOf(OpStoreError);
    });

    it('treats null as below every value in comparisons and ordering', async () => {
      const items = freshItems();
      await store.insert(items, item('a', { note: 'b' }));
      await store.insert(items, item('b', { note: null }));
      await store.insert(items, item('c', { note: 'a' }));
      const ids = (rows: Item[]) => rows.map((row) => row.id);
      expect(ids(await store.query(items, { where: [['note', '<', 'b']], order: [['id', 'ASC']] }))).toEqual(['b', 'c']);
      expect(ids(await store.query(items, { where: [['note', '>=', 'a']], order: [['id', 'ASC']] }))).toEqual(['a', 'c']);
      expect(ids(await store.query(items, { where: [['note', '!=', null]], order: [['id', 'ASC']] }))).toEqual(['a', 'c']);
      expect(ids(await store.query(items, { order: [['note', 'ASC']] }))).toEqual(['b', 'c', 'a']);
      expect(ids(await store.query(items, { order: [['note', 'DESC']] }))).toEqual(['a', 'c', 'b']);
    });

    it('updates fields: null clears, arrays are replaced whole, the rest is kept', async () => {
      const items = freshItems();
      await store.insert(items, item('a', { tags: ['x', 'y'], note: 'n', score: 5 }));
      const after = await store.update(items, 'a', { tags: ['z'], note: null });
      expect(after).toEqual(item('a', { tags: ['z'], note: null, score: 5 }));
      expect(await store.get(items, 'a')).toEqual(after);
      await expect(store.update(items, 'a', { score: 500 })).rejects.toBeInstanceOf(OpStoreInvalidError);
      await expect(store.update(items, 'missing', { score: 1 })).rejects.toBeInstanceOf(OpStoreNotFoundError);
      expect((await store.get(items, 'a'))?.score).toBe(5);
    });

    it('deletes a record; the id can be used again afterwards', async () => {
      const items = freshItems();
      await store.insert(items, item('a', { name: 'old', tags: ['t'] }));
      expect(await store.delete(items, 'a')).toBe(true);
      expect(await store.get(items, 'a')).toBeNull();
      expect(await store.query(items)).toEqual([]);
      expect(await store.delete(items, 'a')).toBe(false);
      await store.insert(items, item('a', { name: 'new' }));
      expect(await store.get(items, 'a')).toEqual(item('a', { name: 'new' }));
    });

    it('applies a transaction whole, or nothing of it when it throws', async () => {
      const items = freshItems();
      await store.insert(items, item('keep'));
      const result = await store.transact(async (tx) => {
        await tx.insert(items, item('a'));
        await tx.insert(items, item('b'));
        await tx.update(items, 'keep', { score: 99 });
        expect((await tx.get(items, 'a'))?.id).toBe('a');
        return 'done';
      });
      expect(result).toBe('done');
      expect((await store.query(items)).map((row) => row.id).sort()).toEqual(['a', 'b', 'keep']);
      expect((await store.get(items, 'keep'))?.score).toBe(99);

      await expect(
        store.transact(async (tx) => {
          await tx.insert(items, item('c'));
          await tx.delete(items, 'a');
          await tx.update(items, 'keep', { score: 1 });
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect((await store.query(items)).map((row) => row.id).sort()).toEqual(['a', 'b', 'keep']);
      expect((await store.get(items, 'keep'))?.score).toBe(99);
    });

    it('tells write listeners which collections a commit wrote, and nothing of a transaction that threw', async () => {
      const left = freshItems();
      const right = freshItems();
      const seen: string[] = [];
      const stop = store.onWrite((collection) => seen.push(collection));
      await store.insert(left, item('a'));
      await store.transact(async (tx) => {
        await tx.update(left, 'a', { score: 2 });
        await tx.insert(right, item('b'));
      });
      await store.transact(async (tx) => tx.get(left, 'a'));
      await store
        .transact(async (tx) => {
          await tx.insert(left, item('c'));
          throw new Error('no');
        })
        .catch(() => undefined);
      stop();
      await store.delete(left, 'a');
      expect(seen).toEqual([left.name, left.name, right.name]);
    });

    it('conditional writes hold under concurrency: at most 5 per key, once per key', async () => {
      const attempts = freshItems();
      const tryAttempt = (n: number) =>
        store.transact(async (tx) => {
          const taken = await tx.query(attempts, {
            where: [
              ['name', '=', 'wallet-1'],
              ['createdAt', '>=', 0],
            ],
          });
          if (taken.length >= 5) return false;
          await tx.insert(attempts, item(`attempt-${n}`, { name: 'wallet-1', createdAt: n }));
          return true;
        });
      const outcomes = await Promise.all(Array.from({ length: 12 }, (_, n) => tryAttempt(n)));
      expect(outcomes.filter(Boolean)).toHaveLength(5);
      expect(await store.query(attempts)).toHaveLength(5);

      const acceptances = freshItems();
      const accept = () =>
        store.insert(acceptances, item('wallet-1:v1')).then(
          () => 'accepted',
          (error: unknown) => (error instanceof OpStoreConflictError ? 'already' : Promise.reject(error)),
        );
      const answers = await Promise.all(Array.from({ length: 8 }, accept));
      expect(answers.filter((answer) => answer === 'accepted')).toHaveLength(1);
      expect(answers.filter((answer) => answer === 'already')).toHaveLength(7);
    });

    it("a second handle on the same store sees the first one's writes", async () => {
      const items = freshItems();
      await store.insert(items, item('shared', { score: 42 }));
      const other = await target.open();
      try {
        expect(await other.get(items, 'shared')).toEqual(item('shared', { score: 42 }));
      } finally {
        await other.close();
      }
    });
  });
}
