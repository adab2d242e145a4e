// Webhook receiver rules (projections/webhooks/receiver-address.ts): https only, no credentials, and every address
// of the host public; loopback only when allowed, and then no other private range.
import { describe, expect, it } from 'vitest';
import {
  addressRefusal,
  checkReceiver,
  parseReceiverUrl,
  ReceiverRefused,
  type ReceiverPolicy,
  type Resolve,
  type ResolvedAddress,
} from '../../../projections/webhooks/receiver-address.js';

function answering(table: Record<string, readonly string[]>): Resolve {
  return async (hostname) => {
    const addresses = table[hostname];
    if (addresses === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const resolve = answering({
  'internal.example': ['10.0.0.5'],
  'mixed.example': ['93.184.216.34', '192.168.0.7'],
  'public.example': ['93.184.216.34'],
  'public6.example': ['2606:2800:220:1:248:1893:25c8:1946', '93.184.216.34'],
  localhost: ['127.0.0.1'],
  'empty.example': [],
});
const strict: ReceiverPolicy = { allowLoopback: false, resolve };
const loose: ReceiverPolicy = { allowLoopback: true, resolve };

async function refusal(url: string, policy: ReceiverPolicy): Promise<string> {
  const error: unknown = await checkReceiver(url, policy).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error, `${url} should be refused`).toBeInstanceOf(ReceiverRefused);
  return (error as ReceiverRefused).message;
}

describe('parseReceiverUrl', () => {
  it('refuses http, credentials, non-URLs and overlong URLs', () => {
    expect(() => parseReceiverUrl('http://example.com/hook')).toThrow(/must use https/);
    expect(() => parseReceiverUrl('https://user:secret@example.com/hook')).toThrow(/user name or password/);
    expect(() => parseReceiverUrl('https://user@example.com/hook')).toThrow(ReceiverRefused);
    expect(() => parseReceiverUrl('not a url')).toThrow(/not a valid absolute URL/);
    expect(() => parseReceiverUrl(`https://example.com/${'a'.repeat(2048)}`)).toThrow(/at most 2048/);
  });

  it('does not repeat credentials in its message', () => {
    expect(() => parseReceiverUrl('https://user:hunter2@example.com/')).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') as unknown }),
    );
  });

  it('returns the parsed URL', () => {
    expect(parseReceiverUrl('https://example.com:8443/a?b=1').host).toBe('example.com:8443');
  });
});

describe('checkReceiver refuses', () => {
  it.each([
    ['http://8.8.8.8/', /must use https/],
    ['https://user:pw@8.8.8.8/', /user name or password/],
    ['https://127.0.0.1/', /loopback address \(127\.0\.0\.1\)/],
    ['https://10.0.0.1/', /private address \(10\.0\.0\.1\)/],
    ['https://192.168.1.1/', /private address/],
    ['https://172.16.0.1/', /private address/],
    ['https://169.254.169.254/latest/meta-data', /link-local address/],
    ['https://100.64.0.1/', /carrier-grade NAT address/],
    ['https://0.0.0.0/', /unspecified address/],
    ['https://224.0.0.1/', /multicast address/],
    ['https://255.255.255.255/', /broadcast address/],
    ['https://[::1]/', /loopback address \(::1\)/],
    ['https://[::]/', /unspecified address/],
    ['https://[::ffff:127.0.0.1]/', /IPv4-mapped IPv6 address/],
    ['https://[::ffff:8.8.8.8]/', /IPv4-mapped IPv6 address/],
    ['https://[fc00::1]/', /unique-local address/],
    ['https://[fe80::1]/', /link-local address/],
    ['https://[64:ff9b::808:808]/', /NAT64 address/],
    ['https://[2002:808:808::1]/', /6to4 address/],
    ['https://[2001:0:4136:e378::1]/', /Teredo address/],
    ['https://[::8.8.8.8]/', /outside global unicast space/],
    // Other spellings of 127.0.0.1 that URL parsing normalizes.
    ['https://2130706433/', /loopback address \(127\.0\.0\.1\)/],
    ['https://0x7f.1/', /loopback address \(127\.0\.0\.1\)/],
  ])('%s', async (url, why) => {
    expect(await refusal(url, strict)).toMatch(why);
  });

  it('a name that resolves to a private address', async () => {
    const message = await refusal('https://internal.example/hook', strict);
    expect(message).toBe(
      'url: https://internal.example/hook resolves to a private address (10.0.0.5); webhooks go to public addresses only, and every address of the host must be public',
    );
  });

  it('a name answering one public and one private address', async () => {
    expect(await refusal('https://mixed.example/hook', strict)).toMatch(/private address \(192\.168\.0\.7\)/);
  });

  it('a name that does not resolve, or resolves to nothing', async () => {
    expect(await refusal('https://missing.example/', strict)).toMatch(/host missing\.example does not resolve \(ENOTFOUND\)/);
    expect(await refusal('https://empty.example/', strict)).toMatch(/does not resolve/);
  });

  it('with a clear sentence for the caller', async () => {
    expect(await refusal('https://10.0.0.1/', strict)).toBe(
      'url: https://10.0.0.1/ points to a private address (10.0.0.1); webhooks go to public addresses only',
    );
  });
});

describe('checkReceiver allows', () => {
  it.each<[string, ResolvedAddress]>([
    ['https://8.8.8.8/hook', { address: '8.8.8.8', family: 4 }],
    ['https://[2001:4860:4860::8888]/hook', { address: '2001:4860:4860::8888', family: 6 }],
    ['https://public.example/hook', { address: '93.184.216.34', family: 4 }],
    ['https://public6.example:8443/hook', { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 }],
  ])('%s', async (url, expected) => {
    expect(await checkReceiver(url, strict)).toEqual(expected);
  });

  it('a URL object as well as text', async () => {
    expect(await checkReceiver(new URL('https://8.8.8.8/'), strict)).toEqual({ address: '8.8.8.8', family: 4 });
  });

  it('uses IP literals as they are, without resolving them', async () => {
    const policy: ReceiverPolicy = {
      allowLoopback: false,
      resolve: () => Promise.reject(new Error('an IP literal must not be resolved')),
    };
    expect(await checkReceiver('https://[2001:4860:4860::8888]/', policy)).toEqual({ address: '2001:4860:4860::8888', family: 6 });
  });
});

describe('with allowLoopback', () => {
  it('allows loopback addresses', async () => {
    expect(await checkReceiver('https://127.0.0.1:1234/hook', loose)).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await checkReceiver('https://127.1.2.3/hook', loose)).toEqual({ address: '127.1.2.3', family: 4 });
    expect(await checkReceiver('https://[::1]/hook', loose)).toEqual({ address: '::1', family: 6 });
    expect(await checkReceiver('https://localhost/hook', loose)).toEqual({ address: '127.0.0.1', family: 4 });
  });

  it('still refuses every other non-public range', async () => {
    expect(await refusal('https://10.0.0.1/', loose)).toMatch(/private address/);
    expect(await refusal('https://169.254.169.254/', loose)).toMatch(/link-local address/);
    expect(await refusal('https://[::ffff:127.0.0.1]/', loose)).toMatch(/IPv4-mapped IPv6 address/);
    expect(await refusal('https://internal.example/', loose)).toMatch(/private address/);
  });
});

describe('addressRefusal', () => {
  it('answers null for public addresses and a reason otherwise', () => {
    expect(addressRefusal('8.8.8.8', false)).toBeNull();
    expect(addressRefusal('2001:4860:4860::8888', false)).toBeNull();
    expect(addressRefusal('127.0.0.1', false)).toBe('a loopback address (127.0.0.1)');
    expect(addressRefusal('127.0.0.1', true)).toBeNull();
    expect(addressRefusal('::1', true)).toBeNull();
    expect(addressRefusal('10.0.0.1', true)).toBe('a private address (10.0.0.1)');
  });

  it('refuses what is not a plain IP address', () => {
    expect(addressRefusal('example.com', false)).toMatch(/not an IP address/);
    expect(addressRefusal('010.0.0.1', false)).toMatch(/not an IP address/);
    expect(addressRefusal('fe80::1%eth0', true)).toMatch(/scoped IPv6 address/);
  });
});
