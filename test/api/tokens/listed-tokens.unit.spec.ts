// The labels of the tokens the service lists come from the configuration (TOKEN_LABELS), the devnet's by default:
// a replacement list labels the listed mints, a listed mint without a label is answered with null labels, and a bad
// list is refused when the configuration loads.
import { describe, expect, it } from 'vitest';
import { listedTokens } from '../../../api/tokens/listed-tokens.js';
import { ConfigError, loadConfig } from '../../../schemas/config.js';
import { DEVNET_ADDRESSES } from '../../../schemas/devnet-addresses.js';
import { DEVNET_TOKEN_LABELS } from '../../../schemas/token-labels.js';

const [wbtc, weth] = DEVNET_ADDRESSES.basketMints;

describe('listed token labels', () => {
  it('are the devnet list by default', () => {
    const config = loadConfig({});
    expect(config.tokenLabels).toEqual(DEVNET_TOKEN_LABELS);
    expect(listedTokens(config).find((token) => token.mint === DEVNET_ADDRESSES.stablecoinMint)).toMatchObject({
      role: 'stablecoin',
      symbol: 'USDC',
      decimals: 6,
    });
  });

  it('come from TOKEN_LABELS when set; a listed mint without one has null labels', () => {
    const labels = [{ mint: wbtc, symbol: 'cbBTC', name: 'Coinbase Wrapped BTC', decimals: 8 }];
    const config = loadConfig({ TOKEN_LABELS: JSON.stringify(labels) });
    expect(config.tokenLabels).toEqual(labels);
    const tokens = listedTokens(config);
    expect(tokens.find((token) => token.mint === wbtc)).toEqual({
      mint: wbtc,
      role: 'basket',
      name: 'Coinbase Wrapped BTC',
      symbol: 'cbBTC',
      decimals: 8,
      basket: true,
    });
    expect(tokens.find((token) => token.mint === weth)).toEqual({ mint: weth, role: 'basket', name: null, symbol: null, decimals: null, basket: true });
    expect(tokens.find((token) => token.role === 'sol')).toMatchObject({ symbol: 'SOL', decimals: 9 });
  });

  it('refuse a list that is not JSON, names a mint twice, or has a bad field', () => {
    const good = { mint: wbtc, symbol: 'WBTC', name: 'Wrapped Bitcoin', decimals: 8 };
    for (const bad of [
      '[not json',
      JSON.stringify([good, good]),
      JSON.stringify([{ ...good, mint: 'nope' }]),
      JSON.stringify([{ ...good, decimals: 19 }]),
      JSON.stringify([{ ...good, extra: 1 }]),
    ]) {
      expect(() => loadConfig({ TOKEN_LABELS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ TOKEN_LABELS: bad }), bad).toThrow(/TOKEN_LABELS/);
    }
  });
});
