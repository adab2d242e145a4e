// Coin board rows (api/views/coin-board.ts) into the API's coin summary and coin in full. Creator-written text goes
// only under `user`; times become ISO strings; figures come from api/figures.ts.
import type { CoinFull } from '../../schemas/api/coin-full.js';
import type { CoinSummary } from '../../schemas/api/coins.js';
import { isoFromSeconds } from '../../schemas/api/fields.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import type { ApiConfig } from '../deps.js';
import { coinFigures, type InLamports } from '../figures.js';
import type { LaunchText } from '../launch/launch-text.js';
import type { BoardRow } from '../views/coin-board.js';

export function coinSummary(row: BoardRow, nowSeconds: number, inLamports: InLamports): CoinSummary {
  return {
    mint: row.mint,
    user: { name: row.untrustedName, symbol: row.untrustedSymbol },
    mode: row.mode,
    graduated: row.graduatedAt !== null,
    createdAt: isoFromSeconds(row.createdAt),
    quote: { mint: row.quoteMint, decimals: row.quoteDecimals },
    ...coinFigures(row, nowSeconds, inLamports),
  };
}

function pairKind(quoteMint: string, config: ApiConfig): CoinFull['pair']['kind'] {
  if (quoteMint === NATIVE_MINT_ID) return 'sol';
  return quoteMint === config.mints.stablecoin ? 'stablecoin' : 'token';
}

function pools(row: BoardRow): CoinFull['pools'] {
  const graduated = row.graduatedPool !== null;
  const list: CoinFull['pools'] = [];
  if (row.curve !== null) list.push({ kind: 'curve', address: row.curve, active: !graduated });
  if (row.pool !== null) list.push({ kind: 'pool', address: row.pool, active: !graduated });
  if (row.graduatedPool !== null) list.push({ kind: 'locked-pool', address: row.graduatedPool, active: true });
  return list;
}

export function coinFull(row: BoardRow, nowSeconds: number, inLamports: InLamports, config: ApiConfig, launchText: LaunchText | null): CoinFull {
  const summary = coinSummary(row, nowSeconds, inLamports);
  return {
    ...summary,
    user: {
      ...summary.user,
      description: launchText?.description ?? null,
      socials: launchText?.socials ?? { x: null, telegram: null, website: null },
      uri: row.untrustedUri,
    },
    venue: row.route,
    creator: { wallet: row.creator },
    pools: pools(row),
    holdersPaid: row.holdersPaid,
    basket: row.basketMints.map((mint, i) => ({ mint, weight: row.basketWeightsBps[i] ?? 0 })),
    creatorSplit: row.creatorRecipientWallets.map((wallet, i) => ({ wallet, pct: (row.creatorRecipientBps[i] ?? 0) / 100 })),
    fee: { bps: row.feeBps },
    pair: { mint: row.quoteMint, kind: pairKind(row.quoteMint, config) },
    hooks: row.hooks,
    token: row.tokenProgram,
    decimals: row.decimals,
    supply: row.totalSupply,
    graduation: row.graduatedAt === null || row.graduatedPool === null ? null : { time: isoFromSeconds(row.graduatedAt), pool: row.graduatedPool },
  };
}
