// The SetQuoteConfig decoder from fixture transactions of a manual-mode devnet without traffic: arrange (the
// launchpad's admin lists a basket token as a pair, then disables it), act (decode each landed transaction in its
// raw-tx form), assert (one quote.configured per instruction, as the chain's quote config account holds it).
import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Devnet } from '../../infra/devnet/devnet.js';
import { WELL_KNOWN_KEYS } from '../../infra/devnet/genesis/well-known-keys.js';
import { LAUNCHPAD_ADMIN, quoteListingInstruction } from '../../infra/devnet/quote-listing.js';
import { decodeContext, decodeTransaction, eventKey } from '../../ingest/decoders/index.js';
import { KnownCoins } from '../../ingest/known-coins/known-coins.js';
import { parseEvent } from '../../schemas/events/index.js';
import { decodeQuoteConfig } from '../../schemas/programs/launchpad/accounts.js';
import { STABLECOIN_CURVE } from '../../schemas/programs/launchpad/constants.js';
import { quoteConfigPda } from '../../schemas/programs/launchpad/pdas.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import { act } from '../../infra/devnet/actions.js';
import { CONFIG, rawOf } from './chain-fixture.js';

const WBTC = WELL_KNOWN_KEYS.basketMints[0].address;
let devnet: Devnet;

beforeAll(async () => {
  devnet = await Devnet.start({ speed: 'manual', seed: 5, simulate: false });
});
afterAll(async () => {
  await devnet.stop();
});

const decode = (tx: ReturnType<typeof act>) => decodeTransaction(rawOf(tx), decodeContext(CONFIG, new KnownCoins())).map(parseEvent);
const configOf = (mint: Address) => decodeQuoteConfig(devnet.bank.getAccount(quoteConfigPda(CONFIG.programs.launchpad, mint)[0])!.data)!;

describe('launchpad SetQuoteConfig', () => {
  it('is quote.configured with the mint, the curve shape and whether it is enabled, under the platform key', () => {
    // Arrange
    const listed = act(devnet, [LAUNCHPAD_ADMIN], [quoteListingInstruction(WBTC, true)]);
    devnet.step();

    // Act
    const events = decode(listed);

    // Assert
    expect(events).toEqual([
      {
        id: `${listed.signature}:0`,
        type: 'quote.configured',
        network: CONFIG.network,
        slot: listed.slot,
        blockTime: listed.blockTime,
        signature: listed.signature,
        v: 1,
        data: {
          quoteMint: WBTC,
          quoteDecimals: null,
          enabled: true,
          initialVirtualQuote: STABLECOIN_CURVE.initialVirtualQuote.toString(),
          initialVirtualToken: STABLECOIN_CURVE.initialVirtualToken.toString(),
          curveAllotment: STABLECOIN_CURVE.curveAllotment.toString(),
        },
      },
    ]);
    expect(configOf(WBTC).enabled).toBe(true);
    expect(eventKey(events[0]!)).toBe('platform');
  });

  it('a disabling transaction says enabled false, as the account then holds it', () => {
    const disabled = act(devnet, [LAUNCHPAD_ADMIN], [quoteListingInstruction(WBTC, false)]);
    devnet.step();

    const [event] = decode(disabled);

    expect(event).toMatchObject({ type: 'quote.configured', signature: disabled.signature, data: { quoteMint: WBTC, enabled: false } });
    expect(configOf(WBTC).enabled).toBe(false);
  });

  it('knows SOL decimals without reading the mint; several configs in one transaction are one event each', () => {
    const both = act(devnet, [LAUNCHPAD_ADMIN], [quoteListingInstruction(NATIVE_MINT_ID, true), quoteListingInstruction(WBTC, true)]);
    devnet.step();

    const events = decode(both);

    expect(events.map((e) => [e.id, e.type === 'quote.configured' && e.data.quoteMint, e.type === 'quote.configured' && e.data.quoteDecimals])).toEqual([
      [`${both.signature}:0`, NATIVE_MINT_ID, 9],
      [`${both.signature}:1`, WBTC, null],
    ]);
  });

  it('nothing from another program with the same instruction bytes', () => {
    const listed = act(devnet, [LAUNCHPAD_ADMIN], [quoteListingInstruction(WBTC, true)]);
    devnet.step();
    const raw = rawOf(listed);
    const impostor = WELL_KNOWN_KEYS.guardProgram.address;
    const forged = {
      ...raw,
      accountKeys: raw.accountKeys.map((key) => (key === CONFIG.programs.launchpad ? impostor : key)),
      meta: { ...raw.meta, logMessages: raw.meta.logMessages.map((line) => line.replace(CONFIG.programs.launchpad, impostor)) },
    };

    expect(decodeTransaction(forged, decodeContext(CONFIG, new KnownCoins())).filter((e) => e.type === 'quote.configured')).toEqual([]);
  });
});
