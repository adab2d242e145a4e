// Unit tests of the launchpad and pool-venue layouts the ingest relies on: every instruction encodes
// and decodes back with its account names, foreign bytes decode to null, accounts are fixed-size and
// round-trip, events round-trip behind their sha256("event:<Name>") discriminators.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { address, type Address } from '@solana/kit';
import { COIN_TOTAL_SUPPLY } from '../../schemas/programs/coin-rules.js';
import { buildFeeSplit } from '../../schemas/programs/fee-split.js';
import { CURVE_SIZE, decodeCurve, encodeCurve, decodeGlobal, type Curve } from '../../schemas/programs/launchpad/accounts.js';
import { createCoinInstruction } from '../../schemas/programs/launchpad/builders.js';
import { SOL_CURVE } from '../../schemas/programs/launchpad/constants.js';
import { decodeLaunchpadEvent, launchpadEvents } from '../../schemas/programs/launchpad/events.js';
import {
  decodeLaunchpadInstruction,
  encodeLaunchpadInstruction,
  LAUNCHPAD_ACCOUNTS,
  nameLaunchpadAccounts,
  type LaunchpadInstructionData,
} from '../../schemas/programs/launchpad/instructions.js';
import { decodePoolVenueEvent } from '../../schemas/programs/pool-venue/events.js';
import { decodePoolVenueInstruction, encodePoolVenueInstruction, type PoolVenueInstructionData } from '../../schemas/programs/pool-venue/instructions.js';

const A = address('7gHhr8mC3vcCy1Pjr9cgjv229uuMruvhSKyYSLTeLS3m');
const B = address('HCiL1LPHjBxCnvgkXdu5s4TroFLxJATm56D3ZyoVP4so');
const PROGRAM = address('GeaYWq4Fxs6j2SVoyxURypJYaZCp8UoH67TRsLBmpD5j');
const wallets = { rewardsVault: A, creatorVault: B, treasury: A, aiFund: B, burnFund: A, platformLiquidity: B };

describe('instructions', () => {
  const launchpad: LaunchpadInstructionData[] = [
    {
      kind: 'createCoin',
      args: {
        name: 'Ünïcode',
        symbol: 'UNI',
        uri: 'https://x.test/a',
        mode: 'holder',
        holdersPaid: 'basket',
        basket: [{ mint: A, weightBps: 10_000 }],
        feeBps: 150,
        hooks: 1,
      },
    },
    { kind: 'buy', args: { tokenAmount: 123n, maxQuoteIn: 2n ** 64n - 1n } },
    { kind: 'sell', args: { tokenAmount: 5n, minQuoteOut: 0n } },
    { kind: 'lockFeeSplit', args: { referrer: B } },
    { kind: 'lockFeeSplit', args: { referrer: null } },
    { kind: 'claimFees', args: {} },
    { kind: 'graduate', args: {} },
    { kind: 'setQuoteConfig', args: { initialVirtualQuote: 1n, initialVirtualToken: 3n, curveAllotment: 2n, enabled: true } },
  ];
  const poolVenue: PoolVenueInstructionData[] = [
    {
      kind: 'createPool',
      args: {
        name: 'n',
        symbol: 's',
        uri: '',
        mode: 'creator',
        feeBps: 100,
        basket: [],
        recipients: [{ wallet: A, bps: 10_000 }],
        buyBps: 1_000,
        maxQuoteIn: 9n,
        hooks: 0,
      },
    },
    { kind: 'createLockedPool', args: { tokenAmount: 1n, quoteAmount: 2n } },
    { kind: 'createMarketPool', args: { tokenAmount: 1n, quoteAmount: 2n, feeBps: 30 } },
    { kind: 'swap', args: { side: 'sell', amountIn: 10n, minOut: 9n } },
    { kind: 'claimFees', args: {} },
  ];

  it('round-trips every launchpad and pool-venue instruction', () => {
    for (const ix of launchpad) expect(decodeLaunchpadInstruction(encodeLaunchpadInstruction(ix))).toEqual(ix);
    for (const ix of poolVenue) expect(decodePoolVenueInstruction(encodePoolVenueInstruction(ix))).toEqual(ix);
  });

  it('returns null for unknown discriminators and truncated data', () => {
    expect(decodeLaunchpadInstruction(Uint8Array.of(99))).toBeNull();
    expect(decodeLaunchpadInstruction(Uint8Array.of(1, 2, 3))).toBeNull();
    expect(decodePoolVenueInstruction(new Uint8Array())).toBeNull();
  });

  it('names a built instruction accounts by position', () => {
    const ix = createCoinInstruction({
      programId: PROGRAM,
      payer: A,
      creator: B,
      mint: address('CvsiwbxWN3UgXF5WEL2hbmTzUHtBhztUTk4ESLnHsDnk'),
      args: { name: 'a', symbol: 'b', uri: '', mode: 'holder', holdersPaid: 'pair', basket: [], feeBps: 100, hooks: 0 },
    });
    const names = nameLaunchpadAccounts(
      'createCoin',
      ix.accounts!.map((a) => a.address as Address),
    );
    expect(Object.keys(names)).toEqual([...LAUNCHPAD_ACCOUNTS.createCoin]);
    expect(names.payer).toBe(A);
    expect(names.creator).toBe(B);
    expect(names.curveQuoteVault).toBe(names.curve);
  });
});

describe('accounts', () => {
  it('round-trips a curve in a fixed-size account and refuses other accounts', () => {
    const curve: Curve = {
      bump: 254,
      mint: A,
      creator: B,
      quoteMint: A,
      tokenProgram: B,
      quoteTokenProgram: A,
      quoteDecimals: 9,
      mode: 'creator',
      holdersPaid: 'pair',
      hooks: 1,
      feeBps: 100,
      referralBps: 1_000,
      antiSniperLimitBps: 100,
      antiSniperWindowSeconds: 60,
      totalSupply: COIN_TOTAL_SUPPLY,
      initialVirtualQuote: SOL_CURVE.initialVirtualQuote,
      initialVirtualToken: SOL_CURVE.initialVirtualToken,
      curveAllotment: SOL_CURVE.curveAllotment,
      virtualQuote: 1n,
      virtualToken: 2n,
      realQuote: 3n,
      realToken: 4n,
      accruedFees: 5n,
      claimedFees: 6n,
      launchSlot: 7n,
      launchTimestamp: -8n,
      basket: [{ mint: B, weightBps: 10_000 }],
      splitLocked: true,
      referrer: B,
      split: buildFeeSplit('creator', wallets, B),
      complete: false,
      pool: null,
    };
    const data = encodeCurve(curve);
    expect(data.length).toBe(CURVE_SIZE);
    expect(decodeCurve(data)).toEqual(curve);
    expect(decodeGlobal(data)).toBeNull();
    expect(decodeCurve(data.subarray(0, 100))).toBeNull();
  });
});

describe('events', () => {
  it('uses sha256("event:<Name>") discriminators and round-trips', () => {
    const expected = createHash('sha256').update('event:Graduated').digest().subarray(0, 8);
    expect(Buffer.from(launchpadEvents.discriminators.Graduated)).toEqual(expected);
    const data = { mint: A, curve: B, pool: A, tokenAmount: 1n, quoteAmount: 2n, timestamp: 3n };
    expect(decodeLaunchpadEvent(launchpadEvents.encode('Graduated', data))).toEqual({ name: 'Graduated', data });
    expect(decodePoolVenueEvent(launchpadEvents.encode('Graduated', data))).toBeNull();
    expect(decodeLaunchpadEvent(new Uint8Array(8))).toBeNull();
  });
});
