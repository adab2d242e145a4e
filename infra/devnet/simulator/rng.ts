// Seeded pseudo-random numbers (sfc32) with serialisable state, and the distributions the
// simulator draws from: uniform, Bernoulli, heavy-tailed (Pareto) sizes, weighted picks.
export type RngState = [number, number, number, number];

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seedOrState: number | RngState) {
    if (typeof seedOrState === 'number') {
      this.a = 0x9e3779b9;
      this.b = 0x243f6a88;
      this.c = 0xb7e15162;
      this.d = seedOrState >>> 0;
      for (let i = 0; i < 15; i++) this.next();
    } else {
      [this.a, this.b, this.c, this.d] = seedOrState;
    }
  }

  get state(): RngState {
    return [this.a, this.b, this.c, this.d];
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Pareto-distributed value >= min with tail index alpha (smaller alpha, heavier tail), capped. */
  pareto(min: number, alpha: number, cap: number): number {
    return Math.min(cap, min / (1 - this.next()) ** (1 / alpha));
  }

  /** Poisson-distributed count with the given mean (Knuth; fine for small means). */
  poisson(mean: number): number {
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }

  /** A raw-unit bigint between min and max, heavy-tailed toward min. */
  amount(min: bigint, max: bigint, alpha = 1.3): bigint {
    const ratio = this.pareto(1, alpha, Number(max) / Number(min));
    const value = BigInt(Math.floor(Number(min) * ratio));
    return value < min ? min : value > max ? max : value;
  }
}
