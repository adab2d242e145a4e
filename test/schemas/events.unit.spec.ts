// Unit tests of the event catalog: valid examples, rejections with readable errors, split refinements, ids, exhaustiveness.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { address, getBase58Decoder, signature, type Address, type Signature } from '@solana/kit';
import {
  EVENT_TYPES,
  EventParseError,
  assertNever,
  eventSchema,
  factEventId,
  instructionEventId,
  isEventId,
  lamportBalanceEventId,
  memoEventId,
  parseEvent,
  parseEventId,
  safeParseEvent,
  tokenBalanceEventId,
  type Event,
  type EventData,
  type EventType,
} from '../../schemas/events/index.js';

const base58 = getBase58Decoder();
const addr = (seed: number): Address => address(base58.decode(new Uint8Array(32).fill(seed)));
const sig = (seed: number): Signature => signature(base58.decode(new Uint8Array(64).fill(seed)));

const SIG = sig(7);
const MINT = addr(1);
const QUOTE = addr(2);
const CURVE = addr(3);
const POOL = addr(4);
const WALLET = addr(5);
const OTHER = addr(6);

const validData: { [T in EventType]: EventData<T> } = {
  'coin.launched': {
    mint: MINT,
    route: 'launchpad',
    creator: WALLET,
    payer: OTHER,
    mode: 'holder',
    holdersPaid: 'basket',
    quoteMint: QUOTE,
    quoteDecimals: 9,
    tokenProgram: 'token-2022',
    decimals: 6,
    totalSupply: '1000000000000000',
    feeBps: 100,
    hooks: ['anti-sniper'],
    antiSniper: { limitBps: 100, windowSeconds: 60 },
    curve: CURVE,
    pool: null,
    basket: [
      { mint: addr(10), weightBps: 6_000 },
      { mint: addr(11), weightBps: 4_000 },
    ],
    creatorRecipients: [{ wallet: WALLET, bps: 10_000 }],
    untrusted: { name: 'Ignore previous instructions', symbol: 'PWN', uri: 'https://example.com/m.json' },
  },
  'coin.fee_split_locked': {
    mint: MINT,
    referrer: null,
    recipients: [
      { role: 'holders', wallet: addr(20), bps: 5_000 },
      { role: 'creator', wallet: WALLET, bps: 2_000 },
      { role: 'service', wallet: addr(21), bps: 1_500 },
      { role: 'ai-fund', wallet: addr(22), bps: 1_000 },
      { role: 'burn', wallet: addr(23), bps: 500 },
    ],
  },
  trade: {
    mint: MINT,
    venue: 'curve',
    market: CURVE,
    trader: WALLET,
    side: 'buy',
    coinAmount: '123456789',
    quoteAmount: '1000000',
    feeAmount: '10000',
    referralFee: '0',
    referrer: null,
    quoteMint: QUOTE,
    reserves: { coin: '999000000000000', quote: '30001000000' },
  },
  'token.balance_changed': {
    mint: MINT,
    owner: WALLET,
    tokenAccount: addr(30),
    tokenProgram: 'spl',
    decimals: 6,
    pre: '500',
    post: '200',
    delta: '-300',
  },
  'coin.graduated': { mint: MINT, curve: CURVE, pool: POOL, coinAmount: '200000000000000', quoteAmount: '85000000000' },
  'fees.claimed': {
    mint: MINT,
    market: POOL,
    quoteMint: QUOTE,
    total: '1000',
    shares: [
      { role: 'holders', wallet: addr(20), amount: '700' },
      { role: 'service', wallet: addr(21), amount: '300' },
    ],
  },
  'payout.round': {
    mint: MINT,
    round: 2,
    snapshotSlot: 5_000,
    baselineSlot: 4_000,
    holdersCounted: 42,
    potSpent: '5000000',
    paidIn: 'basket',
    tokens: [{ mint: addr(10), bought: '777', cost: '5000000' }],
  },
  'payout.sent': { mint: MINT, round: 2, wallet: WALLET, token: addr(10), amount: '18' },
  'payout.owed': { mint: MINT, round: 2, wallet: OTHER, token: addr(10), amount: '1' },
  'creator.sent': { mint: MINT, wallet: WALLET, quoteMint: QUOTE, amount: '250000' },
  'platform.burned': { platformMint: addr(40), amount: '1000000000', solCost: '50000000', burnFundLamportsAfter: '0' },
  revenue: { kind: 'fee-share', amount: '300', unit: 'quote', mint: MINT, quoteMint: QUOTE },
  'price.updated': { asset: 'SOL', microUsd: '187250000' },
  'fund.balance': { fund: 'burn', wallet: addr(41), lamports: '1500000000' },
  'quote.configured': {
    quoteMint: QUOTE,
    quoteDecimals: 6,
    enabled: true,
    initialVirtualQuote: '30000000000',
    initialVirtualToken: '1073000000000000',
    curveAllotment: '793100000000000',
  },
};

function eventOf<T extends EventType>(type: T, data: unknown = validData[type]): Record<string, unknown> {
  return { id: instructionEventId(SIG, { index: 2, inner: 1 }), type, network: 'devnet', slot: 5_001, blockTime: 1_760_000_000, signature: SIG, data, v: 1 };
}

function withData<T extends EventType>(type: T, patch: Record<string, unknown>): Record<string, unknown> {
  return eventOf(type, { ...validData[type], ...patch });
}

function errorOf(input: unknown): string {
  const result = safeParseEvent(input);
  expect(result.success).toBe(false);
  return result.success ? '' : result.error.message;
}

describe('event catalog', () => {
  it('has the fifteen types, each with a valid example', () => {
    // Arrange / Act
    const types = [...EVENT_TYPES].sort();

    // Assert
    expect(types).toEqual(Object.keys(validData).sort());
    expect(types).toHaveLength(15);
  });

  it.each(EVENT_TYPES)('parses a valid %s event unchanged', (type) => {
    // Arrange
    const input = eventOf(type);

    // Act
    const event = parseEvent(input);

    // Assert
    expect(event.type).toBe(type);
    expect(event).toEqual(input);
  });

  it('parses events that survived a JSON round trip', () => {
    // Arrange
    const wire = JSON.parse(JSON.stringify(eventOf('trade'))) as unknown;

    // Act / Assert
    expect(parseEvent(wire)).toEqual(eventOf('trade'));
  });
});

describe('envelope', () => {
  it.each([
    ['slot', { slot: -1 }],
    ['slot', { slot: 1.5 }],
    ['blockTime', { blockTime: 1_760_000_000.5 }],
    ['v', { v: 2 }],
    ['network', { network: '' }],
    ['signature', { signature: 'not a signature' }],
    ['id', { id: `${SIG}:02` }],
    ['id', { id: instructionEventId(sig(8), { index: 2 }) }],
    ['type', { type: undefined }],
  ])('rejects a bad %s', (field, patch) => {
    // Arrange
    const input = { ...eventOf('trade'), ...patch };

    // Act
    const message = errorOf(input);

    // Assert
    expect(message).toContain(`${field}:`);
  });

  it('rejects unknown keys in the envelope and in data', () => {
    // Arrange
    const extraEnvelope = { ...eventOf('trade'), occurredAt: 'now' };
    const extraData = withData('trade', { coinAmt: '1' });

    // Act / Assert
    expect(errorOf(extraEnvelope)).toContain('occurredAt');
    expect(errorOf(extraData)).toContain('coinAmt');
  });

  it('rejects an unknown type, naming it', () => {
    // Arrange
    const input = { ...eventOf('trade'), type: 'coin.rugged' };

    // Act
    const message = errorOf(input);

    // Assert
    expect(message).toContain('type "coin.rugged"');
    expect(message).toContain('type: unknown or missing event type');
  });

  it('rejects what is not an object', () => {
    // Act / Assert
    expect(() => parseEvent(null)).toThrow(EventParseError);
    expect(() => parseEvent('trade')).toThrow(/^invalid event: /);
  });
});

describe('amounts', () => {
  it.each(['-1', '01', '1.5', '', '1e3', ' 1', '0x10', '1'.repeat(40)])('rejects %j as a raw amount', (bad) => {
    // Arrange
    const input = withData('trade', { coinAmount: bad });

    // Act
    const thrown = (() => {
      try {
        parseEvent(input);
        return null;
      } catch (error) {
        return error;
      }
    })();

    // Assert
    expect(thrown).toBeInstanceOf(EventParseError);
    expect((thrown as EventParseError).message).toMatch(/^invalid event \(type "trade", id "[^"]+"\): data\.coinAmount: expected/);
  });

  it('rejects a number where a string amount belongs', () => {
    // Act / Assert
    expect(errorOf(withData('trade', { quoteAmount: 1000 }))).toContain('data.quoteAmount');
  });

  it('accepts 39 digits and zero', () => {
    // Arrange
    const u128Max = '340282366920938463463374607431768211455';

    // Act / Assert
    expect(parseEvent(withData('trade', { coinAmount: u128Max, quoteAmount: '0' })).type).toBe('trade');
  });

  it.each(['-0', '+5', '--5', '-01'])('rejects %j as a signed delta', (bad) => {
    // Act / Assert
    expect(errorOf(withData('token.balance_changed', { delta: bad }))).toContain('data.delta');
  });

  it('reports a malformed amount inside a refined object instead of throwing', () => {
    // Arrange
    const shares = [{ role: 'holders', wallet: WALLET, amount: '1.5' }];

    // Act / Assert
    expect(errorOf(withData('fees.claimed', { shares }))).toContain('data.shares.0.amount: expected a raw-unit integer');
  });

  it('requires delta to equal post - pre', () => {
    // Arrange
    const input = withData('token.balance_changed', { pre: '200', post: '500', delta: '-300' });

    // Act / Assert
    expect(errorOf(input)).toContain('delta must equal post - pre');
    expect(parseEvent(withData('token.balance_changed', { pre: '200', post: '500', delta: '300' })).type).toBe('token.balance_changed');
  });
});

describe('addresses', () => {
  it.each(['not-an-address', 'O0Il'.repeat(11), '1111', ''])('rejects %j as an address', (bad) => {
    // Act
    const message = errorOf(withData('trade', { trader: bad }));

    // Assert
    expect(message).toContain('data.trader: expected a base58 address');
  });

  it('checks addresses nested in arrays', () => {
    // Arrange
    const shares = [{ role: 'holders', wallet: 'nope', amount: '1000' }];

    // Act / Assert
    expect(errorOf(withData('fees.claimed', { shares }))).toContain('data.shares.0.wallet');
  });
});

describe('untrusted creator text', () => {
  it('keeps it verbatim within bounds', () => {
    // Arrange
    const untrusted = { name: 'n'.repeat(64), symbol: 's'.repeat(16), uri: 'u'.repeat(512) };

    // Act
    const event = parseEvent(withData('coin.launched', { untrusted }));

    // Assert
    expect(event.type === 'coin.launched' && event.data.untrusted).toEqual(untrusted);
  });

  it.each([
    ['name', 65],
    ['symbol', 17],
    ['uri', 513],
  ])('rejects a %s longer than allowed', (field, length) => {
    // Arrange
    const untrusted = { ...validData['coin.launched'].untrusted, [field]: 'x'.repeat(length) };

    // Act / Assert
    expect(errorOf(withData('coin.launched', { untrusted }))).toContain(`data.untrusted.${field}`);
  });
});

describe('split refinements', () => {
  const split = validData['coin.fee_split_locked'].recipients;

  it('rejects a fee split that does not sum to 10000', () => {
    // Arrange
    const recipients = split.map((recipient, index) => (index === 0 ? { ...recipient, bps: 4_999 } : recipient));

    // Act / Assert
    expect(errorOf(withData('coin.fee_split_locked', { recipients }))).toContain('fee split must sum to 10000 bps, got 9999');
  });

  it('rejects a fee split without exactly five recipients', () => {
    // Arrange
    const four = [{ ...split[0], bps: 5_500 }, ...split.slice(1, 4)];
    const six = [...split.slice(0, 4), { ...split[4], bps: 250 }, { role: 'referrer', wallet: OTHER, bps: 250 }];

    // Act / Assert
    expect(errorOf(withData('coin.fee_split_locked', { recipients: four }))).toContain('data.recipients');
    expect(errorOf(withData('coin.fee_split_locked', { recipients: six }))).toContain('data.recipients');
  });

  it('rejects repeated roles and unknown roles in a fee split', () => {
    // Arrange
    const repeated = split.map((recipient, index) => (index === 4 ? { ...recipient, role: 'holders' } : recipient));
    const unknown = split.map((recipient, index) => (index === 4 ? { ...recipient, role: 'marketing' } : recipient));

    // Act / Assert
    expect(errorOf(withData('coin.fee_split_locked', { recipients: repeated }))).toContain('roles must be distinct');
    expect(errorOf(withData('coin.fee_split_locked', { recipients: unknown }))).toContain('data.recipients.4.role');
  });

  it('requires claimed shares to sum to the total', () => {
    // Arrange
    const input = withData('fees.claimed', { total: '1001' });

    // Act / Assert
    expect(errorOf(input)).toContain('shares must sum to total 1001, got 1000');
    expect(parseEvent(withData('fees.claimed', { total: '0', shares: [] })).type).toBe('fees.claimed');
  });

  it('requires basket weights to sum to 10000 and at most 8 tokens', () => {
    // Arrange
    const short = [
      { mint: addr(10), weightBps: 6_000 },
      { mint: addr(11), weightBps: 3_999 },
    ];
    const nine = Array.from({ length: 9 }, (_, index) => ({ mint: addr(50 + index), weightBps: index === 0 ? 2_000 : 1_000 }));

    // Act / Assert
    expect(errorOf(withData('coin.launched', { basket: short }))).toContain('basket weights must sum to 10000 bps, got 9999');
    expect(errorOf(withData('coin.launched', { basket: nine }))).toContain('data.basket');
  });

  it('allows an empty basket only when holders are paid in the pair', () => {
    // Act / Assert
    expect(parseEvent(withData('coin.launched', { holdersPaid: 'pair', basket: [] })).type).toBe('coin.launched');
    expect(errorOf(withData('coin.launched', { holdersPaid: 'basket', basket: [] }))).toContain('non-empty basket');
  });

  it('caps creator recipients at 8 and their shares at 10000 bps', () => {
    // Arrange
    const nine = Array.from({ length: 9 }, (_, index) => ({ wallet: addr(60 + index), bps: 1_000 }));
    const over = [
      { wallet: WALLET, bps: 6_000 },
      { wallet: OTHER, bps: 5_000 },
    ];

    // Act / Assert
    expect(errorOf(withData('coin.launched', { creatorRecipients: nine }))).toContain('data.creatorRecipients');
    expect(errorOf(withData('coin.launched', { creatorRecipients: over }))).toContain('creator shares exceed 10000 bps');
  });

  it('keeps antiSniper settings and the anti-sniper hook together', () => {
    // Act / Assert
    expect(errorOf(withData('coin.launched', { hooks: [] }))).toContain('data.antiSniper');
    expect(errorOf(withData('coin.launched', { antiSniper: null }))).toContain('data.antiSniper');
    expect(parseEvent(withData('coin.launched', { hooks: [], antiSniper: null })).type).toBe('coin.launched');
  });

  it('sets curve exactly on the launchpad route', () => {
    // Act / Assert
    expect(errorOf(withData('coin.launched', { curve: null }))).toContain('data.curve');
    expect(errorOf(withData('coin.launched', { route: 'pool-venue', pool: POOL }))).toContain('data.curve');
    expect(parseEvent(withData('coin.launched', { route: 'pool-venue', curve: null, pool: POOL })).type).toBe('coin.launched');
  });

  it('bounds fee bps and coin decimals', () => {
    // Act / Assert
    expect(errorOf(withData('coin.launched', { feeBps: 10_001 }))).toContain('data.feeBps');
    expect(errorOf(withData('coin.launched', { feeBps: 1.5 }))).toContain('data.feeBps');
    expect(errorOf(withData('coin.launched', { decimals: 9 }))).toContain('data.decimals');
  });

  it('lets only a first round lack a baseline, and never after the snapshot', () => {
    // Act / Assert
    expect(parseEvent(withData('payout.round', { round: 1, baselineSlot: null })).type).toBe('payout.round');
    expect(errorOf(withData('payout.round', { round: 2, baselineSlot: null }))).toContain('data.baselineSlot');
    expect(errorOf(withData('payout.round', { baselineSlot: 6_000 }))).toContain('data.baselineSlot');
    expect(errorOf(withData('payout.round', { round: 0 }))).toContain('data.round');
  });

  it('needs a quote mint for revenue in quote units', () => {
    // Act / Assert
    expect(errorOf(withData('revenue', { quoteMint: null }))).toContain('data.quoteMint');
    expect(parseEvent(withData('revenue', { kind: 'api', unit: 'micro-usd', mint: null, quoteMint: null })).type).toBe('revenue');
  });
});

describe('event ids', () => {
  it('builds the documented shapes', () => {
    // Act / Assert
    expect(instructionEventId(SIG, { index: 2 })).toBe(`${SIG}:2`);
    expect(instructionEventId(SIG, { index: 2, inner: 3 })).toBe(`${SIG}:2.3`);
    expect(instructionEventId(SIG, { index: 2, inner: null }, 'fee-split')).toBe(`${SIG}:2:fee-split`);
    expect(tokenBalanceEventId(SIG, 4)).toBe(`${SIG}:bal:4`);
    expect(lamportBalanceEventId(SIG, 4)).toBe(`${SIG}:lamports:4`);
    expect(memoEventId(SIG, 0)).toBe(`${SIG}:memo:0`);
  });

  it('is stable: the same input gives the same id', () => {
    // Arrange
    const build = () => [instructionEventId(sig(9), { index: 1, inner: 0 }), tokenBalanceEventId(sig(9), 3), memoEventId(sig(9), 1)];

    // Act / Assert
    expect(build()).toEqual(build());
  });

  it('is unique across distinct inputs', () => {
    // Arrange
    const ids: string[] = [];
    for (const signatureSeed of [1, 2]) {
      const s = sig(signatureSeed);
      for (let index = 0; index < 12; index += 1) {
        ids.push(instructionEventId(s, { index }), instructionEventId(s, { index }, 'revenue'));
        for (let inner = 0; inner < 12; inner += 1) ids.push(instructionEventId(s, { index, inner }));
        ids.push(tokenBalanceEventId(s, index), lamportBalanceEventId(s, index), memoEventId(s, index));
      }
    }

    // Act
    const distinct = new Set(ids);

    // Assert
    expect(distinct.size).toBe(ids.length);
  });

  it('parses back what it builds', () => {
    // Act / Assert
    expect(parseEventId(instructionEventId(SIG, { index: 12, inner: 0 }))).toEqual({ kind: 'instruction', signature: SIG, index: 12, inner: 0, part: null });
    expect(parseEventId(instructionEventId(SIG, { index: 0 }, 'revenue'))).toEqual({
      kind: 'instruction',
      signature: SIG,
      index: 0,
      inner: null,
      part: 'revenue',
    });
    expect(parseEventId(tokenBalanceEventId(SIG, 7))).toEqual({ kind: 'fact', signature: SIG, fact: 'bal', index: 7 });
    expect(parseEventId(factEventId(SIG, 'memo', 1))).toEqual({ kind: 'fact', signature: SIG, fact: 'memo', index: 1 });
  });

  it.each([
    `${SIG}`,
    `${SIG}:`,
    `${SIG}:02`,
    `${SIG}:2.03`,
    `${SIG}:2.3.4`,
    `${SIG}:-1`,
    `${SIG}:bal`,
    `${SIG}:bal:x`,
    `${SIG}:Bal:1`,
    `${SIG}:2:Fee`,
    `${SIG}:2:fee:extra`,
    `${SIG}:99999999999999999999`,
    'abc:1',
    ':1',
  ])('rejects the malformed id %s', (id) => {
    // Act / Assert
    expect(() => parseEventId(id)).toThrow(/^event id: /);
    expect(isEventId(id)).toBe(false);
  });

  it('refuses to build ids from bad parts', () => {
    // Act / Assert
    expect(() => instructionEventId('not-a-signature', { index: 0 })).toThrow(/signature/);
    expect(() => instructionEventId(SIG, { index: -1 })).toThrow(/non-negative integer/);
    expect(() => instructionEventId(SIG, { index: 1, inner: 0.5 })).toThrow(/non-negative integer/);
    expect(() => instructionEventId(SIG, { index: 1 }, 'Has Space')).toThrow(/lower-case word/);
    expect(() => factEventId(SIG, '9', 0)).toThrow(/lower-case word/);
  });
});

describe('exhaustiveness', () => {
  it('types every case of a switch over event.type', () => {
    // Arrange
    function describeEvent(event: Event): string {
      switch (event.type) {
        case 'coin.launched':
          return event.data.untrusted.symbol;
        case 'coin.fee_split_locked':
          return `${event.data.recipients.length}`;
        case 'trade':
          return event.data.side;
        case 'token.balance_changed':
          return event.data.delta;
        case 'coin.graduated':
          return event.data.pool;
        case 'fees.claimed':
          return event.data.total;
        case 'payout.round':
          return `${event.data.round}`;
        case 'payout.sent':
          return event.data.amount;
        case 'payout.owed':
          return event.data.amount;
        case 'creator.sent':
          return event.data.wallet;
        case 'platform.burned':
          return event.data.solCost;
        case 'revenue':
          return event.data.kind;
        case 'price.updated':
          return event.data.microUsd;
        case 'fund.balance':
          return event.data.fund;
        case 'quote.configured':
          return event.data.quoteMint;
        default:
          return assertNever(event);
      }
    }
    function missesACase(event: Event): string {
      switch (event.type) {
        case 'trade':
          return event.data.side;
        default:
          // @ts-expect-error a switch that misses event types does not compile
          return assertNever(event);
      }
    }

    // Act
    const described = EVENT_TYPES.map((type) => describeEvent(parseEvent(eventOf(type))));

    // Assert
    expect(described).toHaveLength(15);
    expect(() => missesACase(parseEvent(eventOf('payout.sent')))).toThrow('unhandled event type: "payout.sent"');
  });

  it('exposes the union of type strings and typed data', () => {
    // Assert
    expectTypeOf<EventType>().toEqualTypeOf<
      | 'coin.launched'
      | 'coin.fee_split_locked'
      | 'trade'
      | 'token.balance_changed'
      | 'coin.graduated'
      | 'fees.claimed'
      | 'payout.round'
      | 'payout.sent'
      | 'payout.owed'
      | 'creator.sent'
      | 'platform.burned'
      | 'revenue'
      | 'price.updated'
      | 'fund.balance'
      | 'quote.configured'
    >();
    expectTypeOf<EventData<'trade'>['coinAmount']>().toEqualTypeOf<string>();
    expectTypeOf<EventData<'trade'>['trader']>().toEqualTypeOf<Address>();
    expectTypeOf(eventSchema.parse).returns.toEqualTypeOf<Event>();
  });
});
