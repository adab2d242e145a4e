// The devnet's actions for tests (infra/devnet/actions.ts) on a manual devnet whose simulator has launched coins:
// each lands in the working slot and moves exactly what it says (fund, SOL and token transfers), a buy and a sale
// move the coin both ways on its curve, a listing writes the pair's quote config, and a failing transaction throws
// with the chain's error, having moved nothing but its fee.
import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyPairFromLabel } from '../../../infra/crypto/ed25519.js';
import { act, buy, fund, sell, setQuoteListing, transferSol, transferTokens } from '../../../infra/devnet/actions.js';
import type { Devnet } from '../../../infra/devnet/devnet.js';
import { coinBalance } from '../../../infra/devnet/simulator/market-ops.js';
import type { SimCoin } from '../../../infra/devnet/simulator/sim-state.js';
import { solTransfer } from '../../../infra/devnet/simulator/token-ops.js';
import { DEVNET_ADDRESSES } from '../../../schemas/devnet-addresses.js';
import { decodeQuoteConfig } from '../../../schemas/programs/launchpad/accounts.js';
import { quoteConfigPda } from '../../../schemas/programs/launchpad/pdas.js';
import { isSolQuote } from '../../../schemas/programs/token-addresses.js';
import { startSimulatedDevnet } from '../../ingest/chain-fixture.js';

const SOL = 1_000_000_000n;
/** The fee of one signature. */
const FEE = 5_000n;
const alice = keyPairFromLabel('actions-spec/alice');
const bob = keyPairFromLabel('actions-spec/bob');

let devnet: Devnet;
let coin: SimCoin;
const lamports = (owner: Address) => devnet.bank.getAccount(owner)?.lamports ?? 0n;
const held = (owner: Address) => coinBalance(devnet.bank, coin, owner);

beforeAll(async () => {
  devnet = await startSimulatedDevnet(71);
  for (let i = 0; i < 30; i++) devnet.step();
  coin = devnet.simulator!.state.coins.find((c) => c.route === 'launchpad' && !c.graduated && isSolQuote(c.quoteMint))!;
  expect(coin, 'a SOL-pair coin on its curve').toBeDefined();
});

afterAll(async () => {
  await devnet?.stop();
});

describe('devnet actions', () => {
  it('fund and transferSol move exactly the lamports named, the payer paying the fee of every signature', () => {
    const tx = fund(devnet, alice.address, 10n * SOL);
    expect(tx.slot).toBe(devnet.bank.workingSlot);
    expect(lamports(alice.address)).toBe(10n * SOL);
    transferSol(devnet, alice, bob.address, 2n * SOL);
    expect([lamports(alice.address), lamports(bob.address)]).toEqual([8n * SOL - FEE, 2n * SOL]);
    transferSol(devnet, bob, alice.address, SOL, alice);
    expect([lamports(alice.address), lamports(bob.address)]).toEqual([9n * SOL - 3n * FEE, SOL]);
  });

  it('buy, sell and transferTokens move the coin both ways', () => {
    buy(devnet, alice, coin.mint, SOL);
    const bought = held(alice.address);
    expect(bought).toBeGreaterThan(0n);
    const solBefore = lamports(alice.address);
    sell(devnet, alice, coin.mint, bought / 4n);
    expect(held(alice.address)).toBe(bought - bought / 4n);
    expect(lamports(alice.address)).toBeGreaterThan(solBefore);
    transferTokens(devnet, alice, coin.mint, bob.address, bought / 4n);
    expect([held(alice.address), held(bob.address)]).toEqual([bought - 2n * (bought / 4n), bought / 4n]);
  });

  it('setQuoteListing writes the pair token quote config, enabled or not', () => {
    const wbtc = DEVNET_ADDRESSES.basketMints[0] as Address;
    const config = () => decodeQuoteConfig(devnet.bank.getAccount(quoteConfigPda(DEVNET_ADDRESSES.launchpadProgram as Address, wbtc)[0])!.data)!;
    setQuoteListing(devnet, wbtc, true);
    expect(config().enabled).toBe(true);
    setQuoteListing(devnet, wbtc, false);
    expect(config().enabled).toBe(false);
  });

  it('throws with the chain error for a failing transaction, which moves nothing but its fee', () => {
    const before = [lamports(alice.address), lamports(bob.address)];
    expect(() => act(devnet, [bob], [solTransfer(bob.address, alice.address, 1_000n * SOL)])).toThrow(/transaction failed/);
    expect(() => buy(devnet, alice, bob.address, SOL)).toThrow(/not a coin the simulator launched/);
    expect([lamports(alice.address), lamports(bob.address)]).toEqual([before[0], before[1]! - FEE]);
  });
});
