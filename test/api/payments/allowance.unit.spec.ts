// The free allowance's counting and its RateLimit fields, the visitor an address counts as, and prices in dollars.
import { describe, expect, it } from 'vitest';
import { Allowance } from '../../../api/payments/allowance.js';
import { dollars } from '../../../api/payments/tiers.js';
import { visitorOf } from '../../../api/payments/visitor.js';

const T0 = Date.UTC(2030, 0, 1);

describe('the free allowance', () => {
  it('lets a visitor make its quota in a minute that starts with its first request, then refuses until it is up', () => {
    const allowance = new Allowance(3);
    expect(allowance.policy).toBe('free;q=3;w=60');
    const uses = [0, 1_000, 59_000, 59_999].map((at) => allowance.take('a', T0 + at));
    expect(uses.map((u) => [u.exceeded, u.remaining, u.resetSeconds])).toEqual([
      [false, 2, 60],
      [false, 1, 59],
      [false, 0, 1],
      [true, 0, 1],
    ]);
    expect(allowance.field(uses[1]!)).toBe('free;r=1;t=59');
    expect(allowance.take('a', T0 + 60_000)).toEqual({ exceeded: false, remaining: 2, resetSeconds: 60 });
  });

  it('counts each visitor apart and forgets visitors whose minute is over', () => {
    const allowance = new Allowance(1);
    expect(allowance.take('a', T0).exceeded).toBe(false);
    expect(allowance.take('b', T0).exceeded).toBe(false);
    expect(allowance.take('a', T0 + 1).exceeded).toBe(true);
    expect(allowance.take('c', T0 + 120_000).exceeded).toBe(false);
    expect(allowance.take('a', T0 + 120_001).exceeded).toBe(false);
  });
});

describe('visitors', () => {
  it('are IPv4 addresses, IPv6 /64 networks, and the IPv4 address an IPv4-mapped IPv6 address carries', () => {
    expect(visitorOf('203.0.113.7')).toBe('203.0.113.7');
    expect(visitorOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(visitorOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(visitorOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(visitorOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(visitorOf('::1')).toBe('0:0:0:0::/64');
    expect(visitorOf('not an address')).toBe('not an address');
  });
});

describe('prices', () => {
  it('are written in dollars from micro-USD', () => {
    expect([10_000n, 50_000n, 1n, 1_500_000n].map(dollars)).toEqual(['0.01', '0.05', '0.000001', '1.5']);
  });
});
