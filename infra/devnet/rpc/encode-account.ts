// UiAccount: an account as getAccountInfo and friends return it, in each of Solana's encodings
// (legacy binary, base58, base64, base64+zstd, jsonParsed with base64 fallback) and with dataSlice.
import { getBase58Decoder, type Address } from '@solana/kit';
import { isTokenProgram } from '../runtime/token-layout.js';
import type { Account } from '../runtime/types.js';
import type { AccountEncoding, DataSlice } from './config.js';
import { RpcError } from './errors.js';
import { parseTokenData, type ParsedTokenData } from './parse-token.js';
import { zstdFrame } from './zstd-frame.js';

/** Largest data size the base58 encodings accept. */
export const MAX_BASE58_BYTES = 128;
const base58 = getBase58Decoder();

export interface UiAccount {
  lamports: bigint;
  data: string | [string, string] | ParsedTokenData;
  owner: string;
  executable: boolean;
  rentEpoch: bigint;
  space: number;
}

export interface EncodeOptions {
  encoding: AccountEncoding;
  dataSlice?: DataSlice;
  /** Reads other accounts (the mint of a token account) at the same commitment. */
  lookup: (address: Address) => Account | undefined;
  /** Base58 of more than 128 bytes: refuse the request (RPC methods) or put an error text in place (PubSub). */
  base58Overflow?: 'refuse' | 'placeholder';
}

function slice(data: Uint8Array, dataSlice: DataSlice | undefined): Uint8Array {
  if (!dataSlice) return data;
  if (dataSlice.offset > data.length) return new Uint8Array(0);
  return data.subarray(dataSlice.offset, Math.min(data.length, dataSlice.offset + dataSlice.length));
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

export function encodeAccount(account: Account, options: EncodeOptions): UiAccount {
  const bytes = slice(account.data, options.dataSlice);
  let data: UiAccount['data'];
  switch (options.encoding) {
    case 'binary':
    case 'base58': {
      if (bytes.length > MAX_BASE58_BYTES && options.base58Overflow !== 'placeholder') {
        throw new RpcError(-32600, `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`);
      }
      const text = bytes.length > MAX_BASE58_BYTES ? 'error: data too large for bs58 encoding' : base58.decode(bytes);
      data = options.encoding === 'binary' ? text : [text, 'base58'];
      break;
    }
    case 'base64':
      data = [base64(bytes), 'base64'];
      break;
    case 'base64+zstd':
      data = [base64(zstdFrame(bytes)), 'base64+zstd'];
      break;
    case 'jsonParsed': {
      const parsed = isTokenProgram(account.owner) ? parseTokenData(account, options.lookup) : null;
      data = parsed ?? [base64(bytes), 'base64'];
      break;
    }
  }
  return {
    lamports: account.lamports,
    data,
    owner: account.owner,
    executable: account.executable,
    rentEpoch: account.rentEpoch,
    space: account.data.length,
  };
}
