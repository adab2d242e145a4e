// The one answer cache (api/handlers/answer-cache.ts): askers of a key share one computation and then the kept
// answer; a change of a source drops the answers made from it (all of it, or one coin's part) and no others; an
// answer whose sources change while it is computed reaches its askers but is not kept; failures are not kept; an
// answer of unannounced sources is made again past its age; the bytes kept stay under the bound, the least recently
// asked going first; an answer its schema refuses is a failure.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AnswerCache, answerKey } from '../../api/handlers/answer-cache.js';

const schema = z.object({ n: z.number() });

/** A computation that counts its runs; each run answers its number once released. */
function pending() {
  let runs = 0;
  const waiting: (() => void)[] = [];
  const compute = () => {
    const run = ++runs;
    return new Promise<{ n: number }>((resolve) => waiting.push(() => resolve({ n: run })));
  };
  const release = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  return { compute, release, runs: () => runs };
}

const json = (answer: { json: Buffer }) => JSON.parse(answer.json.toString());

describe('the answer cache', () => {
  it('makes one answer for askers at once, then hands out the kept one', async () => {
    const cache = new AnswerCache(1 << 20);
    const work = pending();
    const asked = [1, 2, 3].map(() => cache.get('k', { on: [{ source: 'board' }] }, schema, work.compute));
    await Promise.resolve();
    work.release();
    const answers = await Promise.all(asked);
    expect(new Set(answers).size).toBe(1);
    expect(work.runs()).toBe(1);
    expect(await cache.get('k', { on: [{ source: 'board' }] }, schema, work.compute)).toBe(answers[0]);
    expect(json(answers[0]!)).toEqual({ n: 1 });
  });

  it("drops on a change the answers of the whole source and of the coins changed, and keeps the other coins'", async () => {
    const cache = new AnswerCache(1 << 20);
    const runs = new Map<string, number>();
    const ask = (key: string, coin?: string) =>
      cache.get(key, { on: [{ source: 'trades', ...(coin === undefined ? {} : { coin }) }] }, schema, () => {
        runs.set(key, (runs.get(key) ?? 0) + 1);
        return { n: runs.get(key)! };
      });
    const [whole, a, b] = [await ask('whole'), await ask('a', 'A'), await ask('b', 'B')];
    cache.invalidate('other', null);
    expect(await ask('whole')).toBe(whole);
    expect(await ask('a', 'A')).toBe(a);
    cache.invalidate('trades', new Set(['A']));
    expect(await ask('a', 'A')).not.toBe(a);
    expect(await ask('whole')).not.toBe(whole);
    expect(await ask('b', 'B')).toBe(b);
    cache.invalidate('trades', null);
    expect(await ask('b', 'B')).not.toBe(b);
    expect(Object.fromEntries(runs)).toEqual({ whole: 2, a: 2, b: 2 });
  });

  it('hands an answer whose source changed while it was made to its askers, keeps it not, and makes a new one for later askers', async () => {
    const cache = new AnswerCache(1 << 20);
    const work = pending();
    const sources = { on: [{ source: 'board' }] };
    const early = cache.get('k', sources, schema, work.compute);
    await Promise.resolve();
    cache.invalidate('board', null);
    const late = cache.get('k', sources, schema, work.compute);
    await Promise.resolve();
    expect(work.runs()).toBe(2);
    work.release();
    expect(json(await late)).toEqual({ n: 2 });
    const again = cache.get('k', sources, schema, work.compute);
    expect(await again).toBe(await late);
    expect(work.runs()).toBe(2);
    expect(json(await early)).toEqual({ n: 1 });
  });

  it('keeps no failure, nor an answer its schema refuses', async () => {
    const cache = new AnswerCache(1 << 20);
    const sources = { on: [{ source: 'board' }] };
    await expect(
      cache.get('k', sources, schema, () => {
        throw new Error('store down');
      }),
    ).rejects.toThrow('store down');
    await expect(cache.get('k', sources, schema, () => ({ n: 'one' }) as never)).rejects.toThrow(/does not fit its schema/);
    expect(json(await cache.get('k', sources, schema, () => ({ n: 3 })))).toEqual({ n: 3 });
    expect(json(await cache.get('k', sources, schema, () => ({ n: 4 })))).toEqual({ n: 3 });
  });

  it('makes an answer of sources nothing announces again once it is older than they allow', async () => {
    const cache = new AnswerCache(1 << 20);
    let runs = 0;
    const ask = () => cache.get('k', { on: [], maxAgeMs: 30 }, schema, () => ({ n: ++runs }));
    const first = await ask();
    expect(await ask()).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(json(await ask())).toEqual({ n: 2 });
  });

  it('stays under its byte bound, dropping the answers asked for least recently', async () => {
    const big = z.object({ text: z.string() });
    // An answer here costs some 800 bytes: three fit under the bound, a fourth drops the one asked for least recently.
    const cache = new AnswerCache(3_000);
    const ask = (key: string) => cache.get(key, { on: [{ source: 's', coin: key }] }, big, () => ({ text: key.repeat(500) }));
    const [a, first] = [await ask('a'), await ask('b')];
    expect(await ask('a')).toBe(a); // a is now the most recent
    const c = await ask('c');
    await ask('d');
    expect(await ask('a')).toBe(a);
    expect(await ask('c')).toBe(c);
    const b = await ask('b');
    expect(b).not.toBe(first);
    expect(json(b).text).toHaveLength(500);
    cache.invalidate('s', new Set(['b']));
    expect(await ask('b')).not.toBe(b);
  });

  it('keys parameters whatever order they come in', () => {
    expect(answerKey('coins', { sort: 'newest', limit: 5 })).toBe(answerKey('coins', { limit: 5, sort: 'newest' }));
    expect(answerKey('coins', { limit: 5 })).not.toBe(answerKey('coins', { limit: 6 }));
  });
});
