// The one cache of read answers, shared by HTTP and MCP. Key: the route and its normalised parameters. Value: the
// answer's JSON as its response schema checked it (UTF-8: HTTP sends it as it is, MCP wraps it in its result). An
// answer is dropped when a source it was made from changes, as the live feed announces it (a view's or a table's
// coins: api/views/live-views.ts), or, made from sources nothing announces (the operational store, the health
// scorer), once it is older than its source allows. Askers of a key share one computation; when its sources change
// while it runs, those askers still get it, it is not kept, and later askers get a new one. The bytes kept are
// bounded: the answers asked for least recently go first.
import type { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import type { TouchedCoins } from '../views/live-views.js';

/** A source an answer is made from: every coin of it, or one coin's part (which changes with the whole too). */
export type Dependency = { source: string; coin?: string };

/** What an answer is made from; `maxAgeMs`, for sources nothing announces, is how long it is kept at most. */
export type Sources = { on: readonly Dependency[]; maxAgeMs?: number };

/** An answer as it is sent. */
export class Answer {
  constructor(readonly json: Buffer) {}
}

/** A key's answer, being made (`bytes` 0) or kept. */
type Slot = { answer: Promise<Answer>; deps: readonly Dependency[]; expires: number; bytes: number };

/** The key of a route's answer for its parameters, whatever order they were given in. */
export function answerKey(route: string, params: Readonly<Record<string, unknown>> = {}): string {
  const sorted = Object.keys(params).sort();
  return `${route}\n${JSON.stringify(sorted.map((name) => [name, params[name]]))}`;
}

/** What an entry costs besides its JSON and key: its record. */
const ENTRY_BYTES = 300;

export class AnswerCache {
  /** In the order last asked for, least recent first. */
  private readonly slots = new Map<string, Slot>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The answer kept for `key`, else computed by `compute` (and kept when its sources did not change meanwhile). */
  get<S extends z.ZodType>(key: string, sources: Sources, schema: S, compute: () => z.input<S> | Promise<z.input<S>>): Promise<Answer> {
    const slot = this.slots.get(key);
    if (slot !== undefined && (slot.bytes === 0 || Date.now() < slot.expires)) {
      this.slots.delete(key);
      this.slots.set(key, slot);
      return slot.answer;
    }
    this.drop(key);
    const made: Slot = {
      answer: Promise.resolve().then(async () => {
        // The answer as its schema checks it, as JSON; a value the schema refuses is a fault of the code.
        const checked = safeParse(schema, await compute());
        if (checked.error) throw new Error(`an answer does not fit its schema: ${checked.error.message}`);
        return new Answer(Buffer.from(JSON.stringify(checked.data)));
      }),
      deps: sources.on,
      expires: Date.now() + (sources.maxAgeMs ?? Number.POSITIVE_INFINITY),
      bytes: 0,
    };
    this.slots.set(key, made);
    made.answer.then(
      (answer) => {
        // Dropped meanwhile (its sources changed): its askers have it, later askers get one made after the change.
        if (this.slots.get(key) !== made) return;
        made.bytes = ENTRY_BYTES + key.length + answer.json.length;
        this.bytes += made.bytes;
        for (const [old, { bytes }] of this.slots) {
          if (this.bytes <= this.maxBytes) return;
          if (bytes > 0) this.drop(old);
        }
      },
      () => {
        if (this.slots.get(key) === made) this.drop(key);
      },
    );
    return made.answer;
  }

  /** `coins` of `source` changed (null: all of it): drops every answer made from them (of all the source, or of one
   * of those coins). */
  invalidate(source: string, coins: TouchedCoins): void {
    const hit = (dep: Dependency) => dep.source === source && (coins === null || dep.coin === undefined || coins.has(dep.coin));
    for (const [key, slot] of this.slots) if (slot.deps.some(hit)) this.drop(key);
  }

  private drop(key: string): void {
    this.bytes -= this.slots.get(key)?.bytes ?? 0;
    this.slots.delete(key);
  }
}
