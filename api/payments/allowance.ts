// The free allowance (spec 8): a visitor may make `perMinute` requests in a minute that starts with its first
// request; past that, requests are refused until the minute is up (or paid for). Counted in this process's memory:
// behind a load balancer each API process counts the requests it sees. The state of a visitor's allowance is
// published on every response with the IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers):
// `RateLimit-Policy: free;q=<perMinute>;w=60` and `RateLimit: free;r=<remaining>;t=<seconds until the reset>`.
const WINDOW_MS = 60_000;

export interface AllowanceUse {
  /** The request is past the allowance. */
  exceeded: boolean;
  remaining: number;
  /** Whole seconds until the visitor's minute is up (Retry-After on a refusal). */
  resetSeconds: number;
}

export class Allowance {
  /** The RateLimit-Policy field value. */
  readonly policy: string;
  private readonly windows = new Map<string, { start: number; count: number }>();
  private nextSweep = 0;

  constructor(readonly perMinute: number) {
    this.policy = `free;q=${perMinute};w=${WINDOW_MS / 1000}`;
  }

  /** Count one request of `visitor` at `now` (epoch ms). */
  take(visitor: string, now: number): AllowanceUse {
    if (now >= this.nextSweep) this.sweep(now);
    let window = this.windows.get(visitor);
    if (window === undefined || now - window.start >= WINDOW_MS) this.windows.set(visitor, (window = { start: now, count: 0 }));
    window.count++;
    return {
      exceeded: window.count > this.perMinute,
      remaining: Math.max(0, this.perMinute - window.count),
      resetSeconds: Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000)),
    };
  }

  /** The RateLimit field value for a use. */
  field(use: AllowanceUse): string {
    return `free;r=${use.remaining};t=${use.resetSeconds}`;
  }

  /** Forget visitors whose minute is over, once a minute. */
  private sweep(now: number): void {
    for (const [visitor, window] of this.windows) if (now - window.start >= WINDOW_MS) this.windows.delete(visitor);
    this.nextSweep = now + WINDOW_MS;
  }
}
