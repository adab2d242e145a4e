// The devnet's Yellowstone gRPC server, driven only through the official client
// (@triton-one/yellowstone-grpc): filters, metadata, commitment, slots, accounts, ping, replay
// across a disconnect, retention errors, validation, backpressure and the unary methods.
import { getBase58Decoder } from '@solana/kit';
import { CommitmentLevel, SlotStatus, txEncode, txErrDecode, type SubscribeUpdate } from '@triton-one/yellowstone-grpc';
import { afterEach, describe, expect, it } from 'vitest';
import { startGeyserServer, type GeyserServer, type GeyserServerOptions } from '../../../infra/devnet/geyser/index.js';
import type { ExecutedTransaction } from '../../../infra/devnet/runtime/types.js';
import { TOKEN_PROGRAM } from '../../../infra/devnet/runtime/well-known.js';
import { connect, sleep, Subscription, TestChain } from './geyser-harness.js';

const base58 = getBase58Decoder();
const servers: GeyserServer[] = [];
const subscriptions: Subscription[] = [];

afterEach(async () => {
  for (const s of subscriptions.splice(0)) s.close();
  for (const server of servers.splice(0)) await server.close();
});

async function serve(chain: TestChain, options: Partial<GeyserServerOptions> = {}) {
  const server = await startGeyserServer({ bank: chain.bank, port: 0, ...options });
  servers.push(server);
  return { server, client: await connect(server.url) };
}

async function subscribe(...args: Parameters<typeof Subscription.open>): Promise<Subscription> {
  const subscription = await Subscription.open(...args);
  subscriptions.push(subscription);
  return subscription;
}

const signatureOf = (update: NonNullable<SubscribeUpdate['transaction']>) => base58.decode(update.transaction!.signature);

describe('Subscribe: transactions', () => {
  it('delivers every matching transaction once, in slot order, with full metadata, and nothing else', async () => {
    const chain = new TestChain();
    const wallet = chain.wallet('w');
    const other = chain.wallet('other');
    const token = chain.tokenAccounts('t', wallet.address, 1_000_000n);
    chain.produce();
    const { client } = await serve(chain);
    const sub = await subscribe(client, { transactions: { mine: { accountInclude: [wallet.address], failed: false } } });

    const expected: ExecutedTransaction[] = [];
    for (let slot = 0; slot < 4; slot++) {
      expected.push(chain.transfer(wallet, other.address, 1_000_000n + BigInt(slot)));
      chain.transfer(other, chain.wallet(`x${slot}`).address, 2_000_000n); // not ours
      expected.push(chain.relay(wallet, other.address, 3_000_000n));
      expected.push(chain.tokenTransfer(wallet, token.source, token.destination, 10n + BigInt(slot)));
      chain.transfer(wallet, other.address, 10n ** 15n); // fails: not delivered with failed:false
      chain.produce();
    }
    await sub.waitFor((s) => s.transactions.length >= expected.length);
    chain.produce(3);
    await sleep(200);

    const received = sub.transactions;
    expect(received.map(signatureOf)).toEqual(expected.map((tx) => tx.signature));
    for (const [i, update] of received.entries()) {
      const tx = expected[i]!;
      const meta = update.transaction!.meta!;
      expect(update.slot).toBe(String(tx.slot));
      expect(update.transaction!.index).toBe(String(tx.index));
      expect(meta.err).toBeUndefined();
      expect(meta.fee).toBe(tx.meta.fee.toString());
      expect(meta.preBalances).toEqual(tx.meta.preBalances.map(String));
      expect(meta.postBalances).toEqual(tx.meta.postBalances.map(String));
      expect(meta.logMessages).toEqual(tx.meta.logMessages);
      expect(meta.computeUnitsConsumed).toBe(tx.meta.computeUnitsConsumed.toString());
      expect(meta.innerInstructions.length).toBe(tx.meta.innerInstructions.length);
      expect(update.transaction!.transaction!.message!.accountKeys.map((k) => base58.decode(k))).toEqual(tx.accountKeys);
    }
    const updates = sub.updates.filter((u) => u.transaction);
    expect(updates.every((u) => u.filters.join() === 'mine' && u.createdAt instanceof Date)).toBe(true);

    const relayed = received[1]!.transaction!.meta!;
    expect(relayed.innerInstructions[0]!.instructions[0]!.stackHeight).toBe(2);
    expect(relayed.innerInstructionsNone).toBe(false);
    const tokenMeta = received[2]!.transaction!.meta!;
    expect(tokenMeta.preTokenBalances.map((b) => [b.owner, b.mint, b.programId, b.uiTokenAmount!.amount])).toEqual([
      [wallet.address, token.mint, TOKEN_PROGRAM, '1000000'],
      [wallet.address, token.mint, TOKEN_PROGRAM, '0'],
    ]);
    expect(tokenMeta.postTokenBalances.map((b) => b.uiTokenAmount!.uiAmountString)).toEqual(['0.99999', '0.00001']);

    // The official client's own encoder accepts what the server sent (the JSON of getTransaction).
    const json = txEncode.encode(received[2]!.transaction!, txEncode.encoding.Json, 0, false) as unknown as {
      meta: { fee: number; postTokenBalances: unknown[] };
    };
    expect(json.meta.fee).toBe(Number(expected[2]!.meta.fee));
    expect(json.meta.postTokenBalances).toHaveLength(2);
  });

  it('sends failed transactions only to failed:true, with errors that txErrDecode reads back', async () => {
    const chain = new TestChain();
    const wallet = chain.wallet('w');
    chain.produce();
    const { client } = await serve(chain);
    const sub = await subscribe(client, {
      transactions: { failed: { accountInclude: [wallet.address], failed: true } },
      transactionsStatus: { statuses: { accountInclude: [wallet.address] } },
    });

    const failures = [
      chain.transfer(wallet, chain.wallet('rich').address, 10n ** 15n), // { InstructionError: [0, { Custom: 1 }] }
      chain.memo(wallet, new Uint8Array([0xff, 0xfe])), // { InstructionError: [0, 'InvalidInstructionData'] }
      chain.transfer(wallet, chain.wallet('fresh', 0n).address, 1_000n), // { InsufficientFundsForRent: { account_index: 1 } }
    ];
    const succeeded = chain.memo(wallet, 'fine');
    chain.produce();
    await sub.waitFor((s) => s.updates.filter((u) => u.transactionStatus).length >= 4);
    await sleep(100);

    expect(failures.map((tx) => tx.meta.err)).toEqual([
      { InstructionError: [0, { Custom: 1 }] },
      { InstructionError: [0, 'InvalidInstructionData'] },
      { InsufficientFundsForRent: { account_index: 1 } },
    ]);
    const received = sub.transactions;
    expect(received.map(signatureOf)).toEqual(failures.map((tx) => tx.signature));
    for (const [i, update] of received.entries()) {
      expect(txErrDecode.decode(update.transaction!.meta!.err!.err)).toEqual(failures[i]!.meta.err);
    }
    const statuses = sub.updates.filter((u) => u.transactionStatus).map((u) => u.transactionStatus!);
    expect(statuses.map((s) => base58.decode(s.signature))).toEqual([...failures, succeeded].map((tx) => tx.signature));
    expect(statuses.map((s) => (s.err ? txErrDecode.decode(s.err.err) : null))).toEqual([...failures.map((tx) => tx.meta.err), null]);
  });

  it('with CONFIRMED commitment, delivers a slot only once it is confirmed, and in slot order', async () => {
    const chain = new TestChain({ confirmDepth: 1, finalizeDepth: 3 });
    const wallet = chain.wallet('w');
    chain.produce();
    const { client } = await serve(chain);
    const sub = await subscribe(client, {
      commitment: CommitmentLevel.CONFIRMED,
      transactions: { mine: { accountInclude: [wallet.address] } },
      slots: { slots: {} },
    });
    const first = chain.memo(wallet, 'one');
    const [sealed] = chain.produce();
    await sub.waitFor((s) => s.updates.some((u) => u.slot?.slot === String(sealed!.slot)));
    await sleep(200);
    expect(sub.transactions).toHaveLength(0);

    const second = chain.memo(wallet, 'two');
    chain.produce();
    // The slot's confirmation and the older slot's finalization are separate messages: wait for the last one.
    await sub.waitFor((x) => x.updates.some((u) => u.slot?.slot === String(sealed!.slot + 1 - 3) && u.slot.status === SlotStatus.SLOT_FINALIZED));
    const events = sub.updates.map((u) => (u.transaction ? `tx ${u.transaction.slot}` : u.slot ? `slot ${u.slot.slot} ${SlotStatus[u.slot.status]}` : 'other'));
    const s = sealed!.slot;
    expect(events.slice(events.indexOf(`slot ${s} SLOT_PROCESSED`))).toEqual([
      `slot ${s} SLOT_PROCESSED`,
      `slot ${s - 1} SLOT_CONFIRMED`,
      `slot ${s + 1} SLOT_PROCESSED`,
      `tx ${s}`,
      `slot ${s} SLOT_CONFIRMED`,
      `slot ${s + 1 - 3} SLOT_FINALIZED`,
    ]);
    expect(signatureOf(sub.transactions[0]!)).toBe(first.signature);
    chain.produce();
    await sub.waitFor((x) => x.transactions.length === 2);
    expect(signatureOf(sub.transactions[1]!)).toBe(second.signature);
  });
});

describe('Subscribe: accounts, slots, blocks meta, ping', () => {
  it('sends account updates matching owner, data filters and data slices', async () => {
    const chain = new TestChain();
    const wallet = chain.wallet('w');
    const token = chain.tokenAccounts('t', wallet.address, 500n);
    chain.produce();
    const { client } = await serve(chain);
    const sub = await subscribe(client, {
      accounts: {
        tokens: { owner: [TOKEN_PROGRAM] },
        mine: { owner: [TOKEN_PROGRAM], filters: [{ datasize: '165' }, { memcmp: { offset: '32', base58: wallet.address } }, { tokenAccountState: true }] },
        empty: { owner: [TOKEN_PROGRAM], filters: [{ lamports: { lt: '1' } }] },
        direct: { account: [wallet.address], nonemptyTxnSignature: false },
      },
      accountsDataSlice: [{ offset: '64', length: '8' }],
    });
    const tx = chain.tokenTransfer(wallet, token.source, token.destination, 123n);
    chain.fund(wallet.address, 5n); // a direct write, not from a transaction
    chain.produce();
    await sub.waitFor((s) => s.updates.filter((u) => u.account).length >= 3);
    await sleep(100);

    const accounts = sub.updates.filter((u) => u.account).map((u) => u.account!);
    const byKey = new Map(accounts.map((a) => [base58.decode(a.account!.pubkey), a]));
    expect([...byKey.keys()].sort()).toEqual([token.source, token.destination, wallet.address].sort());
    const destination = byKey.get(token.destination)!;
    expect(destination.slot).toBe(String(tx.slot));
    expect(Buffer.from(destination.account!.data).readBigUInt64LE(0)).toBe(123n); // bytes 64..72: the amount
    expect(base58.decode(destination.account!.txnSignature!)).toBe(tx.signature);
    expect(base58.decode(destination.account!.owner)).toBe(TOKEN_PROGRAM);
    const names = sub.updates.filter((u) => u.account).map((u) => [base58.decode(u.account!.account!.pubkey), [...u.filters].sort().join()]);
    expect(names).toContainEqual([token.destination, 'mine,tokens']);
    expect(names).toContainEqual([wallet.address, 'direct']);
    expect(byKey.get(wallet.address)!.account!.txnSignature).toBeUndefined();
  });

  it('sends blocks filtered by account, with their transactions, accounts and entry', async () => {
    const chain = new TestChain();
    const wallet = chain.wallet('w');
    const other = chain.wallet('other');
    chain.produce();
    const { client } = await serve(chain);
    const sub = await subscribe(client, {
      blocks: { mine: { accountInclude: [wallet.address], includeAccounts: true, includeEntries: true }, all: {} },
      entry: { entries: {} },
    });
    const ours = [chain.memo(wallet, 'a'), chain.memo(wallet, 'b')];
    chain.transfer(other, chain.wallet('z').address, 1_000_000n);
    const [block] = chain.produce();
    await sub.waitFor((s) => s.updates.filter((u) => u.block).length === 2 && s.updates.some((u) => u.entry));

    const mine = sub.updates.find((u) => u.block && u.filters.join() === 'mine')!.block!;
    expect(mine.slot).toBe(String(block!.slot));
    expect(mine.blockhash).toBe(block!.blockhash);
    expect(mine.executedTransactionCount).toBe('3');
    expect(mine.transactions.map((t) => base58.decode(t.signature))).toEqual(ours.map((tx) => tx.signature));
    expect(mine.accounts.map((a) => base58.decode(a.pubkey))).toEqual([wallet.address]); // its last write only
    expect(mine.accounts[0]!.lamports).toBe(String(chain.bank.getAccount(wallet.address)!.lamports));
    expect(Number(mine.updatedAccountCount)).toBe(new Set(block!.accountWrites.map((w) => w.address)).size);
    expect(mine.entries).toHaveLength(1);
    const all = sub.updates.find((u) => u.block && u.filters.join() === 'all')!.block!;
    expect(all.transactions).toHaveLength(3);
    expect(all.accounts).toHaveLength(0); // includeAccounts defaults to false
    const entry = sub.updates.find((u) => u.entry)!.entry!;
    expect(entry).toMatchObject({ slot: String(block!.slot), executedTransactionCount: '3', startingTransactionIndex: '0' });
  });

  it('sends slot updates at every commitment step, and answers pings without touching the filters', async () => {
    const chain = new TestChain({ confirmDepth: 1, finalizeDepth: 2 });
    chain.produce(3);
    const { client } = await serve(chain);
    const sub = await subscribe(client, {
      commitment: CommitmentLevel.CONFIRMED,
      slots: { all: {}, mine: { filterByCommitment: true } },
      blocksMeta: { meta: {} },
    });
    const [block] = chain.produce();
    await sub.waitFor((s) => s.updates.filter((u) => u.slot || u.blockMeta).length >= 4);
    const slot = block!.slot;
    const slots = sub.updates.filter((u) => u.slot).map((u) => [u.slot!.slot, u.slot!.parent, SlotStatus[u.slot!.status], u.filters.sort().join()]);
    expect(slots).toEqual([
      [String(slot), String(slot - 1), 'SLOT_PROCESSED', 'all'],
      [String(slot - 1), String(slot - 2), 'SLOT_CONFIRMED', 'all,mine'],
      [String(slot - 2), String(slot - 3), 'SLOT_FINALIZED', 'all'],
    ]);
    const meta = sub.updates.find((u) => u.blockMeta)!.blockMeta!;
    const confirmed = chain.bank.getBlock(slot - 1)!;
    expect(meta).toMatchObject({
      slot: String(slot - 1),
      blockhash: confirmed.blockhash,
      parentSlot: String(slot - 2),
      parentBlockhash: confirmed.previousBlockhash,
    });
    expect(meta.blockHeight!.blockHeight).toBe(String(confirmed.blockHeight));
    expect(meta.blockTime!.timestamp).toBe(String(confirmed.blockTime));

    await sub.write({ ping: { id: 42 } });
    await sub.waitFor((s) => s.updates.some((u) => u.pong?.id === 42));
    const pong = sub.updates.find((u) => u.pong?.id === 42)!;
    expect(pong.filters).toEqual([]);
    expect(pong.createdAt).toBeInstanceOf(Date);
    const before = sub.updates.filter((u) => u.slot).length;
    chain.produce();
    await sub.waitFor((s) => s.updates.filter((u) => u.slot).length >= before + 3);

    // A new request replaces the filters; interslot updates come only when asked for.
    await sub.apply({ slots: { inter: { interslotUpdates: true } } });
    const [next] = chain.produce();
    await sub.waitFor((s) =>
      s.updates.some((u) => u.filters.includes('inter') && u.slot?.slot === String(next!.slot) && u.slot.status === SlotStatus.SLOT_PROCESSED),
    );
    const statuses = sub.updates.filter((u) => u.filters.includes('inter') && u.slot!.slot === String(next!.slot)).map((u) => SlotStatus[u.slot!.status]);
    expect(statuses).toEqual(['SLOT_FIRST_SHRED_RECEIVED', 'SLOT_CREATED_BANK', 'SLOT_COMPLETED', 'SLOT_PROCESSED']);
  });
});

describe('Subscribe: replay', () => {
  it('after a disconnect during a burst, fromSlot replays what was missed, then continues live without gaps', async () => {
    const chain = new TestChain();
    const wallet = chain.wallet('w');
    const sink = chain.wallet('sink');
    chain.produce();
    const { client } = await serve(chain);
    const first = await subscribe(client, { transactions: { mine: { accountInclude: [wallet.address] } } });

    const expected: string[] = [];
    let burstDone = false;
    const burst = (async () => {
      for (let slot = 0; slot < 300; slot++) {
        for (let i = 0; i < 4; i++) expected.push(chain.transfer(wallet, sink.address, 1_000n * BigInt(slot * 10 + i + 1)).signature);
        chain.transfer(sink, chain.wallet(`noise${slot}`).address, 1_000_000n);
        chain.produce();
        await sleep(1);
      }
      burstDone = true;
    })();

    await first.waitFor((s) => s.transactions.length >= 100);
    first.close();
    const seenFirst = first.transactions.map(signatureOf);
    const lastSlot = Math.max(...first.transactions.map((t) => Number(t.slot)));
    await sleep(20); // the burst goes on while no one listens

    const second = await subscribe(await connect(servers[0]!.url), {
      transactions: { mine: { accountInclude: [wallet.address] } },
      fromSlot: String(lastSlot),
    });
    expect(burstDone).toBe(false); // the replay hands over to live delivery mid-burst
    await burst;
    expect(burstDone).toBe(true);
    const covered = (s: Subscription) => {
      const seen = new Set([...seenFirst, ...s.transactions.map(signatureOf)]);
      return expected.every((sig) => seen.has(sig));
    };
    await second.waitFor(covered, 20_000); // nothing missed
    chain.produce(2);
    await sleep(100);

    const seenSecond = second.transactions.map(signatureOf);
    expect(new Set(seenSecond).size).toBe(seenSecond.length); // no duplicate within the replayed stream
    expect(second.transactions.every((t) => Number(t.slot) >= lastSlot)).toBe(true);
    expect(new Set([...seenFirst, ...seenSecond]).size).toBe(expected.length);
    const overlap = seenSecond.filter((sig) => seenFirst.includes(sig));
    expect(overlap.every((sig) => chain.bank.getTransaction(sig)!.slot === lastSlot)).toBe(true);
    // Slot order holds across the replay-to-live seam.
    const slots = second.transactions.map((t) => Number(t.slot));
    expect(slots).toEqual([...slots].sort((a, b) => a - b));
  });

  it('fails a fromSlot older than retention with OUT_OF_RANGE, as Yellowstone does', async () => {
    const chain = new TestChain({ retainSlots: 100 });
    const { client } = await serve(chain);
    expect(chain.bank.options.retainSlots).toBe(10_000); // raised for replays
    chain.produce(10_050);
    const first = chain.bank.firstRetainedSlot;
    expect(first).toBe(51);
    expect(await client.subscribeReplayInfo()).toEqual({ firstAvailable: String(first) });

    const sub = await subscribe(client, { slots: { s: {} }, fromSlot: '5' });
    const error = await sub.waitForError();
    expect(error).toContain('Operation was attempted past the valid range'); // tonic's text for OUT_OF_RANGE
    expect(error).toContain(`broadcast from 5 is not available, last available: ${first}`);

    const ok = await subscribe(client, { slots: { s: {} }, fromSlot: String(first) });
    await ok.waitFor((s) => s.updates.filter((u) => u.slot?.status === SlotStatus.SLOT_PROCESSED).length === 10_000);
    expect(ok.error).toBeNull();
  });
});

describe('Subscribe: validation and backpressure', () => {
  it('ends a stream with bad filters with INVALID_ARGUMENT and a clear message, and keeps serving', async () => {
    const chain = new TestChain();
    chain.produce();
    const { client } = await serve(chain, { limits: { maxPubkeys: 3, maxFilters: 2 } });
    const key = chain.wallet('w').address;
    const cases: [Parameters<typeof subscribe>[1], string][] = [
      [{ transactions: { t: { accountInclude: ['not-base58!'] } } }, 'failed to create filter: Invalid Base58 string'],
      [{ accounts: { a: { account: [key, key, key, key] } } }, 'Max amount of Pubkeys reached, only 3 allowed'],
      [{ slots: { a: {}, b: {}, c: {} } }, 'Max amount of filters/data_slices reached, only 2 allowed'],
      [{ accounts: { a: { filters: [{ memcmp: { offset: '0', base64: '***' } }] } } }, 'failed to create filter: invalid base64'],
      [{ transactions: { t: { signature: key } } }, 'string decoded to wrong size for signature'],
      [{ commitment: 7 as CommitmentLevel }, 'failed to create CommitmentLevel from 7'],
    ];
    for (const [request, message] of cases) {
      const sub = await subscribe(client, request);
      const error = await sub.waitForError();
      expect(error).toContain('Client specified an invalid argument'); // tonic's text for INVALID_ARGUMENT
      expect(error).toContain(message);
    }
    expect(await client.ping(1)).toEqual({ count: 1 });
  });

  it('ends a stream whose reader stops taking data with RESOURCE_EXHAUSTED, holding a bounded queue meanwhile', async () => {
    const chain = new TestChain();
    const wallet = chain.wallet('w');
    chain.produce();
    const maxQueueBytes = 64 * 1024;
    const { server, client } = await serve(chain, { maxQueueBytes, maxLagSlots: 50, maxStallMs: 0 });
    const stalled = await client.subscribe(); // no 'data' listener: the official client stops reading
    let error: unknown = null;
    stalled.on('error', (e) => (error = e));
    await new Promise<void>((resolve) =>
      stalled.write({ ...emptyRequest(), transactions: { all: { accountInclude: [], accountExclude: [], accountRequired: [] } } }, () => resolve()),
    );
    let maxQueued = 0;
    for (let slot = 0; slot < 200 && server.stats().sessions.length > 0; slot++) {
      for (let i = 0; i < 10; i++) chain.memo(wallet, `${slot}:${i}:`.padEnd(600, 'x'));
      chain.produce();
      await new Promise((resolve) => setImmediate(resolve));
      for (const session of server.stats().sessions) maxQueued = Math.max(maxQueued, session.queuedBytes);
    }
    expect(server.stats().sessions).toHaveLength(0);
    expect(maxQueued).toBeLessThan(maxQueueBytes + 64 * 1024); // the bound plus at most one slot's worth
    stalled.on('data', () => {});
    await new Promise<void>((resolve) => stalled.once('close', () => resolve()));
    expect((error as { cause: { message: string } }).cause.message).toContain('Some resource has been exhausted'); // RESOURCE_EXHAUSTED
    expect((error as { cause: { message: string } }).cause.message).toContain('lagged to send an update');
  });

  it('keeps a connection alive when the official client abandons a stream on it', async () => {
    // The client's destroy() only half-closes the request side and stops reading; the server keeps
    // streaming (as Yellowstone does), and a Rust h2 client closes the whole connection once too many
    // small DATA frames sit unread. The server's frames are never small, so other streams live on.
    const chain = new TestChain();
    chain.produce();
    const { client } = await serve(chain);
    const abandoned = await subscribe(client, { slots: { s: {} } });
    abandoned.close();
    const live = await subscribe(client, { slots: { s: {} } });
    for (let i = 0; i < 300; i++) {
      chain.produce();
      await sleep(1);
    }
    const last = String(chain.bank.latestBlock.slot);
    await live.waitFor((s) => s.updates.some((u) => u.slot?.slot === last));
    expect(live.error).toBeNull();
  });
});

describe('unary methods', () => {
  it('answer from the bank, honouring commitment', async () => {
    const chain = new TestChain({ confirmDepth: 1, finalizeDepth: 4 });
    chain.produce(10);
    const { client } = await serve(chain);
    const bank = chain.bank;
    expect(await client.getSlot()).toEqual({ slot: '10' });
    expect(await client.getSlot(CommitmentLevel.CONFIRMED)).toEqual({ slot: '9' });
    expect(await client.getSlot(CommitmentLevel.FINALIZED)).toEqual({ slot: '6' });
    expect(await client.getBlockHeight(CommitmentLevel.FINALIZED)).toEqual({ blockHeight: String(bank.getBlock(6)!.blockHeight) });
    const latest = await client.getLatestBlockhash();
    expect(latest).toEqual({ slot: '10', blockhash: bank.latestBlock.blockhash, lastValidBlockHeight: String(bank.latestBlock.blockHeight + 150) });
    expect(await client.getLatestBlockhash(CommitmentLevel.CONFIRMED)).toMatchObject({ slot: '9', blockhash: bank.getBlock(9)!.blockhash });
    expect(await client.isBlockhashValid(latest.blockhash)).toEqual({ slot: '10', valid: true });
    expect(await client.isBlockhashValid(latest.blockhash, CommitmentLevel.FINALIZED)).toEqual({ slot: '6', valid: false });
    expect(await client.isBlockhashValid('11111111111111111111111111111111')).toEqual({ slot: '10', valid: false });
    expect(await client.ping(7)).toEqual({ count: 7 });
    expect(await client.subscribeReplayInfo()).toEqual({ firstAvailable: '0' });
    const version = JSON.parse((await client.getVersion()).version) as { version: { version: string }; extra: { hostname: string } };
    expect(version.version.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(typeof version.extra.hostname).toBe('string');
  });
});

describe('throughput', () => {
  it('replays a burst of 20,000 transactions from slot 0 to one official client', async () => {
    const chain = new TestChain();
    const payers = Array.from({ length: 20 }, (_, i) => chain.wallet(`payer${i}`));
    const sink = chain.wallet('sink').address;
    chain.produce();
    const total = 20_000;
    for (let slot = 0; slot < total / 100; slot++) {
      for (let i = 0; i < 100; i++) chain.transfer(payers[i % payers.length]!, sink, BigInt(1_000 + slot * 100 + i));
      chain.produce();
    }
    const { client } = await serve(chain);
    const started = performance.now();
    const sub = await subscribe(client, { transactions: { all: { vote: false } }, fromSlot: '0' });
    await sub.waitFor((s) => s.transactions.length >= total, 50_000);
    const seconds = (performance.now() - started) / 1000;
    console.log(`geyser replay: ${total} transactions in ${seconds.toFixed(2)} s = ${Math.round(total / seconds)} tx/s`);
    expect(new Set(sub.transactions.map(signatureOf)).size).toBe(total);
  }, 60_000);
});

function emptyRequest() {
  return { accounts: {}, slots: {}, transactions: {}, transactionsStatus: {}, blocks: {}, blocksMeta: {}, entry: {}, accountsDataSlice: [] };
}
