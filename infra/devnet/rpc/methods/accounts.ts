// Account reads at a commitment: getBalance, getAccountInfo, getMultipleAccounts.
import type { Address } from '@solana/kit';
import { accountInfoConfig, contextConfig, verifyPubkey, type AccountEncoding, type AccountInfoConfig } from '../config.js';
import { contextSlot, withContext, type RpcContext } from '../context.js';
import type { MethodHandler } from '../dispatch.js';
import { encodeAccount, type UiAccount } from '../encode-account.js';
import { invalidParams } from '../errors.js';
import { array, parseParams, str } from '../params.js';

const MAX_MULTIPLE_ACCOUNTS = 100;

/** An account at `slot`, encoded; null when it does not exist. */
function encodedAccountAt(
  ctx: RpcContext,
  address: Address,
  slot: number,
  config: AccountInfoConfig | undefined,
  defaultEncoding: AccountEncoding,
): UiAccount | null {
  const account = ctx.history.get(address, slot);
  if (!account) return null;
  return encodeAccount(account, {
    encoding: config?.encoding ?? defaultEncoding,
    dataSlice: config?.dataSlice,
    lookup: (other) => ctx.history.get(other, slot),
  });
}

const getBalance: MethodHandler<RpcContext> = (params, ctx) => {
  const [text, config] = parseParams(params, [str, contextConfig], 1);
  const address = verifyPubkey(text);
  const slot = contextSlot(ctx, config);
  return withContext(slot, ctx.history.get(address, slot)?.lamports ?? 0n);
};

const getAccountInfo: MethodHandler<RpcContext> = (params, ctx) => {
  const [text, config] = parseParams(params, [str, accountInfoConfig], 1);
  const address = verifyPubkey(text);
  const slot = contextSlot(ctx, config);
  return withContext(slot, encodedAccountAt(ctx, address, slot, config, 'binary'));
};

const getMultipleAccounts: MethodHandler<RpcContext> = (params, ctx) => {
  const [texts, config] = parseParams(params, [array(str), accountInfoConfig], 1);
  if (texts.length > MAX_MULTIPLE_ACCOUNTS) throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
  const addresses = texts.map(verifyPubkey);
  const slot = contextSlot(ctx, config);
  return withContext(
    slot,
    addresses.map((address) => encodedAccountAt(ctx, address, slot, config, 'base64')),
  );
};

export const accountMethods: [string, MethodHandler<RpcContext>][] = [
  ['getBalance', getBalance],
  ['getAccountInfo', getAccountInfo],
  ['getMultipleAccounts', getMultipleAccounts],
];
