// The decoded-event validation must answer exactly as the catalog's safeParseEvent: the same parsed output (byte
// for byte once serialised), the same verdict and messages for broken events, the same exceptions; and the fast
// base58 predicates and id builders must agree with the originals on valid and invalid text alike.
import { isAddress, isSignature } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeContext, decodeTransaction, type EventDraft } from '../../../ingest/decoders/index.js';
import * as fastIds from '../../../ingest/decoders/event-ids.js';
import { KnownCoins } from '../../../ingest/known-coins/known-coins.js';
import { isAddressFast, isEventIdFast, isSignatureFast } from '../../../ingest/validation/base58-checks.js';
import { validateDecodedEvent } from '../../../ingest/validation/event-validation.js';
import * as catalog from '../../../schemas/events/index.js';
import { CONFIG } from '../chain-fixture.js';
import { decodedRun, type DecodedRun } from '../decoded-run.js';

let run: DecodedRun;
let drafts: EventDraft[];

beforeAll(async () => {
  run = await decodedRun(5, 140);
  const ctx = decodeContext(CONFIG, new KnownCoins());
  drafts = run.raws.flatMap((raw) => decodeTransaction(raw, ctx));
});

afterAll(async () => {
  await run?.devnet.stop();
});

/** An outcome comparable across the two validators: the serialised event, the error text, or the exception. */
function outcome(validate: (input: unknown) => catalog.SafeParseEventResult, input: unknown): string {
  try {
    const result = validate(input);
    return result.success ? `ok ${JSON.stringify(result.data)}` : `invalid ${result.error.message}`;
  } catch (error) {
    return `threw ${(error as Error).message}`;
  }
}

/** Deterministic pseudo-random numbers. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

describe('decoded-event validation', () => {
  it('serialises every decoded event exactly as safeParseEvent does', () => {
    expect(drafts.length).toBeGreaterThan(500);
    expect(new Set(drafts.map((draft) => draft.type)).size).toBeGreaterThanOrEqual(10);
    for (const draft of drafts) expect(outcome(validateDecodedEvent, draft)).toBe(outcome(catalog.safeParseEvent, draft));
  });

  it('refuses broken events with the same messages (or throws the same)', () => {
    const next = random(11);
    const breakages: ((event: Record<string, unknown>, data: Record<string, unknown>) => void)[] = [
      (event) => (event.signature = `${String(event.signature).slice(0, -1)}0`),
      (event) => (event.signature = String(event.signature).slice(0, 40)),
      (event) => (event.id = `${String(event.id)}:x:y`),
      (event) => (event.id = String(event.id).replace(/:.*/, ':01')),
      (event) => (event.id = `${'1'.repeat(64)}${String(event.id).slice(String(event.id).indexOf(':'))}`),
      (event) => (event.network = 'Not A Network'),
      (event) => (event.extra = 1),
      (event) => (event.v = 2),
      (_, data) => (data.mint = `${String(data.mint).slice(0, 31)}`),
      (_, data) => (data.mint = `${String(data.mint).slice(0, -1)}l`),
      (_, data) => (data.mint = '1'.repeat(45)),
      (_, data) => (data.unknown = true),
      (_, data) => {
        const key = Object.keys(data)[Math.floor(next() * Object.keys(data).length)]!;
        data[key] = typeof data[key] === 'string' ? `${data[key] as string}!` : 'text';
      },
    ];
    let refused = 0;
    for (const draft of drafts.filter((_, i) => i % 7 === 0)) {
      for (const breakage of breakages) {
        const broken = structuredClone(draft) as unknown as Record<string, unknown>;
        breakage(broken, broken.data as Record<string, unknown>);
        const expected = outcome(catalog.safeParseEvent, broken);
        if (!expected.startsWith('ok')) refused++;
        expect(outcome(validateDecodedEvent, broken)).toBe(expected);
      }
    }
    expect(refused).toBeGreaterThan(500);
  });

  it('base58 predicates agree with the originals', () => {
    const next = random(3);
    const text = (length: number, alphabet: string) => Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    const verdict = (check: (value: string) => boolean, value: string): string => {
      try {
        return String(check(value));
      } catch (error) {
        return `threw ${(error as Error).message}`;
      }
    };
    const samples = [
      ...run.raws.slice(0, 200).flatMap((raw) => [raw.signature, ...raw.accountKeys]),
      '1'.repeat(32),
      '1'.repeat(44),
      '1'.repeat(64),
      'z'.repeat(44),
      'z'.repeat(45),
      'z'.repeat(88),
      '',
    ];
    for (let i = 0; i < 3_000; i++) samples.push(text(28 + Math.floor(next() * 64), i % 10 === 0 ? `${BASE58}0OIl:` : BASE58));
    for (const value of samples) {
      expect(verdict(isAddressFast, value)).toBe(verdict(isAddress, value));
      expect(verdict(isSignatureFast, value)).toBe(verdict(isSignature, value));
    }
    const tails = [':0', ':3.1', ':2:fee-split', ':bal:4', ':memo:0', ':01', ':1.', ':bal', ':bal:x', ':x:y:z', ':Bad:1', '::', ''];
    for (const signature of samples.slice(0, 300)) {
      for (const tail of tails) expect(isEventIdFast(signature + tail)).toBe(catalog.isEventId(signature + tail));
    }
  });

  it('builds the same event ids as the catalog, and refuses the same', () => {
    const attempt = (build: () => string): string => {
      try {
        return build();
      } catch (error) {
        return `threw ${(error as Error).name}: ${(error as Error).message}`;
      }
    };
    const signatures = [run.raws[0]!.signature, run.raws[1]!.signature, 'not-a-signature', '0'.repeat(64), '1'.repeat(89)];
    for (const signature of signatures) {
      for (const path of [{ index: 0 }, { index: 2, inner: 3 }, { index: -1 }, { index: 1.5, inner: null }]) {
        for (const part of [undefined, 'trade', 'Bad Part']) {
          expect(attempt(() => fastIds.instructionEventId(signature, path, part))).toBe(attempt(() => catalog.instructionEventId(signature, path, part)));
        }
      }
      for (const [fact, index] of [
        ['bal', 3],
        ['payout', 0],
        ['Bad', 1],
        ['memo', -2],
      ] as const) {
        expect(attempt(() => fastIds.factEventId(signature, fact, index))).toBe(attempt(() => catalog.factEventId(signature, fact, index)));
      }
      expect(attempt(() => fastIds.tokenBalanceEventId(signature, 7))).toBe(attempt(() => catalog.tokenBalanceEventId(signature, 7)));
      expect(attempt(() => fastIds.lamportBalanceEventId(signature, 7))).toBe(attempt(() => catalog.lamportBalanceEventId(signature, 7)));
      expect(attempt(() => fastIds.memoEventId(signature, 7))).toBe(attempt(() => catalog.memoEventId(signature, 7)));
    }
  });
});
