// `jsonParsed` for SPL Token and Token-2022 accounts, as the validator's account decoder shapes them:
// token accounts, mints (with Token-2022 extensions) and multisigs; plus UiTokenAmount.
import { getAddressDecoder, type Address } from '@solana/kit';
import {
  ACCOUNT_TYPE_OFFSET,
  MINT_SIZE,
  readMint,
  readTokenAccount,
  TOKEN_ACCOUNT_SIZE,
  uiAmountString,
  type MintState,
  type TokenAccountState,
} from '../runtime/token-layout.js';
import { NATIVE_MINT, TOKEN_2022_PROGRAM } from '../runtime/well-known.js';
import type { Account, UiTokenAmount } from '../runtime/types.js';
import { parseExtensions, type UiExtension } from './token-extensions.js';

const MULTISIG_SIZE = 355;
const addressDecoder = getAddressDecoder();

export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const uiAmount = decimals <= 19 ? Number(amount) / 10 ** decimals : null;
  return { uiAmount, decimals, amount: amount.toString(), uiAmountString: uiAmountString(amount, decimals) };
}

/** StateWithExtensions<Account>::unpack: base size exactly, or extended with the account type byte 2. */
export function unpackTokenAccount(data: Uint8Array): TokenAccountState | null {
  if (data.length !== TOKEN_ACCOUNT_SIZE && (data.length <= TOKEN_ACCOUNT_SIZE || data.length === MULTISIG_SIZE || data[ACCOUNT_TYPE_OFFSET] !== 2)) {
    return null;
  }
  return readTokenAccount(data);
}

/** StateWithExtensions<Mint>::unpack: base size exactly, or padded and extended with the account type byte 1. */
export function unpackMint(data: Uint8Array): MintState | null {
  if (data.length !== MINT_SIZE) {
    if (data.length <= TOKEN_ACCOUNT_SIZE || data.length === MULTISIG_SIZE || data[ACCOUNT_TYPE_OFFSET] !== 1) return null;
    for (let i = MINT_SIZE; i < TOKEN_ACCOUNT_SIZE; i++) if (data[i] !== 0) return null;
  }
  const mint = readMint(data);
  return mint?.isInitialized ? mint : null;
}

/** Decimals of a mint as the RPC looks them up (the native mint without an account). */
function mintDecimals(mint: Address, lookup: (address: Address) => Account | undefined): number | undefined {
  if (mint === NATIVE_MINT) return 9;
  const account = lookup(mint);
  return account ? unpackMint(account.data)?.decimals : undefined;
}

export interface ParsedTokenData {
  program: 'spl-token' | 'spl-token-2022';
  parsed: { type: 'account' | 'mint' | 'multisig'; info: Record<string, unknown> };
  space: number;
}

function withExtensions(info: Record<string, unknown>, extensions: UiExtension[]): Record<string, unknown> {
  return extensions.length > 0 ? { ...info, extensions } : info;
}

/** Parse token program data; null when it is not parsable (the caller falls back to base64). */
export function parseTokenData(account: Account, lookup: (address: Address) => Account | undefined): ParsedTokenData | null {
  const data = account.data;
  const program = account.owner === TOKEN_2022_PROGRAM ? 'spl-token-2022' : 'spl-token';
  const wrap = (type: 'account' | 'mint' | 'multisig', info: Record<string, unknown>): ParsedTokenData => ({
    program,
    parsed: { type, info },
    space: data.length,
  });
  const tokenAccount = unpackTokenAccount(data);
  if (tokenAccount) {
    const decimals = mintDecimals(tokenAccount.mint, lookup);
    if (decimals === undefined) return null;
    const info: Record<string, unknown> = {
      mint: tokenAccount.mint,
      owner: tokenAccount.owner,
      tokenAmount: uiTokenAmount(tokenAccount.amount, decimals),
      delegate: tokenAccount.delegate ?? undefined,
      state: tokenAccount.state === 2 ? 'frozen' : 'initialized',
      isNative: tokenAccount.isNative !== null,
      rentExemptReserve: tokenAccount.isNative === null ? undefined : uiTokenAmount(tokenAccount.isNative, decimals),
      delegatedAmount: tokenAccount.delegate ? uiTokenAmount(tokenAccount.delegatedAmount, decimals) : undefined,
      closeAuthority: tokenAccount.closeAuthority ?? undefined,
    };
    return wrap('account', withExtensions(info, data.length > TOKEN_ACCOUNT_SIZE ? parseExtensions(data) : []));
  }
  const mint = unpackMint(data);
  if (mint) {
    const info = {
      mintAuthority: mint.mintAuthority,
      supply: mint.supply.toString(),
      decimals: mint.decimals,
      isInitialized: mint.isInitialized,
      freezeAuthority: mint.freezeAuthority,
    };
    return wrap('mint', withExtensions(info, data.length > MINT_SIZE ? parseExtensions(data) : []));
  }
  if (data.length === MULTISIG_SIZE && data[2] === 1) {
    const signers: string[] = [];
    for (let i = 0; i < 11; i++) {
      const key = data.subarray(3 + i * 32, 35 + i * 32);
      if (key.some((b) => b !== 0)) signers.push(addressDecoder.decode(key));
    }
    return wrap('multisig', { numRequiredSigners: data[0], numValidSigners: data[1], isInitialized: true, signers });
  }
  return null;
}
