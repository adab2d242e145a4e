// A seeded random source for the API bench's dataset and request mix: the same seed gives the same store and the
// same requests. mulberry32, plus the few distributions the dataset needs (heavy-tailed picks, log-normal sizes).

export class BenchRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** exp(N(mu, sigma)): sizes with a long right tail. */
  logNormal(mu: number, sigma: number): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.exp(mu + sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
  }
}

/** Index picks where index i has weight 1 / (i + 1)^exponent: a few indices get most picks. */
export class ZipfPicker {
  private readonly cumulative: Float64Array;

  constructor(size: number, exponent: number) {
    this.cumulative = new Float64Array(size);
    let total = 0;
    for (let i = 0; i < size; i++) this.cumulative[i] = total += 1 / (i + 1) ** exponent;
    for (let i = 0; i < size; i++) this.cumulative[i]! /= total;
  }

  /** Share of all picks that index i gets. */
  share(i: number): number {
    return this.cumulative[i]! - (i === 0 ? 0 : this.cumulative[i - 1]!);
  }

  pick(random: BenchRandom): number {
    const u = random.next();
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
