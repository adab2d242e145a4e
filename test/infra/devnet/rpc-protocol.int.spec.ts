// The devnet RPC server at the wire level, for what an official client never sends: malformed JSON,
// invalid envelopes, batches, wrong parameter shapes and encodings, oversized bodies, the exact
// error texts a validator answers with, account and transaction encodings, and raw PubSub frames.
import { createNoopSigner, getBase58Decoder, type Address } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { keyPairFromLabel } from '../../../infra/crypto/ed25519.js';
import { rpcMethods } from '../../../infra/devnet/rpc/methods/index.js';
import { buildTransaction } from '../../../infra/devnet/tx-builder.js';
import { RpcTestChain, STABLECOIN, waitFor } from './rpc-harness.js';

const SOL = 1_000_000_000;
const alice = keyPairFromLabel('rpc-protocol:alice');
const bob = keyPairFromLabel('rpc-protocol:bob');
let chain: RpcTestChain;

type Reply = { jsonrpc?: string; id?: unknown; result?: any; error?: { code: number; message: string; data?: any } };

async function post(body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const res = await fetch(chain.server.url, { method: 'POST', headers, body });
  return { status: res.status, text: await res.text() };
}

async function call(method: string, params?: unknown): Promise<Reply> {
  const { text } = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
  return JSON.parse(text) as Reply;
}

function transfer(lamports: bigint, blockhash = chain.bank.latestBlock.blockhash) {
  return buildTransaction({
    feePayer: alice.address,
    blockhash,
    signers: [alice],
    instructions: [getTransferSolInstruction({ source: createNoopSigner(alice.address), destination: bob.address, amount: lamports })],
  });
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

beforeAll(async () => {
  chain = await new RpcTestChain().start(20);
  const airdrop = (await call('requestAirdrop', [alice.address, 10 * SOL])).result as string;
  await waitFor(() => (chain.bank.signatureStatus(airdrop)?.confirmationStatus === 'confirmed' ? true : undefined));
});

afterAll(async () => {
  await chain?.stop();
  expect(chain?.errors ?? []).toEqual([]);
});

describe('JSON-RPC envelope', () => {
  it('answers parse errors, invalid requests, batches and notifications as jsonrpc-core does', async () => {
    expect(JSON.parse((await post('{not json')).text)).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null });
    expect(JSON.parse((await post('42')).text).error.code).toBe(-32700);
    expect(JSON.parse((await post('[]')).text)).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id: null });
    expect(JSON.parse((await post('{"jsonrpc":"1.0","id":7,"method":"getSlot"}')).text)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'Invalid request' },
      id: 7,
    });
    expect(JSON.parse((await post('{"jsonrpc":"2.0","id":"a","method":"getSlot","extra":1}')).text).error.code).toBe(-32600);
    expect(JSON.parse((await post('{"jsonrpc":"2.0","id":1,"method":"noSuchMethod"}')).text)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32601, message: 'Method not found' },
      id: 1,
    });
    expect(await post('{"jsonrpc":"2.0","method":"getSlot"}')).toEqual({ status: 200, text: '' });
    const batch = JSON.parse(
      (await post('[{"jsonrpc":"2.0","id":1,"method":"getHealth"},{"jsonrpc":"2.0","method":"getSlot"},{"jsonrpc":"2.0","id":2,"method":"nope"}]')).text,
    );
    expect(batch).toEqual([
      { jsonrpc: '2.0', result: 'ok', id: 1 },
      { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id: 2 },
    ]);
  });

  it('refuses oversized bodies, other content types and other HTTP methods; serves /health', async () => {
    expect((await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot', params: ['x'.repeat(60_000)] }))).status).toBe(413);
    expect((await post('{}', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await fetch(chain.server.url)).status).toBe(405);
    expect(await (await fetch(`${chain.server.url}/health`)).text()).toBe('ok');
  });

  it('never fails internally, whatever the parameters', async () => {
    const shapes: unknown[] = [
      undefined,
      null,
      [],
      [null],
      [1],
      [-1],
      [1.5],
      ['x'],
      [true],
      [{}],
      [[]],
      [{ encoding: 'jsonParsed' }],
      { a: 1 },
      'str',
      ['x', 'y', 'z', 'w', 'v'],
      [alice.address, { commitment: 'nope' }],
      ['1'.repeat(2000), { encoding: 'base64' }],
    ];
    for (const method of rpcMethods.keys()) {
      for (const params of shapes) {
        const reply = await call(method, params);
        expect(reply.error?.code ?? 0, `${method} ${JSON.stringify(params)}`).not.toBe(-32603);
      }
    }
  });
});

describe('parameter errors with the validator texts', () => {
  it('words arity and type errors as jsonrpc-derive and serde do', async () => {
    expect((await call('getBalance', [])).error).toEqual({ code: -32602, message: '`params` should have at least 1 argument(s)' });
    expect((await call('getBalance', [alice.address, {}, 1])).error).toEqual({
      code: -32602,
      message: 'Invalid parameters: Expected from 1 to 2 parameters.',
      data: '"Got: 3"',
    });
    expect((await call('getBalance', [5])).error?.message).toBe('Invalid params: invalid type: integer `5`, expected a string.');
    expect((await call('getBalance', { pubkey: alice.address })).error?.message).toBe('`params` should be an array');
    expect((await call('getSlot', [{ commitment: 'recent' }])).error?.message).toBe(
      'Invalid params: unknown variant `recent`, expected one of `processed`, `confirmed`, `finalized`.',
    );
    expect((await call('requestAirdrop', [alice.address, -1])).error?.message).toBe('Invalid params: invalid value: integer `-1`, expected u64.');
    expect((await call('getHealth', [1])).error).toMatchObject({ code: -32602, message: 'Invalid parameters: No parameters were expected' });
    expect((await call('getAccountInfo', ['abc'])).error?.message).toBe('Invalid param: WrongSize');
    expect((await call('getAccountInfo', ['0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl'])).error?.message).toBe('Invalid param: Invalid');
    expect((await call('isBlockhashValid', ['abc'])).error?.message).toBe('WrongSize');
    expect((await call('getBalance', [alice.address, { minContextSlot: 1e9 }])).error).toMatchObject({
      code: -32016,
      message: 'Minimum context slot has not been reached',
    });
    expect((await call('getMinimumBalanceForRentExemption', [20_000_000])).error).toEqual({ code: -32600, message: 'Invalid request' });
  });

  it('refuses bad transaction encodings with decode_and_deserialize texts', async () => {
    expect((await call('sendTransaction', ['0OIl'])).error?.message).toBe("invalid base58 encoding: InvalidCharacter { character: '0', index: 0 }");
    expect((await call('sendTransaction', ['ab!c', { encoding: 'base64' }])).error?.message).toBe('invalid base64 encoding: InvalidByte(2, 33)');
    expect((await call('sendTransaction', ['AAAA', { encoding: 'base64' }])).error?.message).toBe(
      'failed to deserialize solana_transaction::versioned::VersionedTransaction: io error: unexpected end of file',
    );
    expect((await call('sendTransaction', ['A'.repeat(2000), { encoding: 'base64' }])).error?.message).toBe(
      'base64 encoded solana_transaction::versioned::VersionedTransaction too large: 2000 bytes (max: encoded/raw 1644/1232)',
    );
    expect((await call('sendTransaction', ['AAAA', { encoding: 'json' }])).error?.message).toBe(
      'unsupported encoding: json. Supported encodings: base58, base64',
    );
  });
});

describe('transactions', () => {
  it('refuses preflight failures with the simulation result as error data', async () => {
    const tx = transfer(1_000_000n * BigInt(SOL));
    const reply = await call('sendTransaction', [b64(tx.wire), { encoding: 'base64', preflightCommitment: 'processed' }]);
    expect(reply.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
      data: {
        err: { InstructionError: [0, { Custom: 1 }] },
        accounts: null,
        unitsConsumed: 150,
        returnData: null,
        innerInstructions: null,
        replacementBlockhash: null,
      },
    });
    const unknownHash = transfer(1000n, getBase58Decoder().decode(new Uint8Array(32).fill(7)));
    expect((await call('sendTransaction', [b64(unknownHash.wire), { encoding: 'base64' }])).error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: { err: 'BlockhashNotFound', logs: [] },
    });
    const forged = transfer(SOL_LAMPORTS / 10n);
    forged.wire[1] ^= 1;
    expect((await call('sendTransaction', [b64(forged.wire), { encoding: 'base64', preflightCommitment: 'processed' }])).error).toEqual({
      code: -32003,
      message: 'Transaction signature verification failure',
    });
    // Without preflight a refused transaction is dropped, as the TPU drops it, and its signature answered.
    expect((await call('sendTransaction', [b64(forged.wire), { encoding: 'base64', skipPreflight: true }])).result).toEqual(expect.any(String));
  });

  it('simulates with replaced blockhash, post-state accounts and inner instructions', async () => {
    const tx = transfer(SOL_LAMPORTS / 4n, getBase58Decoder().decode(new Uint8Array(32).fill(9)));
    expect((await call('simulateTransaction', [b64(tx.wire), { encoding: 'base64', sigVerify: true, replaceRecentBlockhash: true }])).error?.message).toBe(
      'sigVerify may not be used with replaceRecentBlockhash',
    );
    // Hold the chain still so the replacement blockhash can be compared with the bank's.
    chain.pause();
    const reply = await call('simulateTransaction', [
      b64(tx.wire),
      { encoding: 'base64', replaceRecentBlockhash: true, commitment: 'processed', innerInstructions: true, accounts: { addresses: [bob.address] } },
    ]);
    const processedBlockhash = chain.bank.blockAt('processed').blockhash;
    chain.resume(20);
    const value = reply.result.value;
    expect(value.err).toBeNull();
    expect(value.replacementBlockhash.blockhash).toBe(processedBlockhash);
    expect(value.accounts[0].data).toEqual(['', 'base64']);
    expect(value.innerInstructions).toEqual([]);
    expect(value.unitsConsumed).toBe(150);
    expect(
      (await call('simulateTransaction', [b64(tx.wire), { encoding: 'base64', accounts: { addresses: [bob.address], encoding: 'base58' } }])).error?.message,
    ).toBe('base58 encoding not supported');
  });

  it('returns getTransaction and getBlock in every encoding, with version rules', async () => {
    const tx = transfer(SOL_LAMPORTS / 5n);
    const signature = (await call('sendTransaction', [b64(tx.wire), { encoding: 'base64', preflightCommitment: 'processed' }])).result as string;
    const landed = await waitFor(() => {
      const status = chain.bank.signatureStatus(signature);
      return status && status.confirmationStatus !== 'processed' ? status : undefined;
    });
    const json = (await call('getTransaction', [signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }])).result;
    expect(json.meta).toMatchObject({ err: null, status: { Ok: null }, fee: 5000, rewards: [], loadedAddresses: { writable: [], readonly: [] } });
    expect(json.transaction.message.instructions[0]).toEqual({ programIdIndex: 2, accounts: [0, 1], data: expect.any(String), stackHeight: null });
    const parsed = (await call('getTransaction', [signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0, encoding: 'jsonParsed' }])).result;
    expect(parsed.transaction.message.accountKeys[0]).toEqual({ pubkey: alice.address, writable: true, signer: true, source: 'transaction' });
    expect((await call('getTransaction', [signature, { commitment: 'confirmed', encoding: 'base58' }])).error?.code).toBe(-32015);
    expect((await call('getTransaction', [signature, 'base58'])).result).toBeNull(); // finalized by default: not yet
    expect((await call('getTransaction', [signature, { commitment: 'processed' }])).error?.message).toBe(
      'Method does not support commitment below `confirmed`',
    );
    const block = (await call('getBlock', [landed.slot, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }])).result;
    expect(block).toMatchObject({ blockHeight: landed.slot, parentSlot: landed.slot - 1, rewards: [] });
    expect(block.transactions.some((t: any) => t.transaction.signatures[0] === signature)).toBe(true);
    const signatures = (await call('getBlock', [landed.slot, { commitment: 'confirmed', transactionDetails: 'signatures', rewards: false }])).result;
    expect(signatures.signatures).toContain(signature);
    expect(signatures.transactions).toBeUndefined();
    expect((await call('getBlock', [landed.slot, { commitment: 'confirmed' }])).error?.code).toBe(-32015);
    expect((await call('getBlock', [10_000_000, { commitment: 'confirmed' }])).error).toEqual({
      code: -32004,
      message: 'Block not available for slot 10000000',
    });
  });

  it('prices a message with getFeeForMessage', async () => {
    const tx = transfer(1n);
    const { value } = (await call('getFeeForMessage', [b64(tx.messageBytes), { commitment: 'processed' }])).result;
    expect(value).toBe(5000);
    const stale = transfer(1n, getBase58Decoder().decode(new Uint8Array(32).fill(3)));
    expect((await call('getFeeForMessage', [b64(stale.messageBytes), { commitment: 'processed' }])).result.value).toBeNull();
  });
});

describe('accounts', () => {
  it('encodes accounts as binary, base58, base64, base64+zstd and jsonParsed, with dataSlice', async () => {
    const at = (encoding?: string, dataSlice?: object) => call('getAccountInfo', [STABLECOIN, { commitment: 'processed', encoding, dataSlice }]);
    const base64 = (await at('base64')).result.value;
    const data = Buffer.from(base64.data[0], 'base64');
    expect(data.length).toBe(82);
    expect((await at()).result.value.data).toBe(getBase58Decoder().decode(data));
    expect((await at('base58', { offset: 44, length: 2 })).result.value.data).toEqual([getBase58Decoder().decode(data.subarray(44, 46)), 'base58']);
    const zstd = Buffer.from((await at('base64+zstd')).result.value.data[0], 'base64');
    expect(zstd.readUInt32LE(0)).toBe(0xfd2fb528);
    expect(zstd.subarray(12)).toEqual(data);
    expect((await at('jsonParsed')).result.value.data).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'mint', info: { decimals: 6, supply: expect.any(String) } },
      space: 82,
    });

    chain.bank.setAccount(bob.address, { lamports: BigInt(SOL), data: new Uint8Array(200), owner: alice.address, executable: false, rentEpoch: 0n });
    expect((await call('getAccountInfo', [bob.address, { commitment: 'processed' }])).error).toEqual({
      code: -32600,
      message: 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
    });
    chain.bank.setAccount(bob.address, {
      lamports: BigInt(SOL),
      data: new Uint8Array(0),
      owner: '11111111111111111111111111111111' as Address,
      executable: false,
      rentEpoch: 0n,
    });
  });

  it('refuses token faucet requests for other mints and malformed amounts', async () => {
    const notFaucet = await call('requestTokenAirdrop', [alice.address, alice.address, '10']);
    expect(notFaucet.error?.code).toBe(-32602);
    expect(notFaucet.error?.message).toContain('is not a faucet token');
    expect((await call('requestTokenAirdrop', [alice.address, STABLECOIN, '1.5'])).error?.code).toBe(-32602);
    expect((await call('requestTokenAirdrop', [alice.address, STABLECOIN, '18446744073709551616'])).error?.code).toBe(-32602);
    expect((await call('requestTokenAirdrop', [alice.address, STABLECOIN, 12_345_678_901_234_567_890n.toString()])).result).toEqual(expect.any(String));
  });
});

describe('PubSub frames', () => {
  function connect(): Promise<{ ws: WebSocket; next: () => Promise<any>; send: (body: unknown) => void }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(chain.server.wsUrl);
      const queue: any[] = [];
      const waiters: ((m: any) => void)[] = [];
      ws.on('message', (data) => {
        const message = JSON.parse(data.toString());
        const waiter = waiters.shift();
        if (waiter) waiter(message);
        else queue.push(message);
      });
      ws.on('error', reject);
      ws.on('open', () =>
        resolve({
          ws,
          next: () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => waiters.push(r))),
          send: (body) => ws.send(typeof body === 'string' ? body : JSON.stringify(body)),
        }),
      );
    });
  }

  it('subscribes, notifies a signature once at its commitment, and unsubscribes', async () => {
    const { ws, next, send } = await connect();
    try {
      send('{oops');
      expect(await next()).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null });
      send({ jsonrpc: '2.0', method: 'ping' });
      send({ jsonrpc: '2.0', id: 1, method: 'accountSubscribe', params: ['nope'] });
      expect(await next()).toEqual({ jsonrpc: '2.0', error: { code: -32602, message: 'Invalid Request: Invalid pubkey provided' }, id: 1 });
      send({ jsonrpc: '2.0', id: 2, method: 'signatureUnsubscribe', params: [999_999] });
      expect(await next()).toEqual({ jsonrpc: '2.0', error: { code: -32602, message: 'Invalid subscription id.' }, id: 2 });

      const tx = transfer(SOL_LAMPORTS / 50n);
      const signature = getBase58Decoder().decode(tx.signature);
      send({ jsonrpc: '2.0', id: 3, method: 'signatureSubscribe', params: [signature, { commitment: 'confirmed', enableReceivedNotification: true }] });
      const { result: id } = await next();
      expect(id).toEqual(expect.any(Number));
      await call('sendTransaction', [b64(tx.wire), { encoding: 'base64', preflightCommitment: 'processed' }]);
      const received = await next();
      expect(received).toMatchObject({ method: 'signatureNotification', params: { subscription: id, result: { value: 'receivedSignature' } } });
      const done = await next();
      expect(done).toMatchObject({ method: 'signatureNotification', params: { subscription: id, result: { value: { err: null } } } });
      expect(done.params.result.context.slot).toBeGreaterThanOrEqual(chain.bank.signatureStatus(signature)!.slot);
      send({ jsonrpc: '2.0', id: 4, method: 'signatureUnsubscribe', params: [id] });
      expect(await next()).toEqual({ jsonrpc: '2.0', result: true, id: 4 });

      send({ jsonrpc: '2.0', id: 5, method: 'slotSubscribe' });
      const { result: slotSub } = await next();
      const slot = await next();
      expect(slot).toMatchObject({ method: 'slotNotification', params: { subscription: slotSub, result: { slot: slot.params.result.parent + 1 } } });
      send({ jsonrpc: '2.0', id: 6, method: 'slotUnsubscribe', params: [slotSub] });
      let reply = await next();
      while (reply.method === 'slotNotification') reply = await next();
      expect(reply).toEqual({ jsonrpc: '2.0', result: true, id: 6 });
    } finally {
      ws.close();
    }
  });

  it('notifies an account change once its slot is finalized, with the state of that slot', async () => {
    const { ws, next, send } = await connect();
    try {
      const wallet = keyPairFromLabel('rpc-protocol:finalized-watch').address;
      send({ jsonrpc: '2.0', id: 1, method: 'accountSubscribe', params: [wallet, { encoding: 'base64' }] });
      const { result: id } = await next();
      const signature = (await call('requestAirdrop', [wallet, 2 * SOL])).result as string;
      const notification = await next();
      const landedAt = chain.bank.signatureStatus(signature)!.slot;
      expect(notification).toMatchObject({
        method: 'accountNotification',
        params: { subscription: id, result: { value: { lamports: 2 * SOL, owner: '11111111111111111111111111111111', data: ['', 'base64'], space: 0 } } },
      });
      expect(notification.params.result.context.slot).toBe(landedAt);
      expect(chain.bank.slotAt('finalized')).toBeGreaterThanOrEqual(landedAt);
      expect((await call('getBalance', [wallet])).result.value).toBe(2 * SOL);
    } finally {
      ws.close();
    }
  });
});

const SOL_LAMPORTS = BigInt(SOL);
