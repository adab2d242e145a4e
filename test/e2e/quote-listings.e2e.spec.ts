// Pair listings end to end on the devnet: the launchpad's admin lists a basket token (WBTC) as a pair with a
// SetQuoteConfig transaction, disables it, and after midnight lists it again. After each, token search
// (`onService.quote`, `onService.addedAt`) and `GET /token-quotes` (`launchpad`, `addedAt`) must say what the chain
// says: the quote config account's enabled flag, and the UTC day of the block of the first enabling transaction.
// SOL and the stablecoin, whose configs genesis wrote without a transaction, are taken with no listing day.
import type { Address } from '@solana/kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app.js';
import { setQuoteListing } from '../../infra/devnet/actions.js';
import { WELL_KNOWN_KEYS } from '../../infra/devnet/genesis/well-known-keys.js';
import type { ExecutedTransaction } from '../../infra/devnet/runtime/types.js';
import type { TokenQuotesResponse } from '../../schemas/api/token-quotes.js';
import type { TokensResponse } from '../../schemas/api/tokens.js';
import { decodeQuoteConfig } from '../../schemas/programs/launchpad/accounts.js';
import { quoteConfigPda } from '../../schemas/programs/launchpad/pdas.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import { CONFIG } from '../ingest/chain-fixture.js';
import { startService, type ServiceHarness } from './service-harness.js';

/** Ten-minute slots: 144 a UTC day. */
const SLOT_MS = 600_000;
const WBTC = WELL_KNOWN_KEYS.basketMints[0].address;
const STABLECOIN = CONFIG.mints.stablecoin;

let h: ServiceHarness;
let app: FastifyInstance;

beforeAll(async () => {
  h = await startService({ seed: 47, rpc: true, slotMs: SLOT_MS });
  // The API with a chain connection, as the service runs it: the pair listing reads the chain's quote configs.
  app = buildApp({
    olap: h.olap,
    views: h.views,
    config: CONFIG,
    launch: { rpcUrl: h.devnet.rpcUrl!, programs: CONFIG.programs, siteUrl: 'https://launchtape.example', keys: null, sweepIntervalMs: 0 },
  });
  await h.step(3);
  await h.settle();
});
afterAll(async () => {
  await app?.close();
  await h?.stop();
});

const get = async <T>(url: string): Promise<T> => {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};
const dayOf = (tx: ExecutedTransaction) => new Date(tx.blockTime * 1000).toISOString().slice(0, 10);
const chainConfig = (mint: Address) => {
  const account = h.devnet.bank.getAccount(quoteConfigPda(CONFIG.programs.launchpad, mint)[0]);
  return account === undefined ? null : decodeQuoteConfig(account.data);
};
const searched = async (q: string, mint: Address) => (await get<TokensResponse>(`/api/v1/tokens?q=${q}`)).tokens.find((token) => token.mint === mint)!;
const quotes = async () => (await get<TokenQuotesResponse>('/token-quotes')).quotes;

/** Token search and the pair listing agree with each other and with the chain for every pair listed. */
async function expectAgreement(): Promise<void> {
  for (const quote of await quotes()) {
    const config = chainConfig(quote.mint as Address);
    expect(quote.launchpad, quote.mint).toBe(config?.enabled === true);
    expect(quote.decimals, quote.mint).toBe(config!.quoteDecimals);
    const token = await searched(quote.mint, quote.mint as Address);
    expect(token.onService, quote.mint).toMatchObject({ quote: quote.launchpad, addedAt: quote.addedAt });
  }
}

async function land(enabled: boolean): Promise<ExecutedTransaction> {
  const tx = setQuoteListing(h.devnet, WBTC, enabled);
  await h.land();
  return tx;
}

describe('pair listings from the chain', () => {
  let listed: ExecutedTransaction;

  it('before any listing: SOL and the stablecoin are taken (genesis, no day); WBTC is a basket token only', async () => {
    expect(chainConfig(WBTC)).toBeNull();
    expect((await quotes()).map((quote) => [quote.mint, quote.launchpad, quote.addedAt])).toEqual([
      [NATIVE_MINT_ID, true, null],
      [STABLECOIN, true, null],
    ]);
    expect((await searched('WBTC', WBTC)).onService).toEqual({ quote: false, basket: true, addedAt: null });
    expect((await searched('SOL', NATIVE_MINT_ID)).onService).toEqual({ quote: true, basket: false, addedAt: null });
    await expectAgreement();
  });

  it("listed by the admin: taken, added on the day of the transaction's block", async () => {
    listed = await land(true);
    expect(chainConfig(WBTC)?.enabled).toBe(true);

    const wbtc = (await quotes()).find((quote) => quote.mint === WBTC);
    expect(wbtc).toEqual({ mint: WBTC, symbol: 'WBTC', name: 'Wrapped Bitcoin', decimals: 8, priceUsd: null, launchpad: true, addedAt: dayOf(listed) });
    expect((await searched('WBTC', WBTC)).onService).toEqual({ quote: true, basket: true, addedAt: dayOf(listed) });
    await expectAgreement();
  });

  it('disabled: no longer taken, still listed in /token-quotes with the day it was added', async () => {
    await land(false);
    expect(chainConfig(WBTC)?.enabled).toBe(false);

    expect((await quotes()).find((quote) => quote.mint === WBTC)).toMatchObject({ launchpad: false, addedAt: dayOf(listed) });
    expect((await searched('WBTC', WBTC)).onService).toEqual({ quote: false, basket: true, addedAt: dayOf(listed) });
    await expectAgreement();
  });

  it('listed again after midnight: taken, added on the day it was first enabled', async () => {
    const slotsToMidnight = Math.ceil((86_400 - (listed.blockTime % 86_400)) / (SLOT_MS / 1000)) + 1;
    await h.step(slotsToMidnight);
    const again = await land(true);
    expect(dayOf(again)).not.toBe(dayOf(listed));

    expect((await quotes()).find((quote) => quote.mint === WBTC)).toMatchObject({ launchpad: true, addedAt: dayOf(listed) });
    expect((await searched('WBTC', WBTC)).onService).toEqual({ quote: true, basket: true, addedAt: dayOf(listed) });
    await expectAgreement();
  });
});
