// A mint's authorities as a transaction's token instructions leave them: InitializeMint / InitializeMint2 set
// the mint authority and the optional freeze authority, SetAuthority (MintTokens, FreezeAccount) replaces or
// revokes one; top-level and inner instructions, in execution order, SPL Token and Token-2022 alike (same
// layouts). Launch decoders add the result to coin.launched, so health grades can say whether a coin's supply
// or its holders' accounts are still at someone's mercy. Null when the transaction does not create the mint.
import { getAddressDecoder, type Address } from '@solana/kit';
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../../../schemas/programs/token-addresses.js';
import type { TxView } from '../tx-view.js';

const INITIALIZE_MINT = 0;
const SET_AUTHORITY = 6;
const INITIALIZE_MINT_2 = 20;
const AUTHORITY_MINT_TOKENS = 0;
const AUTHORITY_FREEZE_ACCOUNT = 1;
const ADDRESS_BYTES = 32;

export interface MintAuthorities {
  mintAuthority: Address | null;
  freezeAuthority: Address | null;
}

const addresses = getAddressDecoder();

/** An `Option<Pubkey>` of instruction data at `at`: tag 0 (none) or 1 and 32 bytes; undefined when malformed. */
function optionalAddress(data: Uint8Array, at: number): Address | null | undefined {
  if (data[at] === 0) return null;
  if (data[at] !== 1 || data.length < at + 1 + ADDRESS_BYTES) return undefined;
  return addresses.decode(data.subarray(at + 1, at + 1 + ADDRESS_BYTES));
}

export function mintAuthorities(tx: TxView, mint: string): MintAuthorities | null {
  let created = false;
  let mintAuthority: Address | null = null;
  let freezeAuthority: Address | null = null;
  for (const ix of tx.invocations) {
    if ((ix.programId !== TOKEN_PROGRAM_ID && ix.programId !== TOKEN_2022_PROGRAM_ID) || ix.accounts[0] !== mint) continue;
    const kind = ix.data[0];
    if ((kind === INITIALIZE_MINT || kind === INITIALIZE_MINT_2) && ix.data.length >= 2 + ADDRESS_BYTES + 1) {
      const freeze = optionalAddress(ix.data, 2 + ADDRESS_BYTES);
      if (freeze === undefined) continue;
      created = true;
      mintAuthority = addresses.decode(ix.data.subarray(2, 2 + ADDRESS_BYTES));
      freezeAuthority = freeze;
    } else if (kind === SET_AUTHORITY && created && ix.data.length >= 3) {
      const authority = optionalAddress(ix.data, 2);
      if (authority === undefined) continue;
      if (ix.data[1] === AUTHORITY_MINT_TOKENS) mintAuthority = authority;
      else if (ix.data[1] === AUTHORITY_FREEZE_ACCOUNT) freezeAuthority = authority;
    }
  }
  return created ? { mintAuthority, freezeAuthority } : null;
}
