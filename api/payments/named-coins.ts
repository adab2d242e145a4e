// A call naming a coin that is not on this network is answered 404 before it is asked to pay (a paid tier, or any
// read past the free allowance): whether a mint is a coin is what the free coin list gives away anyway, so
// learning it must not take a funded wallet. The coins a call names are its `mint` (path parameter or tool
// argument) and its `coin` filter.
import type { ApiContext } from '../deps.js';

const COIN_ARGUMENTS = ['mint', 'coin'] as const;

/** The 404 message for the first coin `args` name that is no coin here, or null when each is one (or none is named). */
export function unknownCoin(ctx: ApiContext, args: Readonly<Record<string, unknown>>): string | null {
  for (const key of COIN_ARGUMENTS) {
    const mint = args[key];
    if (typeof mint === 'string' && ctx.views.board.launchOf(mint) === undefined) return `no coin ${mint} on this network`;
  }
  return null;
}
