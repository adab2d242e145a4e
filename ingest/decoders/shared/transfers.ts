// Movements a keeper transaction makes from one of the service's wallets: System transfers of
// lamports, token credits to other owners (from token balances), SPL burns, and the pool-venue buys
// the wallet made. Keeper decoders combine these with the memo that says what the movements were for.
import type { Address } from '@solana/kit';
import { NATIVE_MINT_ID, SYSTEM_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../../../schemas/programs/token-addresses.js';
import type { PoolSwapEvent } from '../../../schemas/programs/pool-venue/events.js';
import type { DecodeContext } from '../context.js';
import { eventsNamed, poolVenueCalls } from '../program-invocations.js';
import type { TxView } from '../tx-view.js';
import { tokenAccountChanges } from './token-accounts.js';

const SYSTEM_TRANSFER = 2;
const TOKEN_BURN = 8;
const TOKEN_BURN_CHECKED = 15;

/** What one account received: lamports (token = the native mint, account = the wallet) or tokens (account = the token account). */
export interface Credit {
  accountIndex: number;
  wallet: string;
  token: string;
  amount: bigint;
}

function view(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

/** Lamports `from` sent by top-level System transfers, summed per recipient (transfers inside CPIs, such as
 * an associated token account's rent, are not payments). */
export function lamportCredits(tx: TxView, from: Address): Credit[] {
  const sums = new Map<Address, bigint>();
  for (const ix of tx.invocations) {
    if (ix.path.inner !== null || ix.programId !== SYSTEM_PROGRAM_ID || ix.data.length < 12 || ix.accounts[0] !== from) continue;
    if (view(ix.data).getUint32(0, true) !== SYSTEM_TRANSFER) continue;
    const to = ix.accounts[1]!;
    sums.set(to, (sums.get(to) ?? 0n) + view(ix.data).getBigUint64(4, true));
  }
  return [...sums].map(([wallet, amount]) => ({ accountIndex: tx.keys.indexOf(wallet), wallet, token: NATIVE_MINT_ID, amount }));
}

/** Token accounts of owners other than `from` whose balance grew. */
export function tokenCredits(tx: TxView, from: Address): Credit[] {
  return tokenAccountChanges(tx)
    .filter((change) => change.owner !== from && change.post > change.pre)
    .map((change) => ({ accountIndex: change.accountIndex, wallet: change.owner, token: change.mint, amount: change.post - change.pre }));
}

/** Everything `from` paid out in the transaction, lamports and tokens. */
export function creditsFrom(tx: TxView, from: Address): Credit[] {
  return [...lamportCredits(tx, from), ...tokenCredits(tx, from)].filter((credit) => credit.amount > 0n);
}

/** Raw units of `mint` burned by Burn / BurnChecked instructions. */
export function burnedAmount(tx: TxView, mint: string): bigint {
  let total = 0n;
  for (const ix of tx.invocations) {
    if (ix.programId !== TOKEN_PROGRAM_ID && ix.programId !== TOKEN_2022_PROGRAM_ID) continue;
    if ((ix.data[0] !== TOKEN_BURN && ix.data[0] !== TOKEN_BURN_CHECKED) || ix.data.length < 9 || ix.accounts[1] !== mint) continue;
    total += view(ix.data).getBigUint64(1, true);
  }
  return total;
}

/** The pool-venue buys `trader` made in the transaction (Swap events, side buy). */
export function buysBy(tx: TxView, ctx: DecodeContext, trader: Address): PoolSwapEvent[] {
  return poolVenueCalls(tx, ctx, ['swap'])
    .flatMap((call) => eventsNamed(call.events, 'Swap'))
    .map((event) => event.data)
    .filter((swap) => swap.trader === trader && swap.side === 'buy');
}
