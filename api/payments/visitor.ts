// Who a request comes from, as the free allowance counts visitors (spec 8): the client's address, IPv6 grouped by
// its /64 (one subscriber's network: a host can pick any address in it), and an IPv4-mapped IPv6 address as the
// IPv4 address it carries. The address itself is Fastify's `request.ip`, which follows X-Forwarded-For only through
// the configured number of trusted proxies.
import ipaddr from 'ipaddr.js';

export function visitorOf(ip: string): string {
  // The common case first, without parsing: an IPv4 address as the socket (or proxy-addr) reports it.
  if (!ip.includes(':')) return ip;
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}
