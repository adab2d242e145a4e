// The tokens the service itself lists: SOL and the stablecoin (the configuration's pairs), the basket tokens
// (holder rewards) and the platform token, from the configuration. Whether the launchpad takes one as a pair is a
// chain fact (api/tokens/pair-states.ts), not decided here. Basket membership stays the configuration's: the
// keepers buy the basket the configuration names, and no chain fact lists basket tokens. Their labels and decimals come
// from the configuration too (`tokenLabels`); a listed mint without a label is still answered, with null labels and
// the decimals the configuration gives (platform token) or none.
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import type { ApiConfig } from '../deps.js';

export type ListedRole = 'sol' | 'stablecoin' | 'basket' | 'platform';

export interface ListedToken {
  mint: string;
  role: ListedRole;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  /** Offered in holder baskets. */
  basket: boolean;
}

const SOL = { name: 'Wrapped SOL', symbol: 'SOL', decimals: 9 };

export function listedTokens(config: ApiConfig): ListedToken[] {
  const labels = new Map<string, { name: string; symbol: string; decimals: number }>(config.tokenLabels.map((token) => [token.mint, token]));
  labels.set(NATIVE_MINT_ID, SOL);
  const basket = new Set<string>(config.mints.basket);
  const entries: [string, ListedRole][] = [
    [NATIVE_MINT_ID, 'sol'],
    [config.mints.stablecoin, 'stablecoin'],
    [config.mints.platformToken, 'platform'],
    ...config.mints.basket.map((mint): [string, ListedRole] => [mint, 'basket']),
  ];
  const seen = new Set<string>();
  return entries.flatMap(([mint, role]) => {
    if (seen.has(mint)) return [];
    seen.add(mint);
    const label = labels.get(mint);
    const decimals = label?.decimals ?? (role === 'platform' ? config.platformToken.decimals : null);
    return [
      {
        mint,
        role,
        name: label?.name ?? null,
        symbol: label?.symbol ?? null,
        decimals,
        basket: basket.has(mint),
      },
    ];
  });
}
