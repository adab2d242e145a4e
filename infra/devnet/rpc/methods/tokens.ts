// SPL Token reads: getTokenAccountBalance, getTokenSupply, getTokenAccountsByOwner (filter by mint or
// program id; any account encoding, jsonParsed keeping only parsable accounts as Solana does).
import { getAddressEncoder, type Address } from '@solana/kit';
import { isTokenProgram } from '../../runtime/token-layout.js';
import { NATIVE_MINT, TOKEN_PROGRAM } from '../../runtime/well-known.js';
import { accountInfoConfig, commitmentConfig, verifyPubkey } from '../config.js';
import { commitmentOf, contextSlot, withContext, type RpcContext } from '../context.js';
import type { MethodHandler } from '../dispatch.js';
import { encodeAccount } from '../encode-account.js';
import { invalidParams } from '../errors.js';
import { invalidType, oneOf, parseParams, SerdeError, str, type Decoder } from '../params.js';
import { uiTokenAmount, unpackMint, unpackTokenAccount } from '../parse-token.js';

const addressEncoder = getAddressEncoder();

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** The mint's token program and decimals, with get_mint_owner_and_additional_data's refusals. */
function mintInfo(ctx: RpcContext, mint: Address, slot: number): { program: Address; decimals: number } {
  if (mint === NATIVE_MINT) return { program: TOKEN_PROGRAM, decimals: 9 };
  const account = ctx.history.get(mint, slot);
  if (!account) throw invalidParams('Invalid param: could not find mint');
  const state = unpackMint(account.data);
  if (!state) throw invalidParams('Invalid param: mint could not be unpacked');
  return { program: account.owner, decimals: state.decimals };
}

const getTokenAccountBalance: MethodHandler<RpcContext> = (params, ctx) => {
  const [text, config] = parseParams(params, [str, commitmentConfig], 1);
  const address = verifyPubkey(text);
  const slot = ctx.bank.slotAt(commitmentOf(config));
  const account = ctx.history.get(address, slot);
  if (!account) throw invalidParams('Invalid param: could not find account');
  if (!isTokenProgram(account.owner)) throw invalidParams('Invalid param: not a Token account');
  const state = unpackTokenAccount(account.data);
  if (!state) throw invalidParams('Invalid param: not a Token account');
  return withContext(slot, uiTokenAmount(state.amount, mintInfo(ctx, state.mint, slot).decimals));
};

const getTokenSupply: MethodHandler<RpcContext> = (params, ctx) => {
  const [text, config] = parseParams(params, [str, commitmentConfig], 1);
  const address = verifyPubkey(text);
  const slot = ctx.bank.slotAt(commitmentOf(config));
  const account = ctx.history.get(address, slot);
  if (!account) throw invalidParams('Invalid param: could not find account');
  if (!isTokenProgram(account.owner)) throw invalidParams('Invalid param: not a Token mint');
  const mint = unpackMint(account.data);
  if (!mint) throw invalidParams('Invalid param: mint could not be unpacked');
  return withContext(slot, uiTokenAmount(mint.supply, mint.decimals));
};

type TokenFilter = { mint: string } | { programId: string };

/** RpcTokenAccountsFilter: an externally tagged enum, `{ mint }` or `{ programId }`. */
const tokenFilter: Decoder<TokenFilter> = (v) => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw invalidType(v, 'string or map');
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length !== 1) throw new SerdeError(`invalid length ${entries.length}, expected map with a single key`);
  const [key, value] = entries[0]!;
  if (key !== 'mint' && key !== 'programId') throw new SerdeError(`unknown variant \`${key}\`, expected ${oneOf(['mint', 'programId'])}`);
  return { [key]: str(value) } as TokenFilter;
};

const getTokenAccountsByOwner: MethodHandler<RpcContext> = (params, ctx) => {
  const [ownerText, filter, config] = parseParams(params, [str, tokenFilter, accountInfoConfig], 2);
  const owner = verifyPubkey(ownerText);
  const filterKey = verifyPubkey('mint' in filter ? filter.mint : filter.programId);
  const slot = contextSlot(ctx, config);
  let program: Address;
  let mint: Address | null = null;
  if ('mint' in filter) {
    program = mintInfo(ctx, filterKey, slot).program;
    if (!isTokenProgram(program)) throw invalidParams('Invalid param: not a Token mint');
    mint = filterKey;
  } else {
    if (!isTokenProgram(filterKey)) throw invalidParams('Invalid param: unrecognized Token program id');
    program = filterKey;
  }
  const candidates = ctx.history.writtenAfter(slot);
  for (const [address, account] of ctx.bank.accounts.entries()) if (account.owner === program) candidates.add(address);
  const matches: { address: Address; bytes: Uint8Array }[] = [];
  for (const address of candidates) {
    const account = ctx.history.get(address as Address, slot);
    if (!account || account.owner !== program) continue;
    const state = unpackTokenAccount(account.data);
    if (!state || state.owner !== owner || (mint && state.mint !== mint)) continue;
    matches.push({ address: address as Address, bytes: addressEncoder.encode(address as Address) as Uint8Array });
  }
  matches.sort((a, b) => compareBytes(a.bytes, b.bytes));
  const encoding = config?.encoding ?? 'binary';
  const lookup = (other: Address) => ctx.history.get(other, slot);
  const value = [];
  for (const { address } of matches) {
    const ui = encodeAccount(ctx.history.get(address, slot)!, { encoding, dataSlice: config?.dataSlice, lookup });
    if (encoding === 'jsonParsed' && Array.isArray(ui.data)) continue;
    value.push({ pubkey: address, account: ui });
  }
  return withContext(slot, value);
};

export const tokenMethods: [string, MethodHandler<RpcContext>][] = [
  ['getTokenAccountBalance', getTokenAccountBalance],
  ['getTokenSupply', getTokenSupply],
  ['getTokenAccountsByOwner', getTokenAccountsByOwner],
];
