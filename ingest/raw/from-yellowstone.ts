// A Yellowstone transaction update (official client shapes, u64 as strings) into the raw-tx log's
// compact form: base58 keys and signature, base64 instruction data, token balances flattened. The
// full account list is the static keys followed by the lookup-table keys, as Solana orders them.
import type { SubscribeUpdateTransactionInfo } from '@triton-one/yellowstone-grpc';
import { addressFromBytes, encodeBase58 } from '../../schemas/base58.js';
import type { RawTokenBalance, RawTransaction } from './raw-transaction.js';

type TokenBalance = NonNullable<SubscribeUpdateTransactionInfo['meta']>['preTokenBalances'][number];

export class UnreadableUpdateError extends Error {
  override name = 'UnreadableUpdateError';
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

function tokenBalances(balances: readonly TokenBalance[]): RawTokenBalance[] {
  return balances.map((balance) => ({
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner,
    programId: balance.programId,
    amount: balance.uiTokenAmount?.amount ?? '0',
    decimals: balance.uiTokenAmount?.decimals ?? 0,
  }));
}

/** The raw form of one transaction of `slot`; blockTime is filled in when its slot completes. */
export function rawTransactionFromUpdate(info: SubscribeUpdateTransactionInfo, slot: number, blockTime: number | null = null): RawTransaction {
  const message = info.transaction?.message;
  const meta = info.meta;
  if (!message || !meta) throw new UnreadableUpdateError('transaction update without message or meta');
  const keys = [...message.accountKeys, ...meta.loadedWritableAddresses, ...meta.loadedReadonlyAddresses].map((key) => addressFromBytes(key));
  return {
    signature: encodeBase58(info.signature),
    slot,
    index: Number(info.index),
    blockTime,
    version: message.versioned ? 0 : 'legacy',
    numRequiredSignatures: message.header?.numRequiredSignatures ?? 1,
    accountKeys: keys,
    instructions: message.instructions.map((ix) => ({ programIdIndex: ix.programIdIndex, accounts: [...ix.accounts], data: base64(ix.data) })),
    meta: {
      fee: meta.fee,
      preBalances: meta.preBalances,
      postBalances: meta.postBalances,
      logMessages: meta.logMessagesNone ? [] : meta.logMessages,
      innerInstructions: meta.innerInstructions.map((group) => ({
        index: group.index,
        instructions: group.instructions.map((ix) => ({
          programIdIndex: ix.programIdIndex,
          accounts: [...ix.accounts],
          data: base64(ix.data),
          stackHeight: ix.stackHeight ?? null,
        })),
      })),
      preTokenBalances: tokenBalances(meta.preTokenBalances),
      postTokenBalances: tokenBalances(meta.postTokenBalances),
      computeUnitsConsumed: meta.computeUnitsConsumed ?? null,
    },
  };
}
