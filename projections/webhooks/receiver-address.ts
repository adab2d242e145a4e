// Which URLs may receive webhooks: https only, no credentials, and a host whose every address is public. The
// service posts to URLs its callers chose, so without these rules a subscriber could make it call into the
// private network it runs in (cloud metadata, databases, admin ports). Checked at every delivery, because what a
// name resolves to can change after it was subscribed.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** All addresses of a host name (default: node:dns/promises lookup with { all: true, verbatim: true }). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export interface ReceiverPolicy {
  /** Local development and tests only: loopback addresses (127.0.0.0/8, ::1) may receive; no other private range. */
  allowLoopback: boolean;
  resolve?: Resolve;
}

/** A receiver URL or address the rules refuse; `message` is a clear sentence for the API caller. */
export class ReceiverRefused extends Error {
  override name = 'ReceiverRefused';
}

const MAX_URL_LENGTH = 2048;

const defaultResolve: Resolve = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/** Syntax rules only (https, no credentials, a host, at most 2048 chars); returns the parsed URL or throws ReceiverRefused. */
export function parseReceiverUrl(text: string): URL {
  if (text.length > MAX_URL_LENGTH) {
    throw new ReceiverRefused(`url: ${text.length} characters is too long; at most ${MAX_URL_LENGTH} are allowed`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    const port = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*:(\d+)(?:[/?#]|$)/i.exec(text)?.[1];
    if (port !== undefined && Number(port) > 65_535)
      throw new ReceiverRefused(`url: port ${port} is out of range; use a port from 1 to 65535, or none for 443`);
    throw new ReceiverRefused('url: not a valid absolute URL; give one like https://example.com/hooks');
  }
  // Credentials would be echoed back in messages and logs, so the URL itself is not repeated here.
  if (url.username !== '' || url.password !== '') {
    throw new ReceiverRefused('url: must not carry a user name or password; authenticate deliveries with the webhook signature');
  }
  if (url.protocol !== 'https:') {
    throw new ReceiverRefused(`url: ${url.protocol.slice(0, -1)} is not allowed; webhook URLs must use https`);
  }
  if (url.hostname === '') {
    throw new ReceiverRefused('url: has no host');
  }
  if (url.port === '0') {
    throw new ReceiverRefused('url: port 0 is no port a receiver can listen on; use a port from 1 to 65535, or none for 443');
  }
  if (url.href.length > MAX_URL_LENGTH) {
    throw new ReceiverRefused(`url: ${url.href.length} characters once normalized is too long; at most ${MAX_URL_LENGTH} are allowed`);
  }
  return url;
}

const v4Kinds: Readonly<Record<string, string>> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private address',
  reserved: 'a reserved address',
  benchmarking: 'a benchmarking address',
  as112: 'an AS112 address',
  amt: 'an AMT relay address',
};

const v6Kinds: Readonly<Record<string, string>> = {
  unspecified: 'an unspecified address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  loopback: 'a loopback address',
  uniqueLocal: 'a unique-local address',
  ipv4Mapped: 'an IPv4-mapped IPv6 address',
  deprecatedSiteLocal: 'a site-local address',
  discard: 'a discard-only address',
  rfc6145: 'an IPv4-translated address',
  rfc6052: 'a NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
  benchmarking: 'a benchmarking address',
  amt: 'an AMT relay address',
  as112v6: 'an AS112 address',
  reserved: 'a reserved address',
};

// Global unicast IPv6 is allocated only from 2000::/3; addresses outside it that ipaddr.js still calls 'unicast'
// (such as the deprecated IPv4-compatible ::a.b.c.d) are not public destinations.
const globalUnicastV6 = ipaddr.IPv6.parseCIDR('2000::/3');

/** Why an address may not receive webhooks (a phrase such as "a private address (10.0.0.1)"), or null when it may. */
export function addressRefusal(address: string, allowLoopback: boolean): string | null {
  // net.isIP is stricter than ipaddr.js (no octal, hex or short forms), and it is what the connection will use.
  const version = isIP(address);
  if (version === 0) return `not an IP address (${address})`;
  if (address.includes('%')) return `a scoped IPv6 address (${address})`;
  if (version === 4) {
    const range = ipaddr.IPv4.parse(address).range();
    if (range === 'unicast') return null;
    if (range === 'loopback' && allowLoopback) return null;
    return `${v4Kinds[range] ?? `a special-purpose address (${range})`} (${address})`;
  }
  const v6 = ipaddr.IPv6.parse(address);
  const range = v6.range();
  if (range === 'loopback' && allowLoopback) return null;
  if (range !== 'unicast') return `${v6Kinds[range] ?? `a special-purpose address (${range})`} (${address})`;
  if (!v6.match(globalUnicastV6)) return `an address outside global unicast space (${address})`;
  return null;
}

/** Syntax rules, then resolve the host (an IP literal, including bracketed IPv6, is used as is) and check EVERY
 * resolved address (refuse if any is refused, so a name mixing public and private answers is refused); returns
 * the first address to connect to. Throws ReceiverRefused; a name that does not resolve is refused too. */
export async function checkReceiver(url: string | URL, policy: ReceiverPolicy): Promise<ResolvedAddress> {
  const parsed = parseReceiverUrl(typeof url === 'string' ? url : url.href);
  const host = parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname;
  const version = isIP(host);
  if (version !== 0) {
    const refusal = addressRefusal(host, policy.allowLoopback);
    if (refusal !== null) {
      throw new ReceiverRefused(`url: ${parsed.href} points to ${refusal}; webhooks go to public addresses only`);
    }
    return { address: host, family: version === 6 ? 6 : 4 };
  }
  let answers: ResolvedAddress[];
  try {
    answers = await (policy.resolve ?? defaultResolve)(host);
  } catch (error) {
    const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? ` (${error.code})` : '';
    throw new ReceiverRefused(`url: host ${host} does not resolve${code}; check the name and its DNS records`);
  }
  const first = answers[0];
  if (first === undefined) {
    throw new ReceiverRefused(`url: host ${host} does not resolve (no addresses); check the name and its DNS records`);
  }
  for (const answer of answers) {
    const refusal = addressRefusal(answer.address, policy.allowLoopback);
    if (refusal !== null) {
      throw new ReceiverRefused(
        `url: ${parsed.href} resolves to ${refusal}; webhooks go to public addresses only, and every address of the host must be public`,
      );
    }
  }
  return { address: first.address, family: isIP(first.address) === 6 ? 6 : 4 };
}
