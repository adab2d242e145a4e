// Byte layouts of SPL Token / Token-2022 mint and token accounts (the base state both programs share),
// read directly for speed: the runtime reads them for every transaction's token balance metadata.
import type { Address } from '@solana/kit';
import { addressFromBytes, writeAddressBytes } from '../../../schemas/base58.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './well-known.js';

export const MINT_SIZE = 82;
export const TOKEN_ACCOUNT_SIZE = 165;
export const MULTISIG_SIZE = 355;
/** Token-2022 marks an extended account with its type at this offset (1 = mint, 2 = account). */
export const ACCOUNT_TYPE_OFFSET = 165;
export const AccountType = { Uninitialized: 0, Mint: 1, Account: 2 } as const;
/** Token-2022 extension entries (u16 type, u16 length, value) start after the account type byte. */
export const TLV_START = ACCOUNT_TYPE_OFFSET + 1;
export const EXTENSION_IMMUTABLE_OWNER = 7;
/** A Token-2022 account with only the ImmutableOwner extension (associated token accounts). */
export const IMMUTABLE_OWNER_ACCOUNT_SIZE = TLV_START + 4;
/** Token account `state` byte. */
export const TokenAccountStatus = { Uninitialized: 0, Initialized: 1, Frozen: 2 } as const;

const ZERO_ADDRESS_BYTES = new Uint8Array(32);

export function isTokenProgram(owner: Address): boolean {
  return owner === TOKEN_PROGRAM || owner === TOKEN_2022_PROGRAM;
}

export interface MintState {
  mintAuthority: Address | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: Address | null;
}

export interface TokenAccountState {
  mint: Address;
  owner: Address;
  amount: bigint;
  delegate: Address | null;
  /** 0 uninitialized, 1 initialized, 2 frozen. */
  state: number;
  isNative: bigint | null;
  delegatedAmount: bigint;
  closeAuthority: Address | null;
}

function view(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

function readOptionAddress(data: Uint8Array, offset: number): Address | null {
  return view(data).getUint32(offset, true) === 1 ? addressFromBytes(data, offset + 4) : null;
}

function writeOptionAddress(data: Uint8Array, offset: number, value: Address | null): void {
  view(data).setUint32(offset, value ? 1 : 0, true);
  if (value) writeAddressBytes(value, data, offset + 4);
  else data.set(ZERO_ADDRESS_BYTES, offset + 4);
}

export function readMint(data: Uint8Array): MintState | null {
  if (data.length < MINT_SIZE) return null;
  const v = view(data);
  return {
    mintAuthority: readOptionAddress(data, 0),
    supply: v.getBigUint64(36, true),
    decimals: data[44]!,
    isInitialized: data[45] === 1,
    freezeAuthority: readOptionAddress(data, 46),
  };
}

/** A mint's decimals (`readMint(data)?.decimals`) without decoding its authorities; null when too short for a mint. */
export function readMintDecimals(data: Uint8Array): number | null {
  return data.length < MINT_SIZE ? null : data[44]!;
}

/** The balance fields of an initialized token account (`readTokenAccount`'s mint, owner, amount), or null. */
export function readTokenBalance(data: Uint8Array): { mint: Address; owner: Address; amount: bigint } | null {
  if (data.length < TOKEN_ACCOUNT_SIZE || data[108] === 0) return null;
  return { mint: addressFromBytes(data, 0), owner: addressFromBytes(data, 32), amount: view(data).getBigUint64(64, true) };
}

export function writeMint(data: Uint8Array, mint: MintState): void {
  writeOptionAddress(data, 0, mint.mintAuthority);
  view(data).setBigUint64(36, mint.supply, true);
  data[44] = mint.decimals;
  data[45] = mint.isInitialized ? 1 : 0;
  writeOptionAddress(data, 46, mint.freezeAuthority);
}

export function readTokenAccount(data: Uint8Array): TokenAccountState | null {
  if (data.length < TOKEN_ACCOUNT_SIZE) return null;
  const v = view(data);
  const state = data[108]!;
  if (state === 0) return null;
  return {
    mint: addressFromBytes(data, 0),
    owner: addressFromBytes(data, 32),
    amount: v.getBigUint64(64, true),
    delegate: readOptionAddress(data, 72),
    state,
    isNative: v.getUint32(109, true) === 1 ? v.getBigUint64(113, true) : null,
    delegatedAmount: v.getBigUint64(121, true),
    closeAuthority: readOptionAddress(data, 129),
  };
}

export function writeTokenAccount(data: Uint8Array, account: TokenAccountState): void {
  const v = view(data);
  writeAddressBytes(account.mint, data, 0);
  writeAddressBytes(account.owner, data, 32);
  v.setBigUint64(64, account.amount, true);
  writeOptionAddress(data, 72, account.delegate);
  data[108] = account.state;
  v.setUint32(109, account.isNative === null ? 0 : 1, true);
  v.setBigUint64(113, account.isNative ?? 0n, true);
  v.setBigUint64(121, account.delegatedAmount, true);
  writeOptionAddress(data, 129, account.closeAuthority);
}

/** Decimal string of a raw amount, trimmed as Solana's `uiAmountString`. */
export function uiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const text = amount.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, -decimals);
  const fraction = text.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Offsets of the Token-2022 extension entries of an account or mint, by type (zeroed space ends the list). */
export function extensionEntries(data: Uint8Array): Map<number, number> {
  const entries = new Map<number, number>();
  if (data.length <= TLV_START) return entries;
  const v = view(data);
  let offset = TLV_START;
  while (offset + 4 <= data.length) {
    const type = v.getUint16(offset, true);
    if (type === 0) break;
    entries.set(type, offset);
    offset += 4 + v.getUint16(offset + 2, true);
  }
  return entries;
}

/** Write an extension header (type, length) at the first free entry; false when there is no room. */
export function writeExtensionHeader(data: Uint8Array, type: number, length: number): boolean {
  const v = view(data);
  let offset = TLV_START;
  while (offset + 4 <= data.length) {
    const current = v.getUint16(offset, true);
    if (current === 0 || current === type) {
      if (offset + 4 + length > data.length) return false;
      v.setUint16(offset, type, true);
      v.setUint16(offset + 2, length, true);
      return true;
    }
    offset += 4 + v.getUint16(offset + 2, true);
  }
  return false;
}
