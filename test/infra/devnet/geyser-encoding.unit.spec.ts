// Encodings of the devnet's geyser server checked against the official client's own decoders:
// TransactionError bincode bytes (txErrDecode), framing padding, and request map-entry decoding.
import { SubscribeRequest, SubscribeRequestFilterSlots, SubscribeUpdate, txErrDecode } from '@triton-one/yellowstone-grpc';
import { describe, expect, it } from 'vitest';
import { createdAtField, filtersField, pongBody } from '../../../infra/devnet/geyser/encode-updates.js';
import { matchTransaction, type TransactionFilter } from '../../../infra/devnet/geyser/filters.js';
import { padded } from '../../../infra/devnet/geyser/frame-sink.js';
import { decodeSubscribeRequest } from '../../../infra/devnet/geyser/request-decode.js';
import { encodeTransactionError } from '../../../infra/devnet/geyser/tx-error.js';
import type { ExecutedTransaction, TokenBalance, TransactionErrorValue } from '../../../infra/devnet/runtime/types.js';

describe('encodeTransactionError', () => {
  const cases: TransactionErrorValue[] = [
    'AccountNotFound',
    'InsufficientFundsForFee',
    'InvalidAccountForFee',
    'BlockhashNotFound',
    'AlreadyProcessed',
    'SignatureFailure',
    'SanitizeFailure',
    'UnsupportedVersion',
    'AddressLookupTableNotFound',
    'CommitCancelled',
    { InstructionError: [0, { Custom: 1 }] },
    { InstructionError: [3, { Custom: 6001 }] },
    { InstructionError: [1, 'InvalidInstructionData'] },
    { InstructionError: [2, 'MissingRequiredSignature'] },
    { InstructionError: [0, 'ComputationalBudgetExceeded'] },
    { InstructionError: [0, 'BuiltinProgramsMustConsumeComputeUnits'] },
    { InsufficientFundsForRent: { account_index: 4 } },
    { DuplicateInstruction: 2 },
  ];
  it.each(cases.map((c) => [JSON.stringify(c), c] as const))('%s decodes back with txErrDecode', (_name, error) => {
    expect(txErrDecode.decode(encodeTransactionError(error))).toEqual(error);
  });

  it('encodes BorshIoError as the unit variant current Solana uses', () => {
    expect(txErrDecode.decode(encodeTransactionError({ InstructionError: [0, { BorshIoError: 'bad' }] }))).toEqual({
      InstructionError: [0, 'BorshIoError'],
    });
  });

  it('refuses names Solana does not have', () => {
    expect(() => encodeTransactionError('NoSuchError')).toThrow('unknown TransactionError variant: NoSuchError');
  });
});

describe('frame padding', () => {
  it('grows a message by at least the asked size with a field every decoder skips', () => {
    const message = Buffer.concat([filtersField(['f']), pongBody(9), createdAtField(new Date(1_700_000_000_123))]);
    for (const extra of [1, 6, 7, 100, 133, 134, 251]) {
      const grown = padded(message, extra);
      expect(grown.length - message.length).toBeGreaterThanOrEqual(extra);
      expect(SubscribeUpdate.decode(grown)).toEqual(SubscribeUpdate.decode(message));
    }
  });
});

describe('decodeSubscribeRequest', () => {
  it('keeps map entries whose value a prost encoder left out (an empty filter)', () => {
    // `slots: { s: {} }` as prost writes it: the entry holds the key only.
    const entry = Buffer.from([0x0a, 0x01, 0x73]);
    const bytes = Buffer.concat([Buffer.from([0x12, entry.length]), entry]);
    expect(SubscribeRequest.decode(bytes).slots).toEqual({});
    expect(decodeSubscribeRequest(bytes).slots).toEqual({ s: SubscribeRequestFilterSlots.fromPartial({}) });
  });
});

describe('transaction filters with tokenAccounts', () => {
  const balance = (accountIndex: number, owner: string, amount: string) =>
    ({
      accountIndex,
      owner,
      mint: 'M',
      programId: 'P',
      uiTokenAmount: { amount, decimals: 0, uiAmount: 0, uiAmountString: amount },
    }) as unknown as TokenBalance;
  const tx = {
    signature: 'sig',
    accountKeys: ['payer', 'ataA', 'ataB'],
    meta: {
      err: null,
      preTokenBalances: [balance(1, 'alice', '5'), balance(2, 'bob', '0')],
      postTokenBalances: [balance(1, 'alice', '5'), balance(2, 'bob', '3')],
    },
  } as unknown as ExecutedTransaction;
  const filter = (over: Partial<TransactionFilter>): TransactionFilter => ({ name: 'f', include: new Set(), exclude: new Set(), required: [], ...over });

  it('matches static keys only, unless token account owners are asked for', () => {
    expect(matchTransaction(filter({ include: new Set(['bob']) }), tx, false)).toBe(false);
    expect(matchTransaction(filter({ include: new Set(['bob']), tokenAccounts: 'all' }), tx, false)).toBe(true);
    expect(matchTransaction(filter({ include: new Set(['alice']), tokenAccounts: 'balanceChanged' }), tx, false)).toBe(false);
    expect(matchTransaction(filter({ include: new Set(['bob']), tokenAccounts: 'balanceChanged' }), tx, false)).toBe(true);
    expect(matchTransaction(filter({ required: ['payer', 'alice'], tokenAccounts: 'all' }), tx, false)).toBe(true);
    expect(matchTransaction(filter({ exclude: new Set(['alice']), tokenAccounts: 'all' }), tx, false)).toBe(false);
    expect(matchTransaction(filter({ vote: true }), tx, false)).toBe(false);
    expect(matchTransaction(filter({ failed: false }), tx, false)).toBe(true);
  });
});
