// Client addresses for X-Forwarded-For, so the free allowance sees many visitors instead of the one address the
// bench connects from. Handed out in turn, so at R requests a second each visitor makes 60·R/size requests a minute:
// the default 65,536 stay under the allowance's 120 up to about 130,000 requests a second, far above what one
// process serves here. Each pool takes its addresses from its own /8, so two pools never share a visitor.
export const VISITOR_POOL_SIZE = 65_536;

export class VisitorPool {
  private cursor = 0;

  constructor(
    private readonly firstOctet: number,
    readonly size = VISITOR_POOL_SIZE,
  ) {
    if (size > 1 << 24) throw new Error('a visitor pool holds at most 2^24 addresses (one /8)');
  }

  /** The next visitor's IPv4 address. */
  next(): string {
    const i = this.cursor;
    this.cursor = (i + 1) % this.size;
    return `${this.firstOctet}.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  }

  /** Requests a second at which each visitor would reach `perMinute` requests a minute. */
  rateLimit(perMinute: number): number {
    return (perMinute * this.size) / 60;
  }
}
