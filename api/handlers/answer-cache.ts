// The one cache of read answers, shared by HTTP and MCP. Key: the route and its normalised parameters. Value: the
// answer's JSON as its response schema checked it (UTF-8: HTTP sends it as it is, MCP wraps it once and keeps that
// beside it). An answer is dropped when a source it was made from changes, as the live feed announces it (a view's
// or a table's coins: api/views/live-views.ts), or, made from sources nothing announces (the operational store,
// the health scorer), once it is older than its source allows. Askers of a key share one computation; when its
// sources change while it runs, those askers still get it, it is not kept, and later askers get a new one. The
// bytes kept are bounded: the answers asked for least recently go first.
import type { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import type { TouchedCoins } from '../views/view.js';

/** A source an answer is made from: every coin of it, or one coin's part (which changes with the whole too). */
export interface Dependency {
  source: string;
  coin?: string;
}

export interface AnswerSources {
  on: readonly Dependency[];
  /** For answers of sources nothing announces: kept this long at most. */
  maxAgeMs?: number;
}

/** An answer as it is sent. */
export class Answer {
  private wrappedJson: Buffer | null = null;
  constructor(readonly json: Buffer) {}

  /** The answer as MCP sends it, made by `wrap` from the JSON on first use. */
  mcp(wrap: (json: Buffer) => Buffer): Buffer {
    this.wrappedJson ??= wrap(this.json);
    return this.wrappedJson;
  }
}

interface Entry {
  answer: Answer;
  at: number;
  maxAgeMs: number | undefined;
  deps: readonly Dependency[];
  bytes: number;
}

interface Running {
  answer: Promise<Answer>;
  deps: readonly Dependency[];
  stale: boolean;
}

/** The key of a route's answer for its parameters, whatever order they were given in. */
export function answerKey(route: string, params: Readonly<Record<string, unknown>> = {}): string {
  return `${route}\n${JSON.stringify(
    Object.keys(params)
      .sort()
      .map((name) => [name, params[name]]),
  )}`;
}

/** What an entry costs besides its JSON: its record, its index entries and the MCP copy that may join it. */
const ENTRY_BYTES = 300;

/** The answer `value` as its `schema` checks it, as JSON; a value the schema refuses is a fault of the code. */
export function encodeAnswer(schema: z.ZodType, value: unknown): Buffer {
  const checked = safeParse(schema, value);
  if (checked.error) throw new Error(`an answer does not fit its schema: ${checked.error.message}`);
  return Buffer.from(JSON.stringify(checked.data));
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly running = new Map<string, Running>();
  /** Keys by source: those made from all of it, and those made from one coin of it. */
  private readonly index = new Map<string, { all: Set<string>; coins: Map<string, Set<string>> }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The answer kept for `key`, else computed by `compute` (and kept when its sources did not change meanwhile). */
  get(key: string, sources: AnswerSources, schema: z.ZodType, compute: () => unknown): Promise<Answer> {
    const entry = this.entries.get(key);
    if (entry !== undefined && (entry.maxAgeMs === undefined || Date.now() - entry.at < entry.maxAgeMs)) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return Promise.resolve(entry.answer);
    }
    const running = this.running.get(key);
    if (running !== undefined) return running.answer;
    if (entry !== undefined) this.drop(key);
    const at = Date.now();
    for (const dep of sources.on) this.indexed(key, dep);
    const started: Running = {
      answer: Promise.resolve().then(async () => new Answer(encodeAnswer(schema, await compute()))),
      deps: sources.on,
      stale: false,
    };
    this.running.set(key, started);
    const done = () => {
      if (this.running.get(key) === started) this.running.delete(key);
    };
    started.answer.then(
      (answer) => {
        done();
        if (started.stale) return;
        const kept = { answer, at, maxAgeMs: sources.maxAgeMs, deps: sources.on, bytes: ENTRY_BYTES + key.length + answer.json.length };
        this.entries.set(key, kept);
        this.bytes += kept.bytes;
        this.evict();
      },
      () => {
        done();
        if (!started.stale) this.unindex(key, sources.on);
      },
    );
    return started.answer;
  }

  /** `coins` of `source` changed (null: all of it): drops every answer made from them. */
  invalidate(source: string, coins: TouchedCoins): void {
    const keys = this.index.get(source);
    if (keys === undefined) return;
    const hit = new Set(keys.all);
    if (coins === null) for (const byCoin of keys.coins.values()) for (const key of byCoin) hit.add(key);
    else for (const coin of coins) for (const key of keys.coins.get(coin) ?? []) hit.add(key);
    for (const key of hit) {
      const running = this.running.get(key);
      if (running !== undefined) {
        // Its askers have it; an asker from now on gets one made after the change.
        running.stale = true;
        this.running.delete(key);
        this.unindex(key, running.deps);
      }
      this.drop(key);
    }
  }

  /** Bytes of the answers kept. */
  get size(): number {
    return this.bytes;
  }

  private indexed(key: string, dep: Dependency): void {
    let keys = this.index.get(dep.source);
    if (keys === undefined) this.index.set(dep.source, (keys = { all: new Set(), coins: new Map() }));
    if (dep.coin === undefined) keys.all.add(key);
    else {
      let byCoin = keys.coins.get(dep.coin);
      if (byCoin === undefined) keys.coins.set(dep.coin, (byCoin = new Set()));
      byCoin.add(key);
    }
  }

  private unindex(key: string, deps: readonly Dependency[]): void {
    for (const dep of deps) {
      const keys = this.index.get(dep.source);
      if (keys === undefined) continue;
      if (dep.coin === undefined) keys.all.delete(key);
      else {
        const byCoin = keys.coins.get(dep.coin);
        byCoin?.delete(key);
        if (byCoin?.size === 0) keys.coins.delete(dep.coin);
      }
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    if (!this.running.has(key)) this.unindex(key, entry.deps);
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      this.drop(key);
    }
  }
}
