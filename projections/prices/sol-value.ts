// SQL valuing amounts in SOL or US dollars at the SOL price in force when they happened: the last SOL price posted at
// or before the amount's slot (an ASOF join on slot with the `prices` table). SOL amounts are lamports as they are; the
// dollar stablecoin counts one micro-USD per millionth of a dollar and becomes lamports at that price. An amount that
// needs a price and has none (before the first price), or is in another token, values to NULL, which sums leave out.
import { STABLECOIN_DECIMALS } from '../../schemas/programs/launchpad/constants.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import { PRICES_TABLE } from './table.js';

/** The mints the service values by (SOL's native mint, as quote mints name it, and its dollar stablecoin with the
 * stablecoin's decimals), which are also the parameters every valuing statement takes. */
export type ValuingMints = { solMint: string; stablecoinMint: string; stablecoinDecimals: number };

export function valuingMints(stablecoinMint: string): ValuingMints {
  return { solMint: NATIVE_MINT_ID, stablecoinMint, stablecoinDecimals: STABLECOIN_DECIMALS };
}

/** `FROM (<rows>) AS s ASOF LEFT JOIN <SOL prices> AS p`: `rows` must select `slot`; `p.microUsd` is the SOL
 * price in force at each row's slot, 0 before the first. */
export function withSolPriceAt(rows: string): string {
  return `FROM (SELECT 'SOL' AS priceAsset, * FROM (${rows})) AS s
    ASOF LEFT JOIN (SELECT asset, slot AS priceSlot, microUsd FROM ${PRICES_TABLE} FINAL WHERE asset = 'SOL') AS p
    ON s.priceAsset = p.asset AND s.slot >= p.priceSlot`;
}

const STABLE_UNIT = 'toUInt256(intExp10({stablecoinDecimals:UInt8}))';
const PRICE = 'toUInt256(p.microUsd)';

/** Lamports worth of `amount` raw units of `token` (a mint): SOL as is, the stablecoin at the SOL price `p.microUsd`. */
export function lamportsOf(amount: string, token: string): string {
  return `multiIf(
    ${token} = {solMint:String}, toNullable(toUInt256(${amount})),
    ${token} = {stablecoinMint:String} AND p.microUsd > 0, toNullable(intDiv(toUInt256(${amount}) * 1000000000000000, ${STABLE_UNIT} * ${PRICE})),
    NULL)`;
}

/** lamportsOf for one amount outside a statement: lamports worth of `amount` raw units of `token` at a SOL price of
 * `solMicroUsd` (null when none is known); null for another token or without a price. */
export function lamportsValue(amount: bigint, token: string | null, mints: ValuingMints, solMicroUsd: bigint | null): bigint | null {
  if (token === mints.solMint) return amount;
  if (token !== mints.stablecoinMint || solMicroUsd === null || solMicroUsd <= 0n) return null;
  return (amount * 1_000_000_000_000_000n) / (10n ** BigInt(mints.stablecoinDecimals) * solMicroUsd);
}

/** The mint a revenue amount is counted in: lamports are SOL, quote amounts name their mint. */
const REVENUE_TOKEN = `if(s.unit = 'lamports', {solMint:String}, ifNull(s.quoteMint, ''))`;

/** Lamports worth of a revenue amount, whose `unit` (lamports, micro-usd or quote) says what it counts. */
export const REVENUE_LAMPORTS = `if(s.unit = 'micro-usd',
    if(p.microUsd > 0, toNullable(intDiv(toUInt256(s.amount) * 1000000000, ${PRICE})), NULL),
    ${lamportsOf('s.amount', REVENUE_TOKEN)})`;

/** Micro-USD worth of a revenue amount: micro-USD as is, the stablecoin at face value, SOL at `p.microUsd`. */
export const REVENUE_MICRO_USD = `multiIf(
    s.unit = 'micro-usd', toNullable(toUInt256(s.amount)),
    ${REVENUE_TOKEN} = {stablecoinMint:String}, toNullable(intDiv(toUInt256(s.amount) * 1000000, ${STABLE_UNIT})),
    ${REVENUE_TOKEN} = {solMint:String} AND p.microUsd > 0, toNullable(intDiv(toUInt256(s.amount) * ${PRICE}, 1000000000)),
    NULL)`;
