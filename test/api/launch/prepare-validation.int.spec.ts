// Every validation rule of both prepares, each answered 400 with `{ errors }` naming the field and what to fix,
// every problem of a body listed at once, and nothing recorded or counted for a refused prepare. Also the
// rules that need the chain or the store: offered basket tokens, live hooks, listed pairs, a fresh mint, the
// 10% first-buy bound, and sponsorship asked for by a wallet that does not qualify.
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPrepareWindows, launches } from '../../../api/launch/records.js';
import { PNG, SOL, startLaunchHarness, type LaunchHarness } from './launch-harness.js';

let h: LaunchHarness;
let creator: KeyPairSigner;
let poor: KeyPairSigner;

beforeAll(async () => {
  h = await startLaunchHarness({ sponsor: true });
  [creator, poor] = await Promise.all([h.wallet(5n), h.wallet()]);
  await Promise.all([h.acceptTerms(creator), h.acceptTerms(poor)]);
});
afterAll(async () => h?.close());

async function poolBody(extra: Record<string, unknown> = {}) {
  const mint = await generateKeyPairSigner();
  return { creator: creator.address, mint: mint.address, name: 'Valid', ticker: 'VALID', mode: 'holder', feeBps: 100, ...extra };
}

async function poolErrors(extra: Record<string, unknown>): Promise<string[]> {
  const body = await poolBody(extra);
  const reply = await h.post<{ errors: string[] }>('/api/v1/launch/prepare', body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(await h.opstore.get(launches, String(body.mint))).toBeNull();
  return reply.body.errors;
}

const long = (n: number, c = 'a') => c.repeat(n);

describe('pool-venue prepare: one rule at a time', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['creator missing', { creator: undefined }, /^creator: required/],
    ['creator not an address', { creator: 'not-an-address' }, /^creator: must be the creator wallet address/],
    ['mint equal to creator', { mint: '__creator__' }, /^mint: must be a fresh keypair of its own/],
    ['name missing', { name: undefined }, /^name: required/],
    ['name empty', { name: '' }, /^name: must not be empty/],
    ['name over 32 bytes', { name: long(17, 'é') }, /^name: must fit in 32 bytes/],
    ['name over 32 characters', { name: long(33) }, /^name: must be at most 32 characters/],
    ['name with spaces around', { name: ' Coin ' }, /^name: must not start or end with spaces/],
    ['name with a control character', { name: 'Co\u0007in' }, /^name: must not contain control/],
    ['name with a direction override', { name: 'Coin\u202e' }, /^name: must not contain control or text-direction/],
    ['ticker with a $', { ticker: '$COIN' }, /^ticker: must be 1 to 10 letters or digits/],
    ['ticker too long', { ticker: long(11, 'A') }, /^ticker: must be 1 to 10 letters or digits/],
    ['description too long', { description: long(1001) }, /^description: must be at most 1000 characters/],
    ['description with a control character', { description: 'a\u0000b' }, /^description: must not contain control characters/],
    ['socials with an unknown key', { socials: { discord: 'https://discord.gg/x' } }, /^socials: only x, telegram and website are taken; remove discord/],
    ['socials x on another host', { socials: { x: 'https://evil.example/me' } }, /^socials\.x: must be an https URL on x\.com or twitter\.com/],
    ['socials website over http', { socials: { website: 'http://coin.example' } }, /^socials\.website: must be an https URL/],
    ['socials telegram too long', { socials: { telegram: `https://t.me/${long(200)}` } }, /^socials\.telegram: must be at most 200 characters/],
    ['image not base64', { image: 'not base64!' }, /^image: must be standard base64/],
    ['image not an image', { image: Buffer.from('hello world, not an image').toString('base64') }, /^image: must be a png, jpeg, gif, webp image/],
    ['image too large', { image: Buffer.alloc(600 * 1024).toString('base64') }, /^image: must be at most 512 KiB/],
    ['mode unknown', { mode: 'both' }, /^mode: must be holder or creator/],
    ['feeBps above 500', { feeBps: 501 }, /^feeBps: must be at most 500 bps/],
    ['feeBps negative', { feeBps: -1 }, /^feeBps: must be at least 0 bps/],
    ['feeBps fractional', { feeBps: 1.5 }, /^feeBps: must be a whole number of bps/],
    ['feeBps as text', { feeBps: '100' }, /^feeBps: must be the trading fee as a whole number/],
    ['basket weights not summing to 10000', { basket: [{ mint: '__basket0__', weight: 5000 }] }, /^basket: weights must sum to 10000 bps, they sum to 5000/],
    [
      'basket with a token twice',
      {
        basket: [
          { mint: '__basket0__', weight: 5000 },
          { mint: '__basket0__', weight: 5000 },
        ],
      },
      /^basket: must name each token once/,
    ],
    ['basket of five', { basket: [0, 1, 2, 3, 0].map((i) => ({ mint: `__basket${i}__`, weight: 2000 })) }, /^basket: must hold at most 4 tokens/],
    ['basket token not offered', { basket: [{ mint: '__stable__', weight: 10000 }] }, /^basket\[0\]\.mint: \S+ is not a basket token the service offers/],
    [
      'basket weight zero',
      {
        basket: [
          { mint: '__basket0__', weight: 0 },
          { mint: '__basket1__', weight: 10000 },
        ],
      },
      /^basket\[0\]\.weight: must be at least 1 bps/,
    ],
    ['basket on a creator coin', { mode: 'creator', basket: [{ mint: '__basket0__', weight: 10000 }] }, /^basket: is for holder-mode coins/],
    ['recipients on a holder coin', { recipients: [{ wallet: '__creator__', pct: 100 }] }, /^recipients: are for creator-mode coins/],
    [
      'recipients not summing to 100',
      { mode: 'creator', recipients: [{ wallet: '__creator__', pct: 60 }] },
      /^recipients: percentages must sum to 100, they sum to 60/,
    ],
    [
      'recipient pct with three decimals',
      {
        mode: 'creator',
        recipients: [
          { wallet: '__creator__', pct: 99.999 },
          { wallet: '__other__', pct: 0.001 },
        ],
      },
      /^recipients\[0\]\.pct: must have at most two decimals/,
    ],
    [
      'recipient twice',
      {
        mode: 'creator',
        recipients: [
          { wallet: '__creator__', pct: 50 },
          { wallet: '__creator__', pct: 50 },
        ],
      },
      /^recipients: must name each wallet once/,
    ],
    [
      'recipient label too long',
      { mode: 'creator', recipients: [{ wallet: '__creator__', pct: 100, label: long(33) }] },
      /^recipients\[0\]\.label: must be at most 32 characters/,
    ],
    ['buyBps above 10%', { buyBps: 1001 }, /^buyBps: must be at most 1000 bps/],
    ['rollIn true', { rollIn: true }, /^rollIn: is not offered on this network/],
    ['hook unknown', { hooks: ['moon-shield'] }, /^hooks\[0\]: moon-shield is not a live hook of GET \/hooks; live hooks: anti-sniper/],
    ['hook not live yet', { hooks: ['round-raffle'] }, /^hooks\[0\]: round-raffle is not a live hook/],
    ['hook built in', { hooks: ['fee-shield'] }, /^hooks\[0\]: fee-shield is not a live hook/],
    ['hook twice', { hooks: ['anti-sniper', 'anti-sniper'] }, /^hooks: must name each hook once/],
    ['unknown field', { color: 'red' }, /^color: not a field of this step; remove it/],
  ];

  it.each(cases)('%s', async (_label, extra, expected) => {
    const other = await generateKeyPairSigner();
    const swap = (value: unknown): unknown => {
      if (value === '__creator__') return creator.address;
      if (value === '__other__') return other.address;
      if (value === '__stable__') return h.config.mints.stablecoin;
      const basket = typeof value === 'string' ? /^__basket(\d)__$/.exec(value) : null;
      if (basket) return h.config.mints.basket[Number(basket[1])];
      if (Array.isArray(value)) return value.map(swap);
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)]));
      return value;
    };
    const errors = await poolErrors(swap(extra) as Record<string, unknown>);
    expect(
      errors.some((line) => expected.test(line)),
      errors.join('\n'),
    ).toBe(true);
  });

  it('a body that is not an object is refused with the list of fields', async () => {
    const reply = await h.app.inject({ method: 'POST', url: '/api/v1/launch/prepare', payload: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors[0]).toMatch(/^the body must be a JSON object with the fields creator, mint, name/);
  });
});

describe('every problem at once', () => {
  it('lists field problems, cross-field rules and store rules together, and stores and counts nothing', async () => {
    const stranger = await generateKeyPairSigner();

    const mint = await generateKeyPairSigner();
    const reply = await h.post<{ errors: string[] }>('/api/v1/launch/prepare', {
      creator: stranger.address,
      mint: mint.address,
      name: '',
      ticker: 'bad ticker',
      mode: 'creator',
      feeBps: 9999,
      basket: [{ mint: h.config.mints.stablecoin, weight: 10_000 }],
      hooks: ['nope'],
      extra: 1,
    });
    expect(reply.status).toBe(400);
    const fields = reply.body.errors.map((line) => line.split(':')[0]);
    expect(fields).toEqual(expect.arrayContaining(['name', 'ticker', 'feeBps', 'basket', 'basket[0].mint', 'hooks[0]', 'extra', 'creator']));
    expect(reply.body.errors.find((line) => line.startsWith('creator:'))).toMatch(/has not accepted the launch terms/);
    expect(await h.opstore.get(launches, mint.address)).toBeNull();
    expect(await h.opstore.get(launchPrepareWindows, stranger.address)).toBeNull();
  });
});

describe('launchpad prepare rules', () => {
  async function launchpadErrors(wallet: KeyPairSigner, extra: Record<string, unknown>, status = 400): Promise<string[]> {
    const mint = await generateKeyPairSigner();
    const reply = await h.post<{ errors: string[] }>('/api/v1/launch/launchpad/prepare', {
      creator: wallet.address,
      mint: mint.address,
      name: 'Curve',
      ticker: 'CRV',
      image: PNG,
      ...extra,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    expect(await h.opstore.get(launches, mint.address)).toBeNull();
    return reply.body.errors;
  }

  it('refuses an image left out', async () => {
    expect(await launchpadErrors(creator, { image: undefined })).toContainEqual(expect.stringMatching(/^image: required/));
  });

  it('refuses a pair the launchpad does not list', async () => {
    const errors = await launchpadErrors(creator, { quoteMint: h.config.mints.basket[0] });
    expect(errors).toContainEqual(expect.stringMatching(/^quoteMint: \S+ is not a pair the launchpad lists/));
  });

  it('refuses a first buy on a stablecoin pair, and a basket on one', async () => {
    const errors = await launchpadErrors(creator, {
      quoteMint: h.config.mints.stablecoin,
      buyLamports: '1000',
      basket: [{ mint: h.config.mints.basket[0], weight: 10_000 }],
    });
    expect(errors).toContainEqual(expect.stringMatching(/^buyLamports: is for SOL pairs only/));
    expect(errors).toContainEqual(expect.stringMatching(/^basket: needs a SOL pair/));
  });

  it('refuses a first buy above 10% of supply, saying the most it may spend', async () => {
    const errors = await launchpadErrors(creator, { buyLamports: (10n * SOL).toString() });
    expect(errors).toContainEqual(expect.stringMatching(/^buyLamports: buys \d+ coins, more than 10% of supply; spend at most \d+ lamports/));
  });

  it('refuses malformed lamports', async () => {
    for (const buyLamports of ['0', '-5', '1.5', '01', 5]) {
      expect(await launchpadErrors(creator, { buyLamports })).toContainEqual(expect.stringMatching(/^buyLamports: must be/));
    }
  });

  it('refuses holders paid in a basket without one, and a basket with holders paid in the pair', async () => {
    expect(await launchpadErrors(creator, { holdersPaid: 'basket' })).toContainEqual(expect.stringMatching(/^basket: required when holdersPaid is basket/));
    expect(await launchpadErrors(creator, { holdersPaid: 'pair', basket: [{ mint: h.config.mints.basket[0], weight: 10_000 }] })).toContainEqual(
      expect.stringMatching(/^basket: is only used when holders are paid in it/),
    );
  });

  it('refuses the creator as its own referrer', async () => {
    expect(await launchpadErrors(creator, { referrer: creator.address })).toContainEqual(
      expect.stringMatching(/^referrer: must be another wallet than the creator/),
    );
  });

  it('refuses a mint that already exists on chain', async () => {
    const mint = h.config.mints.stablecoin;
    const reply = await h.post<{ errors: string[] }>('/api/v1/launch/launchpad/prepare', {
      creator: creator.address,
      mint,
      name: 'Curve',
      ticker: 'CRV',
      image: PNG,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toContainEqual(expect.stringMatching(/^mint: \S+ already exists on chain; generate a fresh keypair/));
  });

  it('refuses sponsored: true for a wallet under 0.05 SOL, and sponsors nothing when left out', async () => {
    const thin = await generateKeyPairSigner();
    const signature = await h.rpc.requestAirdrop(thin.address, (SOL / 100n) as never, { commitment: 'confirmed' }).send();
    for (;;) {
      const [status] = (await h.rpc.getSignatureStatuses([signature]).send()).value;
      if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await h.acceptTerms(thin);
    const errors = await launchpadErrors(thin, { sponsored: true });
    expect(errors).toEqual([
      expect.stringMatching(/^sponsored: sponsored launches are for wallets holding at least 0\.05 SOL; \S+ holds 10000000 lamports; set sponsored to false/),
    ]);
    const mint = await generateKeyPairSigner();
    const reply = await h.post<{ sponsored: boolean }>('/api/v1/launch/launchpad/prepare', {
      creator: thin.address,
      mint: mint.address,
      name: 'Curve',
      ticker: 'CRV',
      image: PNG,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.sponsored).toBe(false);
  });

  it('refuses sponsored: true when the service holds no sponsor key', async () => {
    await h.rebuild({
      launch: { rpcUrl: h.devnet.rpcUrl!, programs: h.config.programs, siteUrl: 'https://launchtape.example', keys: null, sweepIntervalMs: 0 },
    });
    try {
      const errors = await launchpadErrors(poor, { sponsored: true });
      expect(errors).toEqual([expect.stringMatching(/^sponsored: sponsored launches are not offered on this service right now/)]);
    } finally {
      await h.rebuild({});
    }
  });
});
