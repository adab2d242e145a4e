// A small seeded generator for property tests: reproducible integers, bytes and picks.
export interface SeededRandom {
  /** Integer in [0, n). */
  int(n: number): number;
  bytes(length: number): Uint8Array;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32: fast, deterministic, good enough to vary test inputs. */
export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    int,
    bytes: (length) => Uint8Array.from({ length }, () => int(256)),
    pick: (items) => items[int(items.length)]!,
    chance: (p) => next() < p,
  };
}
