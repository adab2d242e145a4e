// Decoders for the configuration objects Solana's RPC methods take (commitment, minContextSlot,
// account encodings, data slices) and the checks of base58 keys, signatures and hashes.
import type { Address } from '@solana/kit';
import type { Commitment } from '../ledger/bank.js';
import { parseBase58Key } from './codec.js';
import { invalidParams } from './errors.js';
import { optional, slot, struct, usize, variant, type Decoder } from './params.js';

export const commitment: Decoder<Commitment | undefined> = optional(variant(['processed', 'confirmed', 'finalized'] as const));

export const ACCOUNT_ENCODINGS = ['binary', 'base58', 'base64', 'jsonParsed', 'base64+zstd'] as const;
export type AccountEncoding = (typeof ACCOUNT_ENCODINGS)[number];
export const accountEncoding = optional(variant(ACCOUNT_ENCODINGS));

export const TRANSACTION_ENCODINGS = ['binary', 'base64', 'base58', 'json', 'jsonParsed'] as const;
export type TransactionEncoding = (typeof TRANSACTION_ENCODINGS)[number];
export const transactionEncoding = optional(variant(TRANSACTION_ENCODINGS));

export interface DataSlice {
  offset: number;
  length: number;
}
export const dataSlice: Decoder<DataSlice | undefined> = optional(struct('UiDataSliceConfig', { offset: usize, length: usize }, ['offset', 'length']));

export interface ContextConfig {
  commitment?: Commitment;
  minContextSlot?: number;
}
export const contextConfig: Decoder<ContextConfig | undefined> = optional(struct('RpcContextConfig', { commitment, minContextSlot: optional(slot) }));

/** A bare commitment object (`{ commitment }`), as getTokenSupply and friends take. */
export const commitmentConfig: Decoder<{ commitment?: Commitment } | undefined> = optional(struct('CommitmentConfig', { commitment }));

export interface AccountInfoConfig extends ContextConfig {
  encoding?: AccountEncoding;
  dataSlice?: DataSlice;
}
export const accountInfoConfig: Decoder<AccountInfoConfig | undefined> = optional(
  struct('RpcAccountInfoConfig', { encoding: accountEncoding, dataSlice, commitment, minContextSlot: optional(slot) }),
);

/** `Pubkey::from_str` as verify_pubkey reports it. */
export function verifyPubkey(text: string): Address {
  const parsed = parseBase58Key(text, 32);
  if (!parsed.ok) throw invalidParams(`Invalid param: ${parsed.error}`);
  return text as Address;
}

export function verifySignature(text: string): string {
  const parsed = parseBase58Key(text, 64);
  if (!parsed.ok) throw invalidParams(`Invalid param: ${parsed.error}`);
  return text;
}

export function verifyHash(text: string): string {
  const parsed = parseBase58Key(text, 32);
  if (!parsed.ok) throw invalidParams(`Invalid param: ${parsed.error}`);
  return text;
}
